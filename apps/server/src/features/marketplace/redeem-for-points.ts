import { randomUUID } from 'node:crypto';
import type { ProductRedeemed, RedeemProduct } from '@promo/contract';
import type { Ctx } from '../../platform/context.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { type CustomerClaims, customerIdempotencyKey } from './customer-token.ts';
import { orderRefusal } from './order-refusals.ts';
import { redeemForPoints } from './redeem-for-points.repository.ts';
import { voucherCandidates } from './voucher-candidates.ts';

/**
 * A product for points, in one round trip (`redeemForPoints`, decision 025): the marketplace of
 * the token's campaign open now, the product offered, active and in stock, the shop of a physical
 * product; then the debit (never below zero), the pickup voucher or a product code, the order, and
 * last the product's and the shop's unit. A refusal writes nothing. An Idempotency-Key (scoped to
 * the person) answers a retry with the first answer.
 */
export async function redeemProductForPoints(
  ctx: Ctx,
  claims: CustomerClaims,
  input: RedeemProduct,
  key: string | undefined,
): Promise<{ status: number; body: ProductRedeemed; replayed: boolean }> {
  const result = await redeemForPoints(ctx.db, {
    tenantId: claims.tenantId,
    campaignId: claims.campaignId,
    participantId: claims.participantId,
    marketplaceId: input.marketplaceId,
    productId: input.productId,
    centreId: input.centreId ?? null,
    now: ctx.clock.now(),
    orderId: randomUUID(),
    vouchers: voucherCandidates(),
    key: customerIdempotencyKey(claims, key) ?? null,
    ledgerKey: key ?? null,
    requestHash: requestHash(['product', claims, input]),
  });
  if (result.outcome === 'done' || result.outcome === 'replayed')
    return { status: 201, body: result.body, replayed: result.outcome === 'replayed' };
  throw orderRefusal(result.outcome);
}
