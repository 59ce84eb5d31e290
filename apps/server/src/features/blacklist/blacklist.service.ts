import {
  BLACKLIST_KINDS,
  type BlacklistEntry,
  type BlacklistKind,
  type CreateBlacklistEntry,
  normaliseBlacklistValue,
  type Page,
  type UploadReport,
} from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { type RowError, readCsvUpload, uniqueOn } from '../../platform/csv-upload.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { maskEmail, maskIdentity, maskPhone, shouldMask } from '../../platform/privacy.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { findCampaign, findCampaignByName } from '../campaigns/index.ts';
import {
  deleteBlacklistEntry,
  insertBlacklistEntry,
  insertBlacklistEntryIfNew,
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
  const items = rows.map(toBlacklistEntry);
  return {
    items: shouldMask(actorOf(ctx).role) ? items.map((e) => ({ ...e, value: maskedValue(e) })) : items,
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An entry's value as an analyst sees it: masked like the same data elsewhere. */
function maskedValue(entry: BlacklistEntry): string {
  if (entry.kind === 'email') return maskEmail(entry.value) ?? '';
  if (entry.kind === 'phone') return maskPhone(entry.value) ?? '';
  return maskIdentity(entry.value) ?? '';
}

export async function removeFromBlacklist(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteBlacklistEntry(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { tenantId, action: 'blacklist.remove', entityType: 'blacklist', entityId: id });
  });
}

/**
 * Imports blacklist entries from a CSV (`kind,value,reason,campaign`; campaign by its name, empty
 * for the whole tenant). Values already listed are left as they are; every refused row is reported.
 */
export async function uploadBlacklist(
  ctx: Ctx,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const actor = actorOf(ctx);
  const campaignIds = new Map<string, string | null>();
  const names = new Set<string>();
  const firstSeen = uniqueOn('value');
  type Row = { kind: string; value: string; reason: string; campaign: string };
  const { total, accepted, refusals } = await readCsvUpload<Row>(upload, {
    columns: ['kind', 'value', 'reason', 'campaign'],
    required: ['kind', 'value', 'reason'],
    locale: ctx.locale,
    check: (row, line) => {
      const errors: RowError[] = [];
      if (!(BLACKLIST_KINDS as readonly string[]).includes(row.kind))
        errors.push({ field: 'kind', code: 'FIELD_INVALID' });
      if (!row.value) errors.push({ field: 'value', code: 'FIELD_REQUIRED' });
      if (!row.reason) errors.push({ field: 'reason', code: 'FIELD_REQUIRED' });
      if (row.value.length > 254)
        errors.push({ field: 'value', code: 'FIELD_TOO_LONG', params: { max: 254 } });
      if (row.campaign) names.add(row.campaign);
      if (errors.length > 0) return errors;
      const key = `${row.kind}:${normaliseBlacklistValue(row.kind as BlacklistKind, row.value)}:${row.campaign}`;
      return firstSeen(key, line);
    },
  });
  refusals.settle(total, options.onlyValid);
  const report = { total, created: 0, updated: 0, unchanged: 0 };
  await inTenant(ctx, async (tx) => {
    for (const name of names)
      campaignIds.set(name, (await findCampaignByName(tx, actor.tenantId, name))?.id ?? null);
    for (const { line, row } of accepted) {
      const campaignId = row.campaign ? campaignIds.get(row.campaign) : null;
      if (campaignId === undefined || (row.campaign && !campaignId)) {
        refusals.add(line, [{ field: 'campaign', code: 'FIELD_INVALID' }]);
        continue;
      }
      const kind = row.kind as BlacklistKind;
      const added = await insertBlacklistEntryIfNew(tx, {
        tenantId: actor.tenantId,
        kind,
        value: normaliseBlacklistValue(kind, row.value),
        reason: row.reason,
        campaignId,
        createdBy: actor.userId,
      });
      if (added) report.created += 1;
      else report.unchanged = (report.unchanged ?? 0) + 1;
    }
    refusals.settle(total, options.onlyValid);
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'blacklist.upload',
      entityType: 'blacklist',
      details: { total, created: report.created, refused: refusals.count },
    });
  });
  return { ...report, ...refusals.report() };
}
