import { randomUUID } from 'node:crypto';
import type { ProductRedeemed, RedeemProduct } from '@promo/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { requestHash } from '../../platform/idempotency.ts';
import { codeLength, generateCodes } from '../reward-codes/index.ts';
import { type CustomerClaims, customerIdempotencyKey } from './customer-token.ts';
import { type RedeemForPointsOutcome, redeemForPoints } from './redeem-for-points.repository.ts';

/** Pickup voucher candidates per call: the first not taken is issued (a clash is very unlikely). */
const VOUCHER_CANDIDATES = 3;

/** The catalogue's refusal for each refused outcome of `redeemForPoints`, as the spec names them. */
function refusal(outcome: Exclude<RedeemForPointsOutcome['outcome'], 'done' | 'replayed'>): AppError {
  switch (outcome) {
    case 'not_found':
      return new AppError('NOT_FOUND');
    case 'closed':
      return new AppError('MARKETPLACE_CLOSED');
    case 'not_available':
      return new AppError('PRODUCT_NOT_AVAILABLE', [{ path: 'productId', code: 'PRODUCT_NOT_AVAILABLE' }]);
    case 'needs_code':
      return new AppError('PRODUCT_NEEDS_CODE', [{ path: 'code', code: 'PRODUCT_NEEDS_CODE' }]);
    case 'shop_required':
      return fieldError('centreId', 'SHOP_REQUIRED');
    case 'out_of_stock':
      return new AppError('OUT_OF_STOCK');
    case 'shop_out_of_stock':
      return new AppError('OUT_OF_STOCK', [{ path: 'centreId', code: 'OUT_OF_STOCK' }]);
    case 'shop_invalid':
      return fieldError('centreId', 'FIELD_INVALID');
    case 'key_reused':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    case 'insufficient':
      return new AppError('POINTS_INSUFFICIENT', [{ path: 'amount', code: 'POINTS_INSUFFICIENT' }]);
  }
}

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
    vouchers: generateCodes(VOUCHER_CANDIDATES, codeLength(1_000_000)),
    key: customerIdempotencyKey(claims, key) ?? null,
    ledgerKey: key ?? null,
    requestHash: requestHash(['product', claims, input]),
  });
  if (result.outcome === 'done' || result.outcome === 'replayed')
    return { status: 201, body: result.body, replayed: result.outcome === 'replayed' };
  throw refusal(result.outcome);
}
