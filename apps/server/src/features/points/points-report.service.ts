import type { Readable } from 'node:stream';
import type { PointsSummary } from '@promo/contract';
import { actorOf, type Ctx, readInTenant } from '../../platform/context.ts';
import { once, type ReportColumn, reportStream } from '../../platform/report.ts';
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
  const count = (header: string): ReportColumn => ({ header, type: 'number' });
  const columns = [
    { header: 'Campaña' },
    ...['Emitidos', 'Gastados', 'Vencidos', 'Ajustes a la baja', 'Saldo vigente', 'Personas'].map(count),
  ];
  const rows = items.map((i) => [
    i.campaignName,
    i.issued,
    i.spent,
    i.expired,
    i.adjustedDown,
    i.outstanding,
    i.people,
  ]);
  return reportStream(format, 'UTC', [{ name: 'Puntos', columns, rows: once(rows) }]);
}
