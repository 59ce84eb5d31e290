import { i18n } from '../i18n.ts';
import { builderEn } from './builder-en.ts';
import { builderEs } from './builder-es.ts';

let isRegistered = false;

/** Adds the builder's and landings screens' texts to both catalogues (with the lazy builder route). */
export function registerBuilderLocales(): void {
  if (isRegistered) return;
  isRegistered = true;
  i18n.addResourceBundle('es', 'translation', builderEs, true, false);
  i18n.addResourceBundle('en', 'translation', builderEn, true, false);
}
