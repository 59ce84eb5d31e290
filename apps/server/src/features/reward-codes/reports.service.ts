import type { Readable } from 'node:stream';
import type { Page, RedemptionRow } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { type Actor, actorOf, type Ctx, inTenant, readInTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { once, type ReportColumn, reportStream } from '../../platform/report.ts';
import { tenantTimeZone } from '../countries/index.ts';
import {
  codeTotals,
  countRedemptions,
  type RedemptionCursor,
  type RedemptionFilter,
  type RedemptionReportRow,
  redemptionsAfter,
  redemptionTotals,
} from './reports.repository.ts';
import { operatorCentre } from './reward-codes.repository.ts';

type Query = {
  from?: string | undefined;
  to?: string | undefined;
  centreId?: string | undefined;
  campaignId?: string | undefined;
};

/** Operators only ever see their own centre; everybody else the filter they ask for. */
async function filterFor(ctx: Ctx, actor: Actor, query: Query): Promise<RedemptionFilter> {
  let centreId = query.centreId;
  if (actor.role === 'OPERATOR') {
    const centre = await inTenant(ctx, (tx) => operatorCentre(tx, actor.tenantId, actor.userId));
    if (!centre) throw new AppError('OPERATOR_WITHOUT_CENTRE');
    centreId = centre.id;
  }
  return {
    tenantId: actor.tenantId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    centreId,
    campaignId: query.campaignId,
  };
}

function toRow(r: RedemptionReportRow): RedemptionRow {
  return {
    id: r.id,
    code: r.code,
    campaignId: r.campaign_id,
    campaignTitle: r.campaign_title,
    centreId: r.centre_id,
    centreCode: r.centre_code,
    centreName: r.centre_name,
    operatorId: r.operator_id,
    operatorName: r.operator_name,
    redeemedAt: new Date(r.redeemed_at).toISOString(),
    reversedAt: r.reversed_at ? new Date(r.reversed_at).toISOString() : null,
    reversalReason: r.reversal_reason,
  };
}

/** Redemptions, newest first (an operator's: their centre's). */
export async function listRedemptions(
  ctx: Ctx,
  query: Query & { page: number; pageSize: number },
): Promise<Page<RedemptionRow>> {
  const actor = actorOf(ctx);
  const filter = await filterFor(ctx, actor, query);
  return inTenant(ctx, async (tx) => {
    const [total, rows] = await oneByOne(
      () => countRedemptions(tx, filter),
      () =>
        // pages beyond the first walk the keyset from the top; lists stay short in practice
        redemptionsAfter(tx, filter, null, query.page * query.pageSize, true),
    );
    return {
      items: rows.slice((query.page - 1) * query.pageSize).map(toRow),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

const DETAIL_COLUMNS: ReportColumn[] = [
  { header: 'Canje' },
  { header: 'Código' },
  { header: 'Campaña' },
  { header: 'Código de centro' },
  { header: 'Centro' },
  { header: 'Operador' },
  { header: 'Canjeado', type: 'datetime' },
  { header: 'Reversado', type: 'datetime' },
  { header: 'Motivo de la reversión' },
];

/** The redemptions report, streamed in batches of 5,000 (bounded memory at any size); audited. */
export async function redemptionsReport(ctx: Ctx, query: Query, format: 'csv' | 'xlsx'): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await filterFor(ctx, actor, query);
  const timeZone = await inTenant(ctx, async (tx) => {
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'report.redemptions',
      entityType: 'report',
      details: { format, ...query },
    });
    return tenantTimeZone(ctx, tx, actor.tenantId);
  });
  async function* batches() {
    let after: RedemptionCursor | null = null;
    for (;;) {
      const cursor: RedemptionCursor | null = after;
      const rows: RedemptionReportRow[] = await readInTenant(ctx, (tx) =>
        redemptionsAfter(tx, filter, cursor, 5000),
      );
      const last = rows[rows.length - 1];
      if (!last) return;
      after = { at: last.cursor_at, id: last.id };
      yield rows.map((r) => [
        r.id,
        r.code,
        r.campaign_title,
        r.centre_code,
        r.centre_name,
        r.operator_name,
        new Date(r.redeemed_at),
        r.reversed_at ? new Date(r.reversed_at) : null,
        r.reversal_reason,
      ]);
    }
  }
  return reportStream(format, timeZone, [{ name: 'Canjes', columns: DETAIL_COLUMNS, rows: batches() }]);
}

/**
 * Standing redemptions per centre and per day (the tenant's time zone); the totals per centre and
 * overall go on their own sheet of the XLSX (a CSV holds the days only).
 */
export async function redemptionTotalsReport(
  ctx: Ctx,
  query: Query,
  format: 'csv' | 'xlsx',
): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await filterFor(ctx, actor, query);
  const { rows, timeZone } = await readInTenant(ctx, async (tx) => {
    const zone = await tenantTimeZone(ctx, tx, actor.tenantId);
    return { rows: await redemptionTotals(tx, filter, zone), timeZone: zone };
  });
  const totals = new Map<string, { name: string; n: number }>();
  for (const r of rows) {
    const t = totals.get(r.centre_code) ?? { name: r.centre_name, n: 0 };
    t.n += Number(r.redemptions);
    totals.set(r.centre_code, t);
  }
  const days = rows.map((r) => [r.centre_code, r.centre_name, r.day, Number(r.redemptions)]);
  const perCentre: unknown[][] = [...totals].map(([code, t]) => [code, t.name, t.n]);
  perCentre.push(['Total', '', [...totals.values()].reduce((sum, t) => sum + t.n, 0)]);
  return reportStream(format, timeZone, [
    {
      name: 'Canjes por día',
      columns: [
        { header: 'Código de centro' },
        { header: 'Centro' },
        { header: 'Día', type: 'date' },
        { header: 'Canjes', type: 'number' },
      ],
      rows: once(days),
    },
    {
      name: 'Totales',
      columns: [{ header: 'Código de centro' }, { header: 'Centro' }, { header: 'Canjes', type: 'number' }],
      rows: once(perCentre),
    },
  ]);
}

/** Codes generated, available, assigned, redeemed and revoked per reward-code campaign. */
export async function codesReport(ctx: Ctx, campaignId: string | undefined, format: 'csv' | 'xlsx' | 'json') {
  const { tenantId } = actorOf(ctx);
  const rows = await readInTenant(ctx, (tx) => codeTotals(tx, tenantId, campaignId));
  const items = rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    generated: Number(r.generated),
    available: Number(r.available),
    assigned: Number(r.assigned),
    redeemed: Number(r.redeemed),
    revoked: Number(r.revoked),
  }));
  if (format === 'json') return items;
  const count = (header: string): ReportColumn => ({ header, type: 'number' });
  const columns = [
    { header: 'Campaña' },
    ...['Generados', 'Disponibles', 'Asignados', 'Canjeados', 'Revocados'].map(count),
  ];
  const lines = items.map((i) => [
    i.campaignName,
    i.generated,
    i.available,
    i.assigned,
    i.redeemed,
    i.revoked,
  ]);
  return reportStream(format, 'UTC', [{ name: 'Códigos', columns, rows: once(lines) }]);
}
