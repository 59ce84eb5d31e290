import { randomUUID } from 'node:crypto';
import type {
  CustomerOrder,
  CustomerTransaction,
  CustomerTransactions,
  MarketplaceCodeRedeemed,
  ProductRedeemed,
  RedeemProduct,
} from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  campaigns,
  marketplaceProducts,
  marketplaces,
  participants,
  products,
  redemptionCentres,
} from '../../db/schema.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { balanceOf, post, type UsedCode, useRedeemCode } from '../points/index.ts';
import { codeLength, generateCodes } from '../reward-codes/index.ts';
import { findTenantById } from '../tenants/index.ts';
import type { CustomerClaims } from './customer-auth.ts';
import {
  findMarketplaceRow,
  isMarketplaceOpen,
  type MarketplaceRow,
  storefront,
} from './marketplaces.service.ts';

type Payment = { kind: 'points' } | { kind: 'code'; used: UsedCode };

/** A pickup voucher: a reward code of the campaign, assigned to the person, bound to the shop. */
async function issueVoucher(
  tx: Tx,
  v: { tenantId: string; campaignId: string; participantId: string; centreId: string; now: Date },
): Promise<string> {
  for (;;) {
    const [code] = generateCodes(1, codeLength(1_000_000));
    const [row] = await queryRows<{ code: string }>(
      tx,
      sql`insert into reward_codes (tenant_id, code, campaign_id, status, participant_id, assigned_at, centre_id)
          values (${v.tenantId}, ${code}, ${v.campaignId}, 'assigned', ${v.participantId}, ${v.now}, ${v.centreId})
          on conflict do nothing returning code`,
    );
    if (row) return row.code;
  }
}

/**
 * One unit of a product for a person, all or nothing in the caller's transaction. First what
 * waits on no other buyer: the product offered and active (and, read without a lock, in stock),
 * the shop, the payment (a ledger debit that cannot take the balance below zero — the person's
 * account row is locked — or the redeem code already used), the pickup voucher or a product code
 * (FOR UPDATE SKIP LOCKED). Answers the order and `last`: the one statement that takes the unit,
 * the product's stock (conditional UPDATE, stock > 0) and the shop's (claimed < received), and
 * writes the order. Every buyer of the product waits on its row there, so it runs last (after the
 * idempotent answer is stored, see `idempotent`) and holds the lock only until the commit. A
 * refusal anywhere rolls everything back.
 */
