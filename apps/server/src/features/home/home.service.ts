import type { HomeSummary } from '@promo/contract';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { productsRunningLow } from '../products/index.ts';
import {
  activeCampaignCount,
  campaignsEndingSoon,
  codeCounts,
  participationCounts,
  pointsTotals,
  rafflesAwaitingDraw,
  recentlyFailedJobs,
  topCentres,
} from './home.repository.ts';

/** The home of the back-office: the active campaigns' figures and what needs attention now. */
export async function homeSummary(ctx: Ctx): Promise<HomeSummary> {
  const { tenantId } = actorOf(ctx);
  const now = ctx.clock.now();
  return inTenant(ctx, async (tx) => {
    const [active, participations, codes, centres, points, endingSoon, drawsDue, lowStock, failedJobs] =
      await oneByOne(
        () => activeCampaignCount(tx, tenantId),
        () => participationCounts(tx, tenantId, now),
        () => codeCounts(tx, tenantId),
        () => topCentres(tx, tenantId),
        () => pointsTotals(tx, tenantId),
        () => campaignsEndingSoon(tx, tenantId, now),
        () => rafflesAwaitingDraw(tx, tenantId, now),
        () => productsRunningLow(tx, tenantId),
        () => recentlyFailedJobs(tx, tenantId, now),
      );
    return {
      asOf: now.toISOString(),
      activeCampaigns: active,
      participations,
      codes: {
        ...codes,
        redemptionRate: codes.assigned === 0 ? null : codes.redeemed / codes.assigned,
      },
      topCentres: centres,
      points,
      attention: { endingSoon, drawsDue, lowStock, failedJobs },
    };
  });
}
