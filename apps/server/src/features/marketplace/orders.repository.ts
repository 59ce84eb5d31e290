import type { CustomerOrder, CustomerTransaction } from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryOne, queryRows, type Tx, textArrayLiteral } from '../../db/client.ts';
import { campaigns, marketplaces } from '../../db/schema.ts';

type CustomerPickupShop = Extract<CustomerOrder['delivery'], { kind: 'pickup' }>['shop'];

/** Why an order cannot be placed, as the SQL functions of the order name it (`order-refusals.ts`). */
export type OrderRefusal =
  | 'not_found'
  | 'closed'
  | 'not_available'
  | 'needs_code'
  | 'shop_required'
  | 'out_of_stock'
  | 'shop_invalid'
  | 'shop_out_of_stock'
  | 'key_reused'
  | 'insufficient';

export type Offer = {
  refusal: OrderRefusal | null;
  product_name: string;
  product_kind: 'physical' | 'digital';
  price_points: number | null;
  /** A physical product's shop, as the pickup delivery names it. */
  shop: CustomerPickupShop | null;
};

/**
 * The product as the marketplace offers it to a buyer paying with a redeem code worth
 * `codeProductId`, and the chosen shop: `product_offer`, the checks a product for points takes
 * too (db/functions/product_offer.sql).
 */
// crosses into products: the offer, its product (with its units parked in stock slots) and the active shop in one call (order path; round trips guarded)
// crosses into centres: the offer, its product and the active shop in one call (order path; round trips guarded)
export async function findOfferForCode(
  tx: Tx,
  o: {
    tenantId: string;
    marketplaceId: string;
    productId: string;
    centreId: string | null;
    codeProductId: string | null;
  },
): Promise<Offer> {
  return queryOne<Offer>(
    tx,
    sql`select * from product_offer(${o.tenantId}, ${o.marketplaceId}, ${o.productId}, ${o.centreId}::uuid, 'code',
          ${o.codeProductId}::uuid)`,
    'product_offer',
  );
}

/** A pickup voucher (`issue_pickup_voucher`: the first of `candidates` not taken), as the points path issues it. */
// crosses into reward-codes: the pickup voucher is a reward code of the campaign, issued by the function both paths call
export async function issuePickupVoucher(
  tx: Tx,
  v: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    centreId: string;
    now: Date;
    candidates: readonly string[];
  },
): Promise<string> {
  const row = await queryOne<{ code: string }>(
    tx,
    sql`select issue_pickup_voucher(${v.tenantId}, ${v.campaignId}, ${v.participantId}, ${v.centreId}, ${v.now},
          ${textArrayLiteral(v.candidates)}::text[]) as code`,
    'issue_pickup_voucher',
  );
  return row.code;
}

/** One of a digital product's codes for the order (`claim_product_code`), or null when none is left. */
// crosses into products: a product code is claimed by the function both paths call
export async function claimProductCode(
  tx: Tx,
  c: { tenantId: string; productId: string; orderId: string; now: Date },
): Promise<string | null> {
  const row = await queryOne<{ code: string | null }>(
    tx,
    sql`select claim_product_code(${c.tenantId}, ${c.productId}, ${c.orderId}, ${c.now}) as code`,
    'claim_product_code',
  );
  return row.code;
}

export type PlacedOrder = {
  tenantId: string;
  orderId: string;
  marketplaceId: string;
  campaignId: string;
  participantId: string;
  productId: string;
  /** The shop of a physical product, whose stock gives the unit too. */
  shopId: string | null;
  centreId: string | null;
  paidWith: 'points' | 'code';
  points: number;
  redeemCode: string | null;
  productCode: string | null;
  voucherCode: string | null;
  now: Date;
};

/**
 * The one statement that writes the order and takes its unit (`take_product_unit`, migration 0022:
 * a unit parked in one of the shop's stock slots, else from the product's and the shop's stock).
 * Answers why no unit was taken ('out_of_stock', 'out_of_stock_shop'), or null: the caller then
 * throws, so that the order is rolled back with the rest.
 */
// crosses into products: writes the order and takes the unit in one statement, so a unit is never sold twice
export async function takeUnitAndPlaceOrder(tx: Tx, o: PlacedOrder): Promise<string | null> {
  const { tenantId, now } = o;
  const taken = await queryOne<{ refusal: string | null }>(
    tx,
    sql`with placed as (
            insert into orders (tenant_id, id, marketplace_id, campaign_id, participant_id, product_id, paid_with,
              points, redeem_code, centre_id, product_code, voucher_code, created_at)
            values (${tenantId}, ${o.orderId}, ${o.marketplaceId}, ${o.campaignId}, ${o.participantId}, ${o.productId},
              ${o.paidWith}, ${o.points}, ${o.redeemCode}, ${o.centreId}, ${o.productCode}, ${o.voucherCode}, ${now})
            returning id)
          select take_product_unit(${tenantId}, ${o.productId}, ${o.shopId}::uuid) as refusal from placed`,
    'the order written',
  );
  return taken.refusal;
}

