import { fromZonedInput } from '../../lib/zoned-time.ts';

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

export type ReportKind = 'redemptions' | 'redemption-totals' | 'codes';
export type ReportFormat = 'csv' | 'xlsx';

/** The query of a report download; the codes report takes only the campaign. */
export function reportQuery(
  kind: ReportKind,
  format: ReportFormat,
  filters: { from?: string; to?: string; centreId?: string | null; campaignId?: string | null },
): Record<string, string> {
  const query: Record<string, string> = { format };
  if (filters.campaignId) query.campaignId = filters.campaignId;
  if (kind === 'codes') return query;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.centreId) query.centreId = filters.centreId;
  return query;
}
