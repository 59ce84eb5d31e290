import { i18n } from '../i18n.ts';
import { rafflesEn } from './raffles-en.ts';
import { rafflesEs } from './raffles-es.ts';

let isRegistered = false;

/** Adds the raffle and instant-award screens' texts to both catalogues (with the back-office layout). */
export function registerRafflesLocales(): void {
  if (isRegistered) return;
  isRegistered = true;
  i18n.addResourceBundle('es', 'translation', rafflesEs, true, false);
  i18n.addResourceBundle('en', 'translation', rafflesEn, true, false);
}
