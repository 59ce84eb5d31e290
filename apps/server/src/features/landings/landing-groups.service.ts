import type { LandingGroup, LandingGroupInput } from '@promo/contract';
import { Slug } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import {
  deleteLandingGroupRow,
  findLandingGroup,
  findLandingsIn,
  insertLandingGroup,
  type LandingGroupRow,
  listLandingGroups as listGroupRows,
  updateLandingGroupRow,
} from './landings.repository.ts';
import { forgetPublicPages } from './public-page.ts';

export function toLandingGroup(row: LandingGroupRow, tenantSlug: string | null): LandingGroup {
  return {
    id: row.id,
    name: row.name,
    campaignId: row.campaignId,
    landingIds: row.landingIds,
    publicPath: `/${tenantSlug ?? ''}/landing/${row.name}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The group's name, required ('A landing group name is required') and usable in a URL. */
export function groupName(input: Pick<LandingGroupInput, 'name'>): string {
  const name = input.name?.trim() ?? '';
  if (name === '')
    throw new AppError('LANDING_GROUP_NAME_REQUIRED', [{ path: 'name', code: 'FIELD_REQUIRED' }]);
  const parsed = Slug.safeParse(name);
  if (!parsed.success)
    throw fieldError('name', (parsed.error.issues[0]?.message as 'SLUG_FORMAT') ?? 'SLUG_FORMAT');
  return name;
}

/**
 * The group's campaign: every landing exists in the caller's tenant and belongs to one campaign
 * (the given one, or the first landing's). Anything else cannot make a group.
 */
async function groupCampaign(tx: Tx, tenantId: string, input: LandingGroupInput): Promise<string> {
  const unique = [...new Set(input.landingIds)];
  if (unique.length !== input.landingIds.length)
    throw new AppError('LANDING_GROUP_NOT_CREATED', [{ path: 'landingIds', code: 'DUPLICATE_VALUE' }]);
  const found = await findLandingsIn(tx, tenantId, unique);
  const campaigns = new Set(found.map((l) => l.campaignId));
  const campaignId = input.campaignId ?? found[0]?.campaignId;
  if (found.length !== unique.length || campaigns.size !== 1 || !campaignId || !campaigns.has(campaignId))
    throw new AppError('LANDING_GROUP_NOT_CREATED', [{ path: 'landingIds', code: 'FIELD_INVALID' }]);
  return campaignId;
}

/** A group name taken already: 'The landing group could not be created' on `name`. */
export function translateUnique(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('LANDING_GROUP_NOT_CREATED', [{ path: 'name', code: 'DUPLICATE_VALUE' }]);
  throw error;
}

export async function listLandingGroups(ctx: Ctx): Promise<LandingGroup[]> {
  const { tenantId, tenantSlug } = actorOf(ctx);
  const rows = await inTenant(ctx, (tx) => listGroupRows(tx, tenantId));
  return rows.map((row) => toLandingGroup(row, tenantSlug));
}

export async function getLandingGroup(ctx: Ctx, id: string): Promise<LandingGroup> {
  const { tenantId, tenantSlug } = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => findLandingGroup(tx, tenantId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toLandingGroup(row, tenantSlug);
}

/** Inserts the group `name` of `input`'s landings in the caller's transaction. */
export async function insertGroupIn(
  ctx: Ctx,
  tx: Tx,
  name: string,
  input: LandingGroupInput,
): Promise<LandingGroup> {
  const { tenantId, tenantSlug } = actorOf(ctx);
  const campaignId = await groupCampaign(tx, tenantId, input);
  const row = await insertLandingGroup(tx, { tenantId, name, campaignId, landingIds: input.landingIds });
  await audit(tx, ctx, {
    tenantId,
    action: 'landing-group.create',
    entityType: 'landing-group',
    entityId: row.id,
  });
  return toLandingGroup(row, tenantSlug);
}

export async function createLandingGroup(ctx: Ctx, input: LandingGroupInput): Promise<LandingGroup> {
  const name = groupName(input);
  try {
    const group = await inTenant(ctx, (tx) => insertGroupIn(ctx, tx, name, input));
    forgetPublicPages(ctx);
    return group;
  } catch (error) {
    translateUnique(error);
  }
}

export async function updateLandingGroup(
  ctx: Ctx,
  id: string,
  input: LandingGroupInput,
): Promise<LandingGroup> {
  const { tenantId, tenantSlug } = actorOf(ctx);
  try {
    const group = await inTenant(ctx, async (tx) => {
      if (!(await findLandingGroup(tx, tenantId, id))) throw new AppError('NOT_FOUND');
      const name = groupName(input);
      const campaignId = await groupCampaign(tx, tenantId, input);
      const row = await updateLandingGroupRow(
        tx,
        tenantId,
        id,
        { name, campaignId, landingIds: input.landingIds },
        ctx.clock.now(),
      );
      if (!row) throw new AppError('NOT_FOUND');
      await audit(tx, ctx, {
        tenantId,
        action: 'landing-group.update',
        entityType: 'landing-group',
        entityId: id,
      });
      return toLandingGroup(row, tenantSlug);
    });
    forgetPublicPages(ctx);
    return group;
  } catch (error) {
    translateUnique(error);
  }
}

export async function deleteLandingGroup(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteLandingGroupRow(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId,
      action: 'landing-group.delete',
      entityType: 'landing-group',
      entityId: id,
    });
  });
  forgetPublicPages(ctx);
}
