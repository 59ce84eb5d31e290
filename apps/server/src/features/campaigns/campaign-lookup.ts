import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { CampaignGroupRow, CampaignRow, CampaignRule } from './campaigns.repository.ts';
import * as campaigns from './campaigns.repository.ts';

/** The campaign reads other features need; they never reach the campaigns' queries themselves. */

/** A campaign of the tenant by id, or none. */
export function findCampaign(tx: Tx, tenantId: string, id: string): Promise<CampaignRow | undefined> {
  return campaigns.findCampaign(tx, tenantId, id);
}

/** A campaign of the tenant by its public name (the one in its URLs), or none. */
export function findCampaignByName(tx: Tx, tenantId: string, name: string): Promise<CampaignRow | undefined> {
  return campaigns.findCampaignByName(tx, tenantId, name);
}

/**
 * A campaign by its public name with the rules that apply to it, in one round trip (the
 * participation hot path); `keyShare` takes the lock the participation's foreign key takes anyway.
 */
export function findCampaignWithRules(
  tx: Tx,
  tenantId: string,
  name: string,
  options: { keyShare?: boolean } = {},
): Promise<{ campaign: CampaignRow; rules: CampaignRule[]; version: string } | undefined> {
  return campaigns.findCampaignWithRules(tx, tenantId, name, options);
}

/** A campaign group of the tenant by id, or none. */
export function findGroup(tx: Tx, tenantId: string, id: string): Promise<CampaignGroupRow | undefined> {
  return campaigns.findGroup(tx, tenantId, id);
}

/** The campaign of the caller's tenant, or NOT_FOUND (also for another tenant's id). */
export async function getCampaignRow(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CampaignRow> {
  const row = options.lock
    ? await campaigns.lockCampaign(tx, tenantId, id)
    : await campaigns.findCampaign(tx, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The rules that apply to a campaign (its own and its group's), in the caller's transaction. */
export async function rulesOfCampaign(
  tx: Tx,
  tenantId: string,
  campaign: { id: string; groupId: string | null },
): Promise<CampaignRule[]> {
  const own = await campaigns.listRules(tx, tenantId, { campaignId: campaign.id });
  const shared = campaign.groupId
    ? await campaigns.listRules(tx, tenantId, { groupId: campaign.groupId })
    : [];
  return [...own, ...shared].map((r) => ({
    id: r.id,
    kind: r.kind,
    params: r.params,
    groupId: r.groupId,
    campaignId: r.campaignId,
  }));
}
