import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { STORAGE_KEYS } from './session-storage.ts';

export type AppLocale = 'es' | 'en';

function storedLocale(): AppLocale {
  try {
    return localStorage.getItem(STORAGE_KEYS.locale) === 'en' ? 'en' : 'es';
  } catch {
    return 'es';
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: storedLocale(),
  fallbackLng: 'es',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function appLocale(): AppLocale {
  return i18n.language?.startsWith('en') ? 'en' : 'es';
}

export async function changeLocale(locale: AppLocale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}
