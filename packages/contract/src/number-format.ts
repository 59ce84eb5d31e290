/**
 * The one number formatter of everything shown to people (spec §9: thousands commas and 2
 * decimals, locale en-GB), used by the back-office and the server-rendered customer pages alike.
 * Imported on its own (`@promo/contract/number-format`) by the customer pages' script, so it must
 * stay free of zod and of any other import.
 */
const twoDecimals = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** An amount of money: thousands commas and always two decimals (1,234.50; 1,500.00). */
export function formatNumber(value: number): string {
  return twoDecimals.format(value);
}

/**
 * A count, a stock or points: thousands commas; a whole value without decimals (1,234,567), a
 * value with decimals with two (1,234.50).
 */
export function formatQuantity(value: number): string {
  return Number.isInteger(value) ? whole.format(value) : twoDecimals.format(value);
}

/**
 * A rate between 0 and 1 as a percentage, by the same rule as quantities: 50%, 42.50%, 0.33%.
 */
export function formatPercent(rate: number): string {
  return `${formatQuantity(Math.round(rate * 10_000) / 100)}%`;
}
