import { i18n } from '../i18n.ts';
import { redemptionEn } from './redemption-en.ts';
import { redemptionEs } from './redemption-es.ts';

let isRegistered = false;

/**
 * Adds the redemption screens' texts (centres, codes, counter, reports, their navigation entries)
 * to both catalogues. They load with the back-office layout, not with the login page.
 */
export function registerRedemptionLocales(): void {
  if (isRegistered) return;
  isRegistered = true;
  i18n.addResourceBundle('es', 'translation', redemptionEs, true, false);
  i18n.addResourceBundle('en', 'translation', redemptionEn, true, false);
}
