import type { Tx } from '../../db/client.ts';
import { fieldError } from '../../platform/errors.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { getCampaignRow } from '../campaigns/index.ts';

/** The campaign codes are created for or assigned in: a reward-code campaign of the tenant, else a field error. */
export async function rewardCodeCampaign(tx: Tx, tenantId: string, campaignId: string): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, campaignId).catch(() => {
    throw fieldError('campaignId', 'FIELD_INVALID');
  });
  if (campaign.kind !== 'reward_code') throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}
