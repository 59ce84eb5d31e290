import type { Readable } from 'node:stream';
import type { Order, Page } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { type Actor, actorOf, type Ctx, inTenant, readInTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { once, type ReportColumn, reportStream } from '../../platform/report.ts';
import { tenantTimeZone } from '../countries/index.ts';
import { CODE_STATUS_ES, operatorCentre } from '../reward-codes/index.ts';
import {
  type OrderFilter,
  type OrderRow,
  ordersAfter,
  ordersPage,
  orderTotals,
  toOrder,
} from './order-reports.repository.ts';

/** The orders the caller may see: operators only ever see their own shop's. */
async function visibleTo(ctx: Ctx, actor: Actor, f: OrderFilter): Promise<OrderFilter> {
  let centreId = f.centreId;
  if (actor.role === 'OPERATOR') {
    const centre = await inTenant(ctx, (tx) => operatorCentre(tx, actor.tenantId, actor.userId));
    if (!centre) throw new AppError('OPERATOR_WITHOUT_CENTRE');
    centreId = centre.id;
  }
  return { ...f, centreId };
}

/** Orders, newest first. */
export async function listOrders(
  ctx: Ctx,
  query: OrderFilter & { page: number; pageSize: number },
): Promise<Page<Order>> {
  const actor = actorOf(ctx);
  const filter = await visibleTo(ctx, actor, query);
  return inTenant(ctx, async (tx) => {
    const { rows, total } = await ordersPage(tx, actor.tenantId, filter, query.page, query.pageSize);
    return {
      items: rows.map((r) => toOrder(r, shouldMask(actor.role))),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

const DETAIL_COLUMNS: ReportColumn[] = [
  { header: 'Pedido' },
  { header: 'Fecha', type: 'datetime' },
  { header: 'Código de tienda' },
  { header: 'Tienda' },
  { header: 'Producto' },
  { header: 'Pagado con' },
  { header: 'Puntos', type: 'number' },
  { header: 'Código de canje' },
  { header: 'Código de retiro' },
  { header: 'Estado del retiro' },
  { header: 'Identificación' },
];

const PAID_WITH_ES = { points: 'Puntos', code: 'Código' } as const;
const voucherStatus = (status: string | null) =>
  status ? (CODE_STATUS_ES[status as keyof typeof CODE_STATUS_ES] ?? status) : null;

/** Every order in time order (streamed in batches of 5,000 by keyset), for reconciliation. */
export async function ordersReport(ctx: Ctx, query: OrderFilter, format: 'csv' | 'xlsx'): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await visibleTo(ctx, actor, query);
  const mask = shouldMask(actor.role);
  const timeZone = await inTenant(ctx, async (tx) => {
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'report.orders',
      entityType: 'report',
      details: { format },
    });
    return tenantTimeZone(ctx, tx, actor.tenantId);
  });
  async function* batches() {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const cursor = after;
      const rows: OrderRow[] = await readInTenant(ctx, (tx) =>
        ordersAfter(tx, actor.tenantId, filter, cursor),
      );
      const last = rows[rows.length - 1];
      if (!last) return;
      after = { at: last.cursor_at, id: last.id };
      yield rows.map((r) => [
        r.id,
        new Date(r.created_at),
        r.centre_code,
        r.centre_name,
        r.product_name,
        PAID_WITH_ES[r.paid_with],
        Number(r.points),
        r.redeem_code,
        r.voucher_code,
        voucherStatus(r.voucher_status),
        mask ? maskIdentity(r.cedula) : r.cedula,
      ]);
    }
  }
  return reportStream(format, timeZone, [{ name: 'Pedidos', columns: DETAIL_COLUMNS, rows: batches() }]);
}

/**
 * Orders, points and vouchers picked up per shop and product (digital products: no shop); the
 * overall totals on their own sheet of the XLSX (a CSV holds the rows per shop only).
 */
export async function orderTotalsReport(
  ctx: Ctx,
  query: OrderFilter,
  format: 'csv' | 'xlsx',
): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await visibleTo(ctx, actor, query);
  const rows = await readInTenant(ctx, (tx) => orderTotals(tx, actor.tenantId, filter));
  const counts: ReportColumn[] = [
    { header: 'Pedidos', type: 'number' },
    { header: 'Puntos', type: 'number' },
    { header: 'Retirados', type: 'number' },
  ];
  const lines: unknown[][] = rows.map((r) => [
    r.centre_code,
    r.centre_name,
    r.product_name,
    Number(r.orders),
    Number(r.points),
    Number(r.picked_up),
  ]);
  const total = (pick: (r: (typeof rows)[number]) => unknown) =>
    rows.reduce((s, r) => s + Number(pick(r)), 0);
  return reportStream(format, 'UTC', [
    {
      name: 'Pedidos por tienda',
      columns: [{ header: 'Código de tienda' }, { header: 'Tienda' }, { header: 'Producto' }, ...counts],
      rows: once(lines),
    },
    {
      name: 'Totales',
      columns: counts,
      rows: once([[total((r) => r.orders), total((r) => r.points), total((r) => r.picked_up)]]),
    },
  ]);
}
