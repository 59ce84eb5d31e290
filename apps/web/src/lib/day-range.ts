import { fromZonedInput } from './zoned-time.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
  return date.toISOString().slice(0, 10);
}

/**
 * Calendar days in the tenant's zone as the server's half-open range: `from` is the first day's
 * midnight, `to` the midnight after the last day (the server keeps `redeemed_at < to`).
 */
export function dayRange(
  fromDay: string | null | undefined,
  toDay: string | null | undefined,
  timeZone: string | undefined,
): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  const from = fromDay && DAY.test(fromDay) ? fromZonedInput(`${fromDay}T00:00`, timeZone) : undefined;
  const to = toDay && DAY.test(toDay) ? fromZonedInput(`${nextDay(toDay)}T00:00`, timeZone) : undefined;
  if (from) range.from = from;
  if (to) range.to = to;
  return range;
}
