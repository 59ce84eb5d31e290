import type { Order } from '@promo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { maskIdentity } from '../../platform/privacy.ts';

/** Which orders a list or report covers (`centreId`: an operator's shop is forced by the service). */
export type OrderFilter = {
  campaignId?: string | undefined;
  marketplaceId?: string | undefined;
  productId?: string | undefined;
  centreId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The filter as a condition on `orders o`. */
function orderCondition(tenantId: string, f: OrderFilter): SQL {
  return sql`o.tenant_id = ${tenantId}
    ${f.campaignId ? sql`and o.campaign_id = ${f.campaignId}` : sql``}
    ${f.marketplaceId ? sql`and o.marketplace_id = ${f.marketplaceId}` : sql``}
    ${f.productId ? sql`and o.product_id = ${f.productId}` : sql``}
    ${f.centreId ? sql`and o.centre_id = ${f.centreId}` : sql``}
    ${f.from ? sql`and o.created_at >= ${new Date(f.from)}` : sql``}
    ${f.to ? sql`and o.created_at < ${new Date(f.to)}` : sql``}`;
}

export type OrderRow = {
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

// crosses into products: the report filters, sorts and pages over the joined names
// crosses into participants: the report filters, sorts and pages over the joined names
// crosses into centres: the report filters, sorts and pages over the joined names
// crosses into reward-codes: the voucher status beside each order, in the same page
function select(
  where: SQL,
  after: { at: string; id: string } | null,
  limit: number,
  offset: number,
  newestFirst: boolean,
) {
  const order = newestFirst ? sql`o.created_at desc, o.id desc` : sql`o.created_at, o.id`;
  const cursor = after
    ? sql`and (o.created_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  // the page of orders first, by the time index alone, then its rows joined to their names: the
  // plan never depends on how well the planner knows the smaller tables (as redemptionsAfter)
  return sql`select o.id, o.marketplace_id, o.campaign_id, o.participant_id, pe.cedula, pe.name as person_name,
                    o.product_id, p.name as product_name, o.paid_with, o.points, o.redeem_code, o.centre_id,
                    c.code as centre_code, c.name as centre_name, o.voucher_code, rc.status as voucher_status,
                    o.created_at, o.created_at::text as cursor_at
             from (select * from orders o where ${where} ${cursor} order by ${order} limit ${limit} offset ${offset}) o
             join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
             join participants pe on pe.tenant_id = o.tenant_id and pe.id = o.participant_id
             left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
             left join reward_codes rc on rc.tenant_id = o.tenant_id and rc.code = o.voucher_code
             order by ${order}`;
}

/** An order as the back office sees it; `mask` hides the identity number (analysts). */
export function toOrder(r: OrderRow, mask: boolean): Order {
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

/** A page of orders, newest first, and how many match. */
export async function ordersPage(
  tx: Tx,
  tenantId: string,
  f: OrderFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = orderCondition(tenantId, f);
  const rows = await queryRows<OrderRow>(tx, select(where, null, pageSize, (page - 1) * pageSize, true));
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from orders o where ${where}`,
  );
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The next 5,000 orders after the cursor, in time order (keyset). */
export async function ordersAfter(
  tx: Tx,
  tenantId: string,
  f: OrderFilter,
  after: { at: string; id: string } | null,
): Promise<OrderRow[]> {
  return queryRows<OrderRow>(tx, select(orderCondition(tenantId, f), after, 5000, 0, false));
}

export type OrderTotalsRow = {
  centre_code: string | null;
  centre_name: string | null;
  product_name: string;
  orders: number;
  points: number;
  picked_up: number;
};

/** Orders, points and vouchers picked up per shop and product. */
// crosses into products: totals grouped by shop and product name in one statement
// crosses into centres: totals grouped by shop and product name in one statement
// crosses into reward-codes: picked-up vouchers counted in the same group
export async function orderTotals(tx: Tx, tenantId: string, f: OrderFilter): Promise<OrderTotalsRow[]> {
  return queryRows<OrderTotalsRow>(
    tx,
    sql`select c.code as centre_code, c.name as centre_name, p.name as product_name, count(*)::int as orders,
                 coalesce(sum(o.points), 0)::int as points,
                 count(*) filter (where rc.status = 'redeemed')::int as picked_up
          from orders o
          join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
          left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
          left join reward_codes rc on rc.tenant_id = o.tenant_id and rc.code = o.voucher_code
          where ${orderCondition(tenantId, f)}
          group by c.code, c.name, p.name order by c.code nulls last, p.name`,
  );
}
