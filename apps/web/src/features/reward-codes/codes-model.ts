import type { CodesSummary, Job } from '@promo/contract';

/** A job's progress as a percentage (0-100), 100 once it succeeded. */
export function jobPercent(job: Pick<Job, 'status' | 'progress' | 'total'> | undefined): number {
  if (!job) return 0;
  if (job.status === 'succeeded') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((job.progress / job.total) * 100)));
}

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

/** The generation form's count as typed: a whole number, or null (the server's message then). */
export function parseCount(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[\s,.]/g, ''));
  return Number.isInteger(number) ? number : null;
}
