import type { GoLive, GoLiveItem } from '@promo/contract';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { activationBlockers, formFieldsOf, getCampaignRow } from '../campaigns/index.ts';
import { campaignCentres } from '../centres/index.ts';
import { goLiveCounts } from './go-live.repository.ts';

/**
 * A campaign's go-live checklist, in the order the guided path walks it: the form, the public
 * page, what the kind hands out (centres and codes, prizes, a marketplace with products), and an
 * end date still ahead. Required items are exactly what activation refuses without.
 */
export async function goLiveChecklist(ctx: Ctx, campaignId: string): Promise<GoLive> {
  const { tenantId, tenantSlug } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const campaign = await getCampaignRow(tx, tenantId, campaignId);
    const blockers = new Set(await activationBlockers(tx, campaign));
    const counts = await goLiveCounts(tx, tenantId, campaignId);
    const item = (step: GoLiveItem['step'], done: boolean, count: number | null): GoLiveItem => ({
      step,
      done,
      required: step === 'form' || (step === 'centres' && campaign.kind === 'reward_code'),
      count,
    });
    const items: GoLiveItem[] = [
      item('form', !blockers.has('form'), formFieldsOf(campaign)?.length ?? 0),
      item('landing', counts.publishedGroup !== null, null),
    ];
    if (campaign.kind === 'reward_code') {
      items.push(
        item('centres', !blockers.has('centres'), (await campaignCentres(tx, tenantId, campaignId)).length),
      );
      items.push(item('codes', counts.codes > 0, counts.codes));
    }
    if (campaign.kind === 'instant_award') items.push(item('prizes', counts.prizes > 0, counts.prizes));
    if (campaign.kind === 'points' || campaign.kind === 'marketplace')
      items.push(item('marketplace', counts.marketplaces > 0 && counts.products > 0, counts.products));
    items.push(item('schedule', campaign.endsAt.getTime() > ctx.clock.now().getTime(), null));
    return {
      campaignId,
      items,
      canActivate: blockers.size === 0,
      publicPath:
        counts.publishedGroup === null ? null : `/${tenantSlug ?? ''}/landing/${counts.publishedGroup}`,
    };
  });
}