/**
 * A marketplace with its campaign (one read), and why the customer of `campaignId` cannot order
 * from it now (`marketplace_refusal`, as the points path asks), or null.
 */
// crosses into campaigns: the marketplace and its campaign in one read (order path; round trips guarded)
export async function findMarketplaceWithCampaign(
  tx: Tx,
  tenantId: string,
  marketplaceId: string,
  customer: { campaignId: string; now: Date },
) {
  const [found] = await tx
    .select({
      marketplace: marketplaces,
      campaign: campaigns,
      refusal: sql<OrderRefusal | null>`marketplace_refusal(${marketplaces}, ${customer.campaignId}::uuid, ${customer.now})`,
    })
    .from(marketplaces)
    .innerJoin(
      campaigns,
      and(eq(campaigns.tenantId, marketplaces.tenantId), eq(campaigns.id, marketplaces.campaignId)),
    )
    .where(and(eq(marketplaces.tenantId, tenantId), eq(marketplaces.id, marketplaceId)));
  return found;
}

/** An order as `customerOrders` reads it: a pickup voucher with its shop, or a product code (the table's checks). */
type OrderRow = {
  id: string;
  product_id: string;
  product_name: string;
  paid_with: 'points' | 'code';
  points: number;
  created_at: Date;
} & (
  | {
      voucher_code: string;
      centre_id: string;
      centre_code: string;
      centre_name: string;
      centre_address: string | null;
      centre_hours: string | null;
    }
  | { voucher_code: null; product_code: string }
);

function toCustomerOrder(r: OrderRow): CustomerOrder {
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    paidWith: r.paid_with,
    points: Number(r.points),
    delivery:
      r.voucher_code === null
        ? { kind: 'product_code', productCode: r.product_code }
        : {
            kind: 'pickup',
            voucherCode: r.voucher_code,
            shop: {
              centreId: r.centre_id,
              code: r.centre_code,
              name: r.centre_name,
              address: r.centre_address,
              hours: r.centre_hours,
            },
          },
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export type TransactionRow = {
  at: Date;
  kind: CustomerTransaction['kind'];
  amount: number;
  balance_after: number | null;
  reason: string | null;
  redeem_code: string | null;
  order_id: string | null;
};

/** A person's ledger entries and code-paid orders of a campaign, newest first, and how many. */
// crosses into points: ledger entries and code orders merged, ordered and paged in one statement
export async function transactionsPage(
  tx: Tx,
  who: { tenantId: string; campaignId: string; participantId: string },
  query: { page: number; pageSize: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const { tenantId, campaignId, participantId } = who;
  const items = sql`
      select l.created_at as at, l.id as seq, l.kind, l.amount, l.balance_after, l.reason, l.redeem_code, l.order_id
        from points_ledger l
        where l.tenant_id = ${tenantId} and l.campaign_id = ${campaignId} and l.participant_id = ${participantId}
      union all
      select o.created_at, 0, 'code_order', 0, null, null, o.redeem_code, o.id
        from orders o
        where o.tenant_id = ${tenantId} and o.campaign_id = ${campaignId} and o.participant_id = ${participantId}
          and o.paid_with = 'code'`;
  const rows = await queryRows<TransactionRow>(
    tx,
    sql`select * from (${items}) t order by at desc, seq desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const counted = await queryOne<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (${items}) t`,
    'count',
  );
  return { rows, total: Number(counted.n) };
}

/** Orders by id, as the customer sees them (with the pickup shop). */
// crosses into products: the order answer with product and shop names in one read
// crosses into centres: the order answer with product and shop names in one read
export async function customerOrders(tx: Tx, tenantId: string, orderIds: string[]): Promise<CustomerOrder[]> {
  if (orderIds.length === 0) return [];
  const rows = await queryRows<OrderRow>(
    tx,
    sql`select o.id, o.product_id, p.name as product_name, o.paid_with, o.points, o.product_code, o.voucher_code,
                       o.centre_id, c.code as centre_code, c.name as centre_name, c.address as centre_address,
                       c.hours as centre_hours, o.created_at
                from orders o join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
                left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
                where o.tenant_id = ${tenantId}
                  and o.id in (select jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)::uuid)`,
  );
  return rows.map(toCustomerOrder);
}
