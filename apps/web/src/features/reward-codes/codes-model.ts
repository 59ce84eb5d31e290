import type { CodesSummary } from '@promo/contract';

/** Sums the per-campaign rows of the codes report (the preview's total line). */
export function totalOf(rows: CodesSummary[]): Omit<CodesSummary, 'campaignId' | 'campaignName'> {
  const total = { generated: 0, available: 0, assigned: 0, redeemed: 0, revoked: 0 };
  for (const row of rows) {
    total.generated += row.generated;
    total.available += row.available;
    total.assigned += row.assigned;
    total.redeemed += row.redeemed;
    total.revoked += row.revoked;
  }
  return total;
}
