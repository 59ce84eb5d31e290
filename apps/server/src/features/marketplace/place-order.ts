import { randomUUID } from 'node:crypto';
import type { CustomerOrder } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import type { UsedCode } from '../points/index.ts';
import { claimProductCode } from '../products/index.ts';
import { codeLength, generateCodes, insertVoucherCode } from '../reward-codes/index.ts';
import type { MarketplaceRow } from './marketplaces.repository.ts';
import { findOffer, takeUnitAndPlaceOrder } from './orders.repository.ts';

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

type Offer = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/**
 * The product as this marketplace offers it, active, the one the code pays for and (read without a
 * lock) in stock, and for a physical product the chosen shop; refusals as the spec names them (the
 * same as `redeem_product_for_points` answers for points, migration 0022).
 */
async function checkOffer(
  tx: Tx,
  o: OrderRequest,
): Promise<{ product: Offer['product']; shop: Offer['shop'] }> {
  const found = await findOffer(tx, o.tenantId, o.marketplace.id, o.productId, o.centreId ?? null);
  if (!found?.product.active)
    throw new AppError('PRODUCT_NOT_AVAILABLE', [{ path: 'productId', code: 'PRODUCT_NOT_AVAILABLE' }]);
  const { product } = found;
  if (o.used.productId !== product.id)
    throw new AppError('PRODUCT_NEEDS_CODE', [{ path: 'code', code: 'PRODUCT_NEEDS_CODE' }]);
  if (product.kind === 'physical' && !o.centreId) throw fieldError('centreId', 'SHOP_REQUIRED');
  // units parked in stock slots are still available; the last statement has the last word
  if (product.stock + Number(found.parked) <= 0) throw new AppError('OUT_OF_STOCK');
  const shop = product.kind === 'physical' ? found.shop : null;
  if (product.kind === 'physical' && !shop) throw fieldError('centreId', 'FIELD_INVALID');
  return { product, shop };
}

/** A pickup voucher: a reward code of the campaign, assigned to the person, bound to the shop. */
async function issueVoucher(
  tx: Tx,
  v: { tenantId: string; campaignId: string; participantId: string; centreId: string; now: Date },
): Promise<string> {
  for (;;) {
    const [code] = generateCodes(1, codeLength(1_000_000));
    const issued = await insertVoucherCode(tx, { ...v, code: code as string });
    if (issued) return issued;
  }
}

type Delivery = {
  delivery: CustomerOrder['delivery'];
  productCode: string | null;
  voucherCode: string | null;
};

/** How the person gets the unit: a voucher to pick it up at the shop, or a product code. */
async function deliver(
  tx: Tx,
  o: OrderRequest,
  d: { productId: string; shop: Offer['shop']; orderId: string; now: Date },
): Promise<Delivery> {
  const { shop, now } = d;
  if (shop) {
    const voucherCode = await issueVoucher(tx, {
      tenantId: o.tenantId,
      campaignId: o.campaign.id,
      participantId: o.participantId,
      centreId: shop.id,
      now,
    });
    const where = {
      centreId: shop.id,
      code: shop.code,
      name: shop.name,
      address: shop.address,
      hours: shop.hours,
    };
    return { delivery: { kind: 'pickup', voucherCode, shop: where }, productCode: null, voucherCode };
  }
  const productCode = await claimProductCode(tx, {
    tenantId: o.tenantId,
    productId: d.productId,
    orderId: d.orderId,
    now,
  });
  if (!productCode) throw new AppError('OUT_OF_STOCK');
  return { delivery: { kind: 'product_code', productCode }, productCode, voucherCode: null };
}

/**
 * One unit of a product for a person paying with a redeem code, all or nothing in the caller's
 * transaction (a product for points is one SQL function: `redeem-for-points.ts`). First what waits
 * on no other buyer: the product offered and active (and, read without a lock, in stock), the
 * shop, the pickup voucher or a product code (FOR UPDATE SKIP LOCKED). Answers the order and
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
  const { product, shop } = await checkOffer(tx, o);
  const orderId = randomUUID();
  const { delivery, productCode, voucherCode } = await deliver(tx, o, {
    productId: product.id,
    shop,
    orderId,
    now,
  });
  const last = async () => {
    const refusal = await takeUnitAndPlaceOrder(tx, {
      tenantId: o.tenantId,
      orderId,
      marketplaceId: o.marketplace.id,
      campaignId: o.campaign.id,
      participantId: o.participantId,
      productId: product.id,
      shopId: shop?.id ?? null,
      centreId: o.centreId ?? null,
      paidWith: 'code',
      points: 0,
      redeemCode: o.used.code,
      productCode,
      voucherCode,
      now,
    });
    if (refusal === 'out_of_stock_shop')
      throw new AppError('OUT_OF_STOCK', [{ path: 'centreId', code: 'OUT_OF_STOCK' }]);
    if (refusal) throw new AppError('OUT_OF_STOCK');
  };
  const order: CustomerOrder = {
    id: orderId,
    productId: product.id,
    productName: product.name,
    paidWith: 'code',
    points: 0,
    delivery,
    createdAt: now.toISOString(),
  };
  return { order, last };
}
