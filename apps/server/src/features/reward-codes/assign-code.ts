import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { rulesOfCampaign } from '../campaigns/index.ts';
import { lockParticipantByCedula } from '../participants/index.ts';
import { maxCodesPerIdentity } from '../participations/index.ts';
import { rewardCodeCampaign } from './reward-code-campaign.ts';
import { claimRewardCode } from './reward-codes.repository.ts';

/**
 * Gives a person a code of the campaign, or answers the code they already hold when the campaign's
 * limit (`max_codes_per_identity`, 1 by default) is reached. The caller holds the person's row lock.
 */
export async function assignCode(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string | null;
    maxCodes: number;
    now: Date;
  },
): Promise<{ code: string; assigned: boolean }> {
  const claimed = await claimRewardCode(tx, values);
  if (!claimed) throw new AppError('CODES_EXHAUSTED');
  return claimed;
}

/**
 * Assigns a code of a campaign to a person known by identity number, or answers the code they
 * already hold: a second call never gives a second code unless the campaign's rule allows it.
 */
export async function assignByCedula(
  ctx: Ctx,
  campaignId: string,
  cedula: string,
): Promise<{ code: string; assigned: boolean }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const campaign = await rewardCodeCampaign(tx, tenantId, campaignId);
    const participantId = await lockParticipantByCedula(tx, tenantId, cedula);
    if (!participantId) throw new AppError('IDENTITY_INVALID');
    const rules = await rulesOfCampaign(tx, tenantId, campaign);
    const result = await assignCode(tx, {
      tenantId,
      campaignId,
      participantId,
      participationId: null,
      maxCodes: maxCodesPerIdentity(rules),
      now: ctx.clock.now(),
    });
    if (result.assigned)
      await audit(tx, ctx, {
        tenantId,
        action: 'code.assign',
        entityType: 'reward-code',
        entityId: result.code,
      });
    return result;
  });
}
