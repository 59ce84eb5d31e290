import type { Readable } from 'node:stream';
import type { Order, Page } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { type Actor, actorOf, type Ctx, inTenant, readInTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import { operatorCentre } from '../reward-codes/index.ts';
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

const DETAIL_HEADER = [
  'order_id',
  'created_at',
  'shop_code',
  'shop_name',
  'product',
  'paid_with',
  'points',
  'redeem_code',
  'voucher_code',
  'voucher_status',
  'cedula',
];

/** Every order in time order (streamed in batches of 5,000 by keyset), for reconciliation. */
export async function ordersReport(ctx: Ctx, query: OrderFilter, format: 'csv' | 'xlsx'): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await visibleTo(ctx, actor, query);
  const mask = shouldMask(actor.role);
  await inTenant(ctx, (tx) =>
    audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'report.orders',
      entityType: 'report',
      details: { format },
    }),
  );
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
        new Date(r.created_at).toISOString(),
        r.centre_code,
        r.centre_name,
        r.product_name,
        r.paid_with,
        Number(r.points),
        r.redeem_code,
        r.voucher_code,
        r.voucher_status,
        mask ? maskIdentity(r.cedula) : r.cedula,
      ]);
    }
  }
  return format === 'xlsx'
    ? xlsxStream('Pedidos', DETAIL_HEADER, batches())
    : csvStream(DETAIL_HEADER, batches());
}

/** Orders, points and vouchers picked up per shop and product (digital products: no shop). */
export async function orderTotalsReport(
  ctx: Ctx,
  query: OrderFilter,
  format: 'csv' | 'xlsx',
): Promise<Readable> {
  const actor = actorOf(ctx);
  const filter = await visibleTo(ctx, actor, query);
  const rows = await readInTenant(ctx, (tx) => orderTotals(tx, actor.tenantId, filter));
  const header = ['shop_code', 'shop_name', 'product', 'orders', 'points', 'picked_up'];
  const lines: unknown[][] = rows.map((r) => [
    r.centre_code,
    r.centre_name,
    r.product_name,
    Number(r.orders),
    Number(r.points),
    Number(r.picked_up),
  ]);
  lines.push([
    '',
    '',
    'TOTAL',
    rows.reduce((s, r) => s + Number(r.orders), 0),
    rows.reduce((s, r) => s + Number(r.points), 0),
    rows.reduce((s, r) => s + Number(r.picked_up), 0),
  ]);
  async function* once() {
    yield lines;
  }
  return format === 'xlsx' ? xlsxStream('Pedidos por tienda', header, once()) : csvStream(header, once());
}
