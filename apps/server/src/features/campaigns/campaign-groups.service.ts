import type { CampaignGroup, CampaignGroupInput } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import {
  countCampaignsIn,
  deleteGroupRow,
  findGroup,
  insertGroup,
  listGroups,
  setGroupMembers,
  updateGroupRow,
} from './campaigns.repository.ts';

async function assertCampaigns(tx: Tx, tenantId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await countCampaignsIn(tx, tenantId, unique)) !== unique.length)
    throw fieldError('campaignIds', 'FIELD_INVALID');
  return unique;
}

function translate(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('CAMPAIGN_GROUP_NAME_TAKEN', [{ path: 'name', code: 'CAMPAIGN_GROUP_NAME_TAKEN' }]);
  throw error;
}

export async function listCampaignGroups(ctx: Ctx): Promise<CampaignGroup[]> {
  const { tenantId } = actorOf(ctx);
  const groups = await inTenant(ctx, (tx) => listGroups(tx, tenantId));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    campaignIds: g.campaignIds,
    createdAt: g.createdAt.toISOString(),
  }));
}

export async function getCampaignGroup(ctx: Ctx, id: string): Promise<CampaignGroup> {
  const group = (await listCampaignGroups(ctx)).find((g) => g.id === id);
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

/** Creates a group of at least one campaign; a campaign belongs to one group at most. */
export async function createCampaignGroup(ctx: Ctx, input: CampaignGroupInput): Promise<CampaignGroup> {
  const { tenantId } = actorOf(ctx);
  try {
    const id = await inTenant(ctx, async (tx) => {
      const ids = await assertCampaigns(tx, tenantId, input.campaignIds);
      const row = await insertGroup(tx, {
        tenantId,
        name: input.name,
        description: input.description ?? null,
      });
      await setGroupMembers(tx, tenantId, row.id, ids, ctx.clock.now());
      await audit(tx, ctx, {
        tenantId,
        action: 'campaign-group.create',
        entityType: 'campaign-group',
        entityId: row.id,
      });
      return row.id;
    });
    return getCampaignGroup(ctx, id);
  } catch (error) {
    translate(error);
  }
}

export async function updateCampaignGroup(
  ctx: Ctx,
  id: string,
  input: CampaignGroupInput,
): Promise<CampaignGroup> {
  const { tenantId } = actorOf(ctx);
  try {
    await inTenant(ctx, async (tx) => {
      if (!(await findGroup(tx, tenantId, id))) throw new AppError('NOT_FOUND');
      const ids = await assertCampaigns(tx, tenantId, input.campaignIds);
      await updateGroupRow(tx, tenantId, id, { name: input.name, description: input.description ?? null });
      await setGroupMembers(tx, tenantId, id, ids, ctx.clock.now());
      await audit(tx, ctx, {
        tenantId,
        action: 'campaign-group.update',
        entityType: 'campaign-group',
        entityId: id,
      });
    });
    return getCampaignGroup(ctx, id);
  } catch (error) {
    translate(error);
  }
}

export async function deleteCampaignGroup(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteGroupRow(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId,
      action: 'campaign-group.delete',
      entityType: 'campaign-group',
      entityId: id,
    });
  });
}
