import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatQuantity } from './format.ts';
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

/** Every number put into a text ({{count}}, {{balance}}, …) is shown as the spec shows numbers. */
const numbersAsShown: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown) => (typeof value === 'number' ? formatQuantity(value) : (value as string)),
};

void i18n
  .use(initReactI18next)
  .use(numbersAsShown)
  .init({
    resources: { es: { translation: es }, en: { translation: en } },
    lng: storedLocale(),
    fallbackLng: 'es',
    interpolation: { escapeValue: false, alwaysFormat: true },
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
