export type ReportKind = 'redemptions' | 'redemption-totals' | 'codes';
export type ReportFormat = 'csv' | 'xlsx';
export type ReportFilters = {
  from?: string;
  to?: string;
  centreId?: string | null;
  campaignId?: string | null;
};

/** The query of a report download; the codes report takes only the campaign. */
export function reportQuery(
  kind: ReportKind,
  format: ReportFormat,
  filters: ReportFilters,
): Record<string, string> {
  const query: Record<string, string> = { format };
  if (filters.campaignId) query.campaignId = filters.campaignId;
  if (kind === 'codes') return query;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.centreId) query.centreId = filters.centreId;
  return query;
}
