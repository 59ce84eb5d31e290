import { i18n } from '../i18n.ts';
import { marketEn } from './market-en.ts';
import { marketEs } from './market-es.ts';

let isRegistered = false;

/** Adds the marketplace screens' texts (points, products, lots, marketplaces, their reports). */
export function registerMarketLocales(): void {
  if (isRegistered) return;
  isRegistered = true;
  i18n.addResourceBundle('es', 'translation', marketEs, true, false);
  i18n.addResourceBundle('en', 'translation', marketEn, true, false);
}