async function prepareOrder(
  tx: Tx,
  ctx: Ctx,
  o: {
    tenantId: string;
    marketplace: MarketplaceRow;
    campaign: CampaignRow;
    participantId: string;
    productId: string;
    centreId: string | undefined;
    payment: Payment;
    idempotencyKey: string | null;
  },
): Promise<{ order: CustomerOrder; balance: number | null; last: () => Promise<void> }> {
  const now = ctx.clock.now();
  const { tenantId } = o;
  const centreId = o.centreId ?? null;
  // the product as this marketplace offers it, and the chosen shop, in one read
  const [found] = await tx
    .select({ product: products, shop: redemptionCentres })
    .from(products)
    .innerJoin(
      marketplaceProducts,
      and(
        eq(marketplaceProducts.tenantId, products.tenantId),
        eq(marketplaceProducts.productId, products.id),
        eq(marketplaceProducts.marketplaceId, o.marketplace.id),
      ),
    )
    .leftJoin(
      redemptionCentres,
      and(
        eq(redemptionCentres.tenantId, products.tenantId),
        eq(redemptionCentres.id, centreId ?? sql`null::uuid`),
        eq(redemptionCentres.active, true),
      ),
    )
    .where(and(eq(products.tenantId, tenantId), eq(products.id, o.productId)));
  if (!found?.product.active)
    throw new AppError('PRODUCT_NOT_AVAILABLE', [{ path: 'productId', code: 'PRODUCT_NOT_AVAILABLE' }]);
  const { product } = found;
  if (o.payment.kind === 'points' && product.redeemWith === 'code')
    throw new AppError('PRODUCT_NEEDS_CODE', [{ path: 'code', code: 'PRODUCT_NEEDS_CODE' }]);
  if (o.payment.kind === 'code' && o.payment.used.productId !== product.id)
    throw new AppError('PRODUCT_NEEDS_CODE', [{ path: 'code', code: 'PRODUCT_NEEDS_CODE' }]);
  if (product.kind === 'physical' && !o.centreId) throw fieldError('centreId', 'SHOP_REQUIRED');
  if (product.stock <= 0) throw new AppError('OUT_OF_STOCK'); // the last statement has the last word

  const shop = product.kind === 'physical' ? found.shop : null;
  if (product.kind === 'physical' && !shop) throw fieldError('centreId', 'FIELD_INVALID');

  const orderId = randomUUID();
  const points = o.payment.kind === 'points' ? (product.pricePoints ?? 0) : 0;
  let balance: number | null = null;
  if (o.payment.kind === 'points') {
    const entry = await post(tx, o.campaign, {
      tenantId,
      participantId: o.participantId,
      kind: 'redemption',
      amount: -points,
      orderId,
      now,
      idempotencyKey: o.idempotencyKey,
    });
    balance = entry.balanceAfter;
  }

  let delivery: CustomerOrder['delivery'];
  let productCode: string | null = null;
  let voucherCode: string | null = null;
  if (shop) {
    voucherCode = await issueVoucher(tx, {
      tenantId,
      campaignId: o.campaign.id,
      participantId: o.participantId,
      centreId: shop.id,
      now,
    });
    delivery = {
      kind: 'pickup',
      voucherCode,
      shop: { centreId: shop.id, code: shop.code, name: shop.name, address: shop.address, hours: shop.hours },
    };
  } else {
    const [claimed] = await queryRows<{ code: string }>(
      tx,
      sql`update product_codes set status = 'claimed', order_id = ${orderId}, claimed_at = ${now}
          where (tenant_id, product_id, code) = (
            select tenant_id, product_id, code from product_codes
            where tenant_id = ${tenantId} and product_id = ${product.id} and status = 'available'
            limit 1 for update skip locked)
          returning code`,
    );
    if (!claimed) throw new AppError('OUT_OF_STOCK');
    productCode = claimed.code;
    delivery = { kind: 'product_code', productCode };
  }

  const last = async () => {
    const shopUnit = shop
      ? sql`, shop as (
            update product_shop_stock set claimed = claimed + 1
            where tenant_id = ${tenantId} and product_id = ${product.id} and centre_id = ${shop.id}
              and claimed < received and exists (select 1 from unit)
            returning centre_id)`
      : sql``;
    const [taken] = await queryRows<{ unit: number; shop: number; placed: number }>(
      tx,
      sql`with unit as (
            update products set stock = stock - 1, updated_at = ${now}
            where tenant_id = ${tenantId} and id = ${product.id} and stock > 0 and active
            returning id)${shopUnit},
          placed as (
            insert into orders (tenant_id, id, marketplace_id, campaign_id, participant_id, product_id, paid_with,
              points, redeem_code, centre_id, product_code, voucher_code, created_at)
            select ${tenantId}, ${orderId}, ${o.marketplace.id}, ${o.campaign.id}, ${o.participantId}, ${product.id},
              ${o.payment.kind}, ${points}, ${o.payment.kind === 'code' ? o.payment.used.code : null}, ${centreId},
              ${productCode}, ${voucherCode}, ${now}
            from unit ${shop ? sql`join shop on true` : sql``}
            returning id)
          select (select count(*) from unit)::int as unit,
                 ${shop ? sql`(select count(*) from shop)::int` : sql`1`} as shop,
                 (select count(*) from placed)::int as placed`,
    );
    if (!taken?.unit) throw new AppError('OUT_OF_STOCK');
    if (!taken.shop) throw new AppError('OUT_OF_STOCK', [{ path: 'centreId', code: 'OUT_OF_STOCK' }]);
    if (!taken.placed) throw new Error('order not written');
  };

  return {
    order: {
      id: orderId,
      productId: product.id,
      productName: product.name,
      paidWith: o.payment.kind,
      points,
      delivery,
      createdAt: now.toISOString(),
    },
    balance,
    last,
  };
}

/** The marketplace of the token's campaign, open now, with that campaign (one read). */
async function openMarketplace(tx: Tx, ctx: Ctx, claims: CustomerClaims, marketplaceId: string) {
  const [found] = await tx
    .select({ marketplace: marketplaces, campaign: campaigns })
    .from(marketplaces)
    .innerJoin(
      campaigns,
      and(eq(campaigns.tenantId, marketplaces.tenantId), eq(campaigns.id, marketplaces.campaignId)),
    )
    .where(and(eq(marketplaces.tenantId, claims.tenantId), eq(marketplaces.id, marketplaceId)));
  if (!found || found.marketplace.campaignId !== claims.campaignId) throw new AppError('NOT_FOUND');
  if (!isMarketplaceOpen(found.marketplace, ctx.clock.now())) throw new AppError('MARKETPLACE_CLOSED');
  return found;
}

