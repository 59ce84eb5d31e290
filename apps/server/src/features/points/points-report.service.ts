import type { Readable } from 'node:stream';
import type { PointsSummary } from '@promo/contract';
import { actorOf, type Ctx, readInTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import { pointsSummaries } from './points-report.repository.ts';

/** Points issued, spent and expired per campaign, as JSON or a CSV or XLSX download. */
export async function pointsReport(
  ctx: Ctx,
  query: { campaignId?: string | undefined; from?: string | undefined; to?: string | undefined },
  format: 'json' | 'csv' | 'xlsx',
): Promise<PointsSummary[] | Readable> {
  const { tenantId } = actorOf(ctx);
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to) : null;
  const items = await readInTenant(ctx, (tx) =>
    pointsSummaries(tx, tenantId, { campaignId: query.campaignId, from, to }),
  );
  if (format === 'json') return items;
  const header = ['campaign', 'issued', 'spent', 'expired', 'adjusted_down', 'outstanding', 'people'];
  async function* once() {
    yield items.map((i) => [
      i.campaignName,
      i.issued,
      i.spent,
      i.expired,
      i.adjustedDown,
      i.outstanding,
      i.people,
    ]);
  }
  return format === 'xlsx' ? xlsxStream('Puntos', header, once()) : csvStream(header, once());
}
