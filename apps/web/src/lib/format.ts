/** Numbers as the spec shows them (en-GB, thousands commas): the one formatter lives in the contract. */
export { formatNumber, formatPercent, formatQuantity } from '@promo/contract';

const DATE_LOCALES = { es: 'es-ES', en: 'en-GB' } as const;

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A date and time in the tenant's time zone; '' for missing or invalid input. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string | undefined,
  locale: 'es' | 'en' = 'es',
): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: timeZone && isValidTimeZone(timeZone) ? timeZone : undefined,
  }).format(date);
}

/** A calendar date (no time) in the tenant's time zone. */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone: string | undefined,
  locale: 'es' | 'en' = 'es',
): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'short',
    timeZone: timeZone && isValidTimeZone(timeZone) ? timeZone : undefined,
  }).format(date);
}