/** The idempotency key of a customer's request: scoped to the person, so keys never collide. */
function customerKey(claims: CustomerClaims, key: string | undefined): string | undefined {
  return key ? `customer:${claims.participantId}:${key}` : undefined;
}

/** POST users/reward-codes/product: a product for points or for a redeem code of that product. */
export async function redeemProduct(
  ctx: Ctx,
  claims: CustomerClaims,
  input: RedeemProduct,
  key: string | undefined,
): Promise<{ status: number; body: ProductRedeemed; replayed: boolean }> {
  const { tenantId, participantId } = claims;
  return ctx.db.tx({ tenantId }, async (tx) => {
    const { marketplace, campaign } = await openMarketplace(tx, ctx, claims, input.marketplaceId);
    return idempotent(
      tx,
      tenantId,
      customerKey(claims, key),
      requestHash(['product', claims, input]),
      async () => {
        const payment: Payment = input.code
          ? {
              kind: 'code',
              used: await useRedeemCode(tx, {
                tenantId,
                campaignId: campaign.id,
                code: input.code,
                participantId,
                now: ctx.clock.now(),
              }),
            }
          : { kind: 'points' };
        const { order, balance, last } = await prepareOrder(tx, ctx, {
          tenantId,
          marketplace,
          campaign,
          participantId,
          productId: input.productId,
          centreId: input.centreId,
          payment,
          idempotencyKey: key ?? null,
        });
        return {
          status: 201,
          body: {
            order,
            balance: balance ?? (await balanceOf(tx, tenantId, campaign.id, participantId)) ?? 0,
          },
          last,
        };
      },
    );
  });
}

/** POST marketplace-code: a redeem code credits its batch's points, or gives its batch's product. */
export async function redeemMarketplaceCode(
  ctx: Ctx,
  claims: CustomerClaims,
  marketplaceId: string,
  input: { code: string; centreId?: string | undefined },
  key: string | undefined,
): Promise<{ status: number; body: MarketplaceCodeRedeemed; replayed: boolean }> {
  const { tenantId, participantId } = claims;
  return ctx.db.tx({ tenantId }, async (tx) => {
    const { marketplace, campaign } = await openMarketplace(tx, ctx, claims, marketplaceId);
    return idempotent<MarketplaceCodeRedeemed>(
      tx,
      tenantId,
      customerKey(claims, key),
      requestHash(['code', claims, marketplaceId, input]),
      async () => {
        const now = ctx.clock.now();
        const used = await useRedeemCode(tx, {
          tenantId,
          campaignId: campaign.id,
          code: input.code,
          participantId,
          now,
        });
        if (used.points !== null) {
          const entry = await post(tx, campaign, {
            tenantId,
            participantId,
            kind: 'code_credit',
            amount: used.points,
            redeemCode: used.code,
            now,
            idempotencyKey: key ?? null,
          });
          return {
            status: 200,
            body: { kind: 'points' as const, points: used.points, balance: entry.balanceAfter },
          };
        }
        const { order, last } = await prepareOrder(tx, ctx, {
          tenantId,
          marketplace,
          campaign,
          participantId,
          productId: used.productId as string,
          centreId: input.centreId,
          payment: { kind: 'code', used },
          idempotencyKey: key ?? null,
        });
        const balance = (await balanceOf(tx, tenantId, campaign.id, participantId)) ?? 0;
        return { status: 200, body: { kind: 'product' as const, order, balance }, last };
      },
    );
  });
}

/** The public product list of a marketplace with the person's balance. */
export async function customerMarketplace(ctx: Ctx, claims: CustomerClaims, marketplaceId: string) {
  return ctx.db.tx({ tenantId: claims.tenantId }, async (tx) => {
    const marketplace = await findMarketplaceRow(tx, claims.tenantId, marketplaceId);
    if (marketplace.campaignId !== claims.campaignId) throw new AppError('NOT_FOUND');
    const tenant = await findTenantById(tx, claims.tenantId);
    if (!tenant) throw new AppError('NOT_FOUND');
    const [person] = await tx
      .select({ name: participants.name })
      .from(participants)
      .where(and(eq(participants.tenantId, claims.tenantId), eq(participants.id, claims.participantId)));
    const balance = (await balanceOf(tx, claims.tenantId, claims.campaignId, claims.participantId)) ?? 0;
    return storefront(ctx, tx, tenant, marketplace, { name: person?.name ?? null, balance });
  });
}

