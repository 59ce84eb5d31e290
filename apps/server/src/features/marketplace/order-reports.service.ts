import type { Readable } from 'node:stream';
import type { Order, Page } from '@promo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { type Actor, actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import { operatorCentre } from '../reward-codes/index.ts';

type Filter = {
  campaignId?: string | undefined;
  marketplaceId?: string | undefined;
  productId?: string | undefined;
  centreId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** Operators only ever see their own shop's orders. */
async function whereFor(ctx: Ctx, actor: Actor, f: Filter): Promise<SQL> {
  let centreId = f.centreId;
  if (actor.role === 'OPERATOR') {
    const centre = await inTenant(ctx, (tx) => operatorCentre(tx, actor.tenantId, actor.userId));
    if (!centre) throw new AppError('OPERATOR_WITHOUT_CENTRE');
    centreId = centre.id;
  }
  return sql`o.tenant_id = ${actor.tenantId}
    ${f.campaignId ? sql`and o.campaign_id = ${f.campaignId}` : sql``}
    ${f.marketplaceId ? sql`and o.marketplace_id = ${f.marketplaceId}` : sql``}
    ${f.productId ? sql`and o.product_id = ${f.productId}` : sql``}
    ${centreId ? sql`and o.centre_id = ${centreId}` : sql``}
    ${f.from ? sql`and o.created_at >= ${new Date(f.from)}` : sql``}
    ${f.to ? sql`and o.created_at < ${new Date(f.to)}` : sql``}`;
}

type Row = {
  id: string;
  marketplace_id: string;
  campaign_id: string;
  participant_id: string;
  cedula: string | null;
  person_name: string | null;
  product_id: string;
  product_name: string;
  paid_with: 'points' | 'code';
  points: number;
  redeem_code: string | null;
  centre_id: string | null;
  centre_code: string | null;
  centre_name: string | null;
  voucher_code: string | null;
  voucher_status: string | null;
  created_at: Date;
  cursor_at: string;
};

function select(
  where: SQL,
  after: { at: string; id: string } | null,
  limit: number,
  offset: number,
  newestFirst: boolean,
) {
  return sql`select o.id, o.marketplace_id, o.campaign_id, o.participant_id, pe.cedula, pe.name as person_name,
                    o.product_id, p.name as product_name, o.paid_with, o.points, o.redeem_code, o.centre_id,
                    c.code as centre_code, c.name as centre_name, o.voucher_code, rc.status as voucher_status,
                    o.created_at, o.created_at::text as cursor_at
             from orders o
             join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
             join participants pe on pe.tenant_id = o.tenant_id and pe.id = o.participant_id
             left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
             left join reward_codes rc on rc.tenant_id = o.tenant_id and rc.code = o.voucher_code
             where ${where} ${after ? sql`and (o.created_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
             order by ${newestFirst ? sql`o.created_at desc, o.id desc` : sql`o.created_at, o.id`}
             limit ${limit} offset ${offset}`;
}

function toOrder(r: Row, mask: boolean): Order {
  return {
    id: r.id,
    marketplaceId: r.marketplace_id,
    campaignId: r.campaign_id,
    participantId: r.participant_id,
    cedula: mask ? maskIdentity(r.cedula) : r.cedula,
    personName: r.person_name,
    productId: r.product_id,
    productName: r.product_name,
    paidWith: r.paid_with,
    points: Number(r.points),
    redeemCode: r.redeem_code,
    centreId: r.centre_id,
    centreCode: r.centre_code,
    centreName: r.centre_name,
    voucherCode: r.voucher_code,
    voucherStatus: r.voucher_status,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Orders, newest first. */
export async function listOrders(
  ctx: Ctx,
  query: Filter & { page: number; pageSize: number },
): Promise<Page<Order>> {
  const actor = actorOf(ctx);
  const where = await whereFor(ctx, actor, query);
  return inTenant(ctx, async (tx) => {
    const rows = await queryRows<Row>(
      tx,
      select(where, null, query.pageSize, (query.page - 1) * query.pageSize, true),
    );
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from orders o where ${where}`,
    );
    return {
      items: rows.map((r) => toOrder(r, shouldMask(actor.role))),
      total: Number(counted?.n ?? 0),
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
export async function ordersReport(ctx: Ctx, query: Filter, format: 'csv' | 'xlsx'): Promise<Readable> {
  const actor = actorOf(ctx);
  const where = await whereFor(ctx, actor, query);
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
      const rows: Row[] = await inTenant(ctx, (tx) =>
        queryRows<Row>(tx, select(where, cursor, 5000, 0, false)),
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
export async function orderTotalsReport(ctx: Ctx, query: Filter, format: 'csv' | 'xlsx'): Promise<Readable> {
  const actor = actorOf(ctx);
  const where = await whereFor(ctx, actor, query);
  const rows = await inTenant(ctx, (tx) =>
    queryRows<{
      centre_code: string | null;
      centre_name: string | null;
      product_name: string;
      orders: number;
      points: number;
      picked_up: number;
    }>(
      tx,
      sql`select c.code as centre_code, c.name as centre_name, p.name as product_name, count(*)::int as orders,
                 coalesce(sum(o.points), 0)::int as points,
                 count(*) filter (where rc.status = 'redeemed')::int as picked_up
          from orders o
          join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
          left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
          left join reward_codes rc on rc.tenant_id = o.tenant_id and rc.code = o.voucher_code
          where ${where}
          group by c.code, c.name, p.name order by c.code nulls last, p.name`,
    ),
  );
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
