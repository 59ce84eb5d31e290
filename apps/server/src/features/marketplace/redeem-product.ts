import type { MarketplaceCodeRedeemed, ProductRedeemed, RedeemProduct } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { idempotent, requestHash } from '../../platform/idempotency.ts';
import { balanceOf, post, useRedeemCode } from '../points/index.ts';
import { type CustomerClaims, customerIdempotencyKey } from './customer-token.ts';
import { orderRefusal } from './order-refusals.ts';
import { findMarketplaceWithCampaign } from './orders.repository.ts';
import { prepareOrder } from './place-order.ts';
import { redeemProductForPoints } from './redeem-for-points.ts';

/**
 * The marketplace of the token's campaign, open now (`marketplace_refusal`, as the points path
 * asks), with that campaign (one read).
 */
async function openMarketplace(tx: Tx, ctx: Ctx, claims: CustomerClaims, marketplaceId: string) {
  const found = await findMarketplaceWithCampaign(tx, claims.tenantId, marketplaceId, {
    campaignId: claims.campaignId,
    now: ctx.clock.now(),
  });
  if (!found) throw orderRefusal('not_found');
  if (found.refusal) throw orderRefusal(found.refusal);
  return found;
}

/** POST marketplaces/redeem-product (and users/reward-codes/product): for points or a redeem code. */
export async function redeemProduct(
  ctx: Ctx,
  claims: CustomerClaims,
  input: RedeemProduct,
  key: string | undefined,
): Promise<{ status: number; body: ProductRedeemed; replayed: boolean }> {
  if (!input.code) return redeemProductForPoints(ctx, claims, input, key);
  const { tenantId, participantId } = claims;
  return ctx.db.tx({ tenantId }, async (tx) => {
    const { marketplace, campaign } = await openMarketplace(tx, ctx, claims, input.marketplaceId);
    return idempotent(
      tx,
      tenantId,
      customerIdempotencyKey(claims, key),
      requestHash(['product', claims, input]),
      async () => {
        const used = await useRedeemCode(tx, {
          tenantId,
          campaignId: campaign.id,
          code: input.code as string,
          participantId,
          now: ctx.clock.now(),
        });
        const { order, last } = await prepareOrder(tx, ctx, {
          tenantId,
          marketplace,
          campaign,
          participantId,
          productId: input.productId,
          centreId: input.centreId,
          used,
        });
        return {
          status: 201,
          body: { order, balance: (await balanceOf(tx, tenantId, campaign.id, participantId)) ?? 0 },
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
      customerIdempotencyKey(claims, key),
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
          used,
        });
        const balance = (await balanceOf(tx, tenantId, campaign.id, participantId)) ?? 0;
        return { status: 200, body: { kind: 'product' as const, order, balance }, last };
      },
    );
  });
}