type OrderRow = {
  id: string;
  product_id: string;
  product_name: string;
  paid_with: 'points' | 'code';
  points: number;
  product_code: string | null;
  voucher_code: string | null;
  centre_id: string | null;
  centre_code: string | null;
  centre_name: string | null;
  centre_address: string | null;
  centre_hours: string | null;
  created_at: Date;
};

function toCustomerOrder(r: OrderRow): CustomerOrder {
  return {
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    paidWith: r.paid_with,
    points: Number(r.points),
    delivery: r.voucher_code
      ? {
          kind: 'pickup',
          voucherCode: r.voucher_code,
          shop: {
            centreId: r.centre_id as string,
            code: r.centre_code ?? '',
            name: r.centre_name ?? '',
            address: r.centre_address,
            hours: r.centre_hours,
          },
        }
      : { kind: 'product_code', productCode: r.product_code ?? '' },
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const DESCRIPTIONS: Record<CustomerTransaction['kind'], string> = {
  code_credit: 'Puntos por código',
  purchase: 'Puntos por compra',
  adjustment: 'Ajuste de puntos',
  redemption: 'Canje de producto',
  expiry: 'Vencimiento de puntos',
  code_order: 'Producto canjeado con código',
};

/** The person's ledger entries and code-paid orders, newest first, with the balance. */
export async function customerTransactions(
  ctx: Ctx,
  claims: CustomerClaims,
  query: { page: number; pageSize: number },
): Promise<CustomerTransactions> {
  const { tenantId, campaignId, participantId } = claims;
  return ctx.db.tx({ tenantId }, async (tx) => {
    const items = sql`
      select l.created_at as at, l.id as seq, l.kind, l.amount, l.balance_after, l.reason, l.redeem_code, l.order_id
        from points_ledger l
        where l.tenant_id = ${tenantId} and l.campaign_id = ${campaignId} and l.participant_id = ${participantId}
      union all
      select o.created_at, 0, 'code_order', 0, null, null, o.redeem_code, o.id
        from orders o
        where o.tenant_id = ${tenantId} and o.campaign_id = ${campaignId} and o.participant_id = ${participantId}
          and o.paid_with = 'code'`;
    const rows = await queryRows<{
      at: Date;
      kind: CustomerTransaction['kind'];
      amount: number;
      balance_after: number | null;
      reason: string | null;
      redeem_code: string | null;
      order_id: string | null;
    }>(
      tx,
      sql`select * from (${items}) t order by at desc, seq desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [counted] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${items}) t`);
    const orderIds = rows.map((r) => r.order_id).filter((id): id is string => Boolean(id));
    const orderRows =
      orderIds.length === 0
        ? []
        : await queryRows<OrderRow>(
            tx,
            sql`select o.id, o.product_id, p.name as product_name, o.paid_with, o.points, o.product_code, o.voucher_code,
                       o.centre_id, c.code as centre_code, c.name as centre_name, c.address as centre_address,
                       c.hours as centre_hours, o.created_at
                from orders o join products p on p.tenant_id = o.tenant_id and p.id = o.product_id
                left join redemption_centres c on c.tenant_id = o.tenant_id and c.id = o.centre_id
                where o.tenant_id = ${tenantId}
                  and o.id in (select jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)::uuid)`,
          );
    const balance = (await balanceOf(tx, tenantId, campaignId, participantId)) ?? 0;
    return {
      balance,
      items: rows.map((r) => {
        const orderRow = orderRows.find((o) => o.id === r.order_id);
        const order = orderRow ? toCustomerOrder(orderRow) : null;
        const detail =
          r.kind === 'adjustment'
            ? r.reason
            : order
              ? order.productName
              : r.redeem_code
                ? r.redeem_code
                : null;
        return {
          at: new Date(r.at).toISOString(),
          kind: r.kind,
          amount: Number(r.amount),
          balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
          description: detail ? `${DESCRIPTIONS[r.kind]}: ${detail}` : DESCRIPTIONS[r.kind],
          order,
        };
      }),
      total: Number(counted?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
