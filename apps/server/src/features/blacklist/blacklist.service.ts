import {
  type BlacklistEntry,
  type CreateBlacklistEntry,
  normaliseBlacklistValue,
  type Page,
} from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { findCampaign } from '../campaigns/campaigns.repository.ts';
import {
  deleteBlacklistEntry,
  insertBlacklistEntry,
  listBlacklist,
  toBlacklistEntry,
} from './blacklist.repository.ts';

/** Adds an identity number, phone or e-mail (normalised) to the tenant's or a campaign's blacklist. */
export async function addToBlacklist(ctx: Ctx, input: CreateBlacklistEntry): Promise<BlacklistEntry> {
  const actor = actorOf(ctx);
  try {
    return await inTenant(ctx, async (tx) => {
      if (input.campaignId && !(await findCampaign(tx, actor.tenantId, input.campaignId)))
        throw fieldError('campaignId', 'FIELD_INVALID');
      const row = await insertBlacklistEntry(tx, {
        tenantId: actor.tenantId,
        kind: input.kind,
        value: normaliseBlacklistValue(input.kind, input.value),
        reason: input.reason,
        campaignId: input.campaignId ?? null,
        createdBy: actor.userId,
      });
      await audit(tx, ctx, {
        tenantId: actor.tenantId,
        action: 'blacklist.add',
        entityType: 'blacklist',
        entityId: row.id,
        details: { kind: row.kind },
      });
      return toBlacklistEntry(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('BLACKLIST_DUPLICATE', [{ path: 'value', code: 'BLACKLIST_DUPLICATE' }]);
    throw error;
  }
}

export async function findBlacklistEntries(
  ctx: Ctx,
  query: Parameters<typeof listBlacklist>[2],
): Promise<Page<BlacklistEntry>> {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listBlacklist(tx, tenantId, query));
  return { items: rows.map(toBlacklistEntry), total, page: query.page, pageSize: query.pageSize };
}

export async function removeFromBlacklist(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteBlacklistEntry(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { tenantId, action: 'blacklist.remove', entityType: 'blacklist', entityId: id });
  });
}
