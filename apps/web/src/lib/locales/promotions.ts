import { i18n } from '../i18n.ts';
import { promotionsEn } from './promotions-en.ts';
import { promotionsEs } from './promotions-es.ts';

let isRegistered = false;

/**
 * Adds the promotion screens' texts to both catalogues. They load with the back-office layout, so
 * the login page (bundle budget) does not carry them.
 */
export function registerPromotionsLocales(): void {
  if (isRegistered) return;
  isRegistered = true;
  i18n.addResourceBundle('es', 'translation', promotionsEs, true, false);
  i18n.addResourceBundle('en', 'translation', promotionsEn, true, false);
}
