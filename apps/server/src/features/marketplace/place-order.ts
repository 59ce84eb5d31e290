import { randomUUID } from 'node:crypto';
import type { CustomerOrder } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import type { UsedCode } from '../points/index.ts';
import type { MarketplaceRow } from './marketplaces.repository.ts';
import { orderRefusal } from './order-refusals.ts';
import {
  claimProductCode,
  findOfferForCode,
  issuePickupVoucher,
  takeUnitAndPlaceOrder,
} from './orders.repository.ts';
import { voucherCandidates } from './voucher-candidates.ts';

type OrderRequest = {
  tenantId: string;
  marketplace: MarketplaceRow;
  campaign: CampaignRow;
  participantId: string;
  productId: string;
  centreId: string | undefined;
  /** The redeem code that pays (already used, in the caller's transaction). */
  used: UsedCode;
};

type Offer = Awaited<ReturnType<typeof findOfferForCode>>;

/**
 * The product as this marketplace offers it, active, the one the code pays for and (read without a
 * lock) in stock, and for a physical product the chosen shop: `product_offer`, the checks a
 * product for points takes in `redeem_product_for_points` too, refused as they are there.
 */
async function checkOffer(tx: Tx, o: OrderRequest): Promise<Offer> {
  const offer = await findOfferForCode(tx, {
    tenantId: o.tenantId,
    marketplaceId: o.marketplace.id,
    productId: o.productId,
    centreId: o.centreId ?? null,
    codeProductId: o.used.productId,
  });
  if (offer.refusal) throw orderRefusal(offer.refusal);
  return offer;
}

type Delivery = {
  delivery: CustomerOrder['delivery'];
  productCode: string | null;
  voucherCode: string | null;
};

/**
 * How the person gets the unit: a voucher to pick it up at the shop, or a product code, by the
 * SQL functions the points path calls (`issue_pickup_voucher`, `claim_product_code`).
 */
async function deliver(
  tx: Tx,
  o: OrderRequest,
  d: { offer: Offer; orderId: string; now: Date },
): Promise<Delivery> {
  const { offer, now } = d;
  if (offer.shop) {
    const voucherCode = await issuePickupVoucher(tx, {
      tenantId: o.tenantId,
      campaignId: o.campaign.id,
      participantId: o.participantId,
      centreId: offer.shop.centreId,
      now,
      candidates: voucherCandidates(),
    });
    return { delivery: { kind: 'pickup', voucherCode, shop: offer.shop }, productCode: null, voucherCode };
  }
  const productCode = await claimProductCode(tx, {
    tenantId: o.tenantId,
    productId: o.productId,
    orderId: d.orderId,
    now,
  });
  if (!productCode) throw orderRefusal('out_of_stock');
  return { delivery: { kind: 'product_code', productCode }, productCode, voucherCode: null };
}

/**
 * One unit of a product for a person paying with a redeem code, all or nothing in the caller's
 * transaction (a product for points is one SQL function, `redeem-for-points.ts`, which calls the
 * same SQL functions for each step). First what waits on no other buyer: the product offered and
 * active (and, read without a lock, in stock), the shop, the pickup voucher or a product code
 * (FOR UPDATE SKIP LOCKED). Answers the order and
 * `last`: the one statement that writes the order and takes the unit (`take_product_unit`: a stock
 * slot of the shop, or the product's and the shop's stock). Buyers of the product may wait there,
 * so it runs last (after the idempotent answer is stored, see `idempotent`) and holds its locks
 * only until the commit. A refusal anywhere rolls everything back.
 */
export async function prepareOrder(
  tx: Tx,
  ctx: Ctx,
  o: OrderRequest,
): Promise<{ order: CustomerOrder; last: () => Promise<void> }> {
  const now = ctx.clock.now();
  const offer = await checkOffer(tx, o);
  const orderId = randomUUID();
  const { delivery, productCode, voucherCode } = await deliver(tx, o, { offer, orderId, now });
  const last = async () => {
    const refusal = await takeUnitAndPlaceOrder(tx, {
      tenantId: o.tenantId,
      orderId,
      marketplaceId: o.marketplace.id,
      campaignId: o.campaign.id,
      participantId: o.participantId,
      productId: o.productId,
      shopId: offer.shop?.centreId ?? null,
      centreId: o.centreId ?? null,
      paidWith: 'code',
      points: 0,
      redeemCode: o.used.code,
      productCode,
      voucherCode,
      now,
    });
    if (refusal) throw orderRefusal(refusal === 'out_of_stock_shop' ? 'shop_out_of_stock' : 'out_of_stock');
  };
  const order: CustomerOrder = {
    id: orderId,
    productId: o.productId,
    productName: offer.product_name,
    paidWith: 'code',
    points: 0,
    delivery,
    createdAt: now.toISOString(),
  };
  return { order, last };
}
