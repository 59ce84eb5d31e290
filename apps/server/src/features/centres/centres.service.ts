import {
  type Centre,
  type CentreGroup,
  type CentreGroupInput,
  type CreateCentre,
  CreateCentre as CreateCentreSchema,
  type Page,
  type UpdateCentre,
  type UploadReport,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { type RowError, readCsvUpload, uniqueOn } from '../../platform/csv-upload.ts';
import { AppError, fieldError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import {
  campaignCentreRows,
  countCentreGroupsIn,
  countCentresIn,
  deleteCentreGroupRow,
  deleteCentreRow,
  findCentre,
  insertCentre,
  insertCentreGroup,
  listCentreGroups as listCentreGroupRows,
  listCentres as listCentreRows,
  renameCentreGroup,
  setCampaignCentreRows,
  setCentreGroupMembers,
  toCentre,
  updateCentreRow,
  upsertCentreByCode,
} from './centres.repository.ts';

function translate(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('CENTRE_CODE_TAKEN', [{ path: 'code', code: 'CENTRE_CODE_TAKEN' }]);
  throw error;
}

export async function listCentres(
  ctx: Ctx,
  query: Parameters<typeof listCentreRows>[2],
): Promise<Page<Centre>> {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listCentreRows(tx, tenantId, query));
  return { items: rows.map(toCentre), total, page: query.page, pageSize: query.pageSize };
}

export async function getCentre(ctx: Ctx, id: string): Promise<Centre> {
  const { tenantId } = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => findCentre(tx, tenantId, id));
  if (!row) throw new AppError('NOT_FOUND');
  return toCentre(row);
}

export async function createCentre(ctx: Ctx, input: CreateCentre): Promise<Centre> {
  const { tenantId } = actorOf(ctx);
  try {
    return await inTenant(ctx, async (tx) => {
      const row = await insertCentre(tx, { tenantId, ...input, active: input.active ?? true });
      await audit(tx, ctx, { tenantId, action: 'centre.create', entityType: 'centre', entityId: row.id });
      return toCentre(row);
    });
  } catch (error) {
    translate(error);
  }
}

export async function updateCentre(ctx: Ctx, id: string, input: UpdateCentre): Promise<Centre> {
  const { tenantId } = actorOf(ctx);
  try {
    return await inTenant(ctx, async (tx) => {
      const row = await updateCentreRow(tx, tenantId, id, input, ctx.clock.now());
      if (!row) throw new AppError('NOT_FOUND');
      await audit(tx, ctx, {
        tenantId,
        action: 'centre.update',
        entityType: 'centre',
        entityId: id,
        details: { fields: Object.keys(input) },
      });
      return toCentre(row);
    });
  } catch (error) {
    translate(error);
  }
}

export async function deleteCentre(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  try {
    await inTenant(ctx, async (tx) => {
      if (!(await deleteCentreRow(tx, tenantId, id))) throw new AppError('NOT_FOUND');
      await audit(tx, ctx, { tenantId, action: 'centre.delete', entityType: 'centre', entityId: id });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CENTRE_IN_USE');
    throw error;
  }
}

const CENTRE_COLUMNS = [
  'code',
  'name',
  'address',
  'department',
  'latitude',
  'longitude',
  'phone',
  'hours',
  'active',
] as const;

function centreFromRow(row: Record<string, string>) {
  const number = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
  return {
    code: row.code,
    name: row.name,
    ...(row.address ? { address: row.address } : {}),
    ...(row.department ? { department: row.department } : {}),
    latitude: number(row.latitude),
    longitude: number(row.longitude),
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.hours ? { hours: row.hours } : {}),
    active: !/^(no|false|0|inactivo)$/i.test(row.active ?? ''),
  };
}

/** Imports centres by code (created or updated), reporting every refused row with its reasons. */
export async function uploadCentres(
  ctx: Ctx,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  const firstSeen = uniqueOn('code');
  const { total, accepted, refusals } = await readCsvUpload<Record<string, string>>(upload, {
    columns: CENTRE_COLUMNS,
    required: ['code', 'name', 'latitude', 'longitude'],
    locale: ctx.locale,
    check: (row, line) => {
      const parsed = CreateCentreSchema.safeParse(centreFromRow(row));
      if (!parsed.success) {
        return parsed.error.issues.map(
          (issue): RowError => ({
            field: String(issue.path[0] ?? ''),
            code: /^[A-Z_]+$/.test(issue.message) ? (issue.message as RowError['code']) : 'FIELD_INVALID',
          }),
        );
      }
      return firstSeen(row.code ?? '', line);
    },
  });
  refusals.settle(total, options.onlyValid);
  const report = { total, created: 0, updated: 0 };
  await inTenant(ctx, async (tx) => {
    for (const { row } of accepted) {
      const centre = CreateCentreSchema.parse(centreFromRow(row));
      if (
        await upsertCentreByCode(tx, { tenantId, ...centre, active: centre.active ?? true }, ctx.clock.now())
      )
        report.created += 1;
      else report.updated += 1;
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'centre.upload',
      entityType: 'centre',
      details: { total, created: report.created, updated: report.updated, refused: refusals.count },
    });
  });
  return { ...report, ...refusals.report() };
}

// --- groups ----------------------------------------------------------------------------------

async function assertCentres(tx: Tx, tenantId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await countCentresIn(tx, tenantId, unique)) !== unique.length)
    throw fieldError('centreIds', 'FIELD_INVALID');
  return unique;
}

function translateGroup(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('CENTRE_GROUP_NAME_TAKEN', [{ path: 'name', code: 'CENTRE_GROUP_NAME_TAKEN' }]);
  throw error;
}

export async function listCentreGroups(ctx: Ctx): Promise<CentreGroup[]> {
  const { tenantId } = actorOf(ctx);
  const groups = await inTenant(ctx, (tx) => listCentreGroupRows(tx, tenantId));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    centreIds: g.centreIds,
    createdAt: g.createdAt.toISOString(),
  }));
}

export async function getCentreGroup(ctx: Ctx, id: string): Promise<CentreGroup> {
  const group = (await listCentreGroups(ctx)).find((g) => g.id === id);
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

export async function createCentreGroup(ctx: Ctx, input: CentreGroupInput): Promise<CentreGroup> {
  const { tenantId } = actorOf(ctx);
  try {
    const id = await inTenant(ctx, async (tx) => {
      const ids = await assertCentres(tx, tenantId, input.centreIds);
      const row = await insertCentreGroup(tx, tenantId, input.name);
      await setCentreGroupMembers(tx, tenantId, row.id, ids);
      await audit(tx, ctx, {
        tenantId,
        action: 'centre-group.create',
        entityType: 'centre-group',
        entityId: row.id,
      });
      return row.id;
    });
    return getCentreGroup(ctx, id);
  } catch (error) {
    translateGroup(error);
  }
}

export async function updateCentreGroup(ctx: Ctx, id: string, input: CentreGroupInput): Promise<CentreGroup> {
  const { tenantId } = actorOf(ctx);
  try {
    await inTenant(ctx, async (tx) => {
      if (!(await renameCentreGroup(tx, tenantId, id, input.name))) throw new AppError('NOT_FOUND');
      await setCentreGroupMembers(tx, tenantId, id, await assertCentres(tx, tenantId, input.centreIds));
      await audit(tx, ctx, {
        tenantId,
        action: 'centre-group.update',
        entityType: 'centre-group',
        entityId: id,
      });
    });
    return getCentreGroup(ctx, id);
  } catch (error) {
    translateGroup(error);
  }
}

export async function deleteCentreGroup(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteCentreGroupRow(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId,
      action: 'centre-group.delete',
      entityType: 'centre-group',
      entityId: id,
    });
  });
}

/**
 * Records where a campaign's codes can be redeemed, in the caller's transaction (campaign create
 * and update). Every id must be a centre or group of the tenant.
 */
export async function setCampaignCentres(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  settings: { centreIds?: string[] | undefined; centreGroupIds?: string[] | undefined },
) {
  const centreIds = [...new Set(settings.centreIds ?? [])];
  const groupIds = [...new Set(settings.centreGroupIds ?? [])];
  if ((await countCentresIn(tx, tenantId, centreIds)) !== centreIds.length)
    throw fieldError('settings.centreIds', 'FIELD_INVALID');
  if ((await countCentreGroupsIn(tx, tenantId, groupIds)) !== groupIds.length)
    throw fieldError('settings.centreGroupIds', 'FIELD_INVALID');
  await setCampaignCentreRows(tx, tenantId, campaignId, centreIds, groupIds);
}

/** The active centres where a campaign's codes can be redeemed. */
export async function campaignCentres(tx: Tx, tenantId: string, campaignId: string): Promise<Centre[]> {
  return (await campaignCentreRows(tx, tenantId, campaignId)).map(toCentre);
}

/** Whether a centre of the tenant has this id (user forms check operators' centres). */
export async function centreExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  return (await findCentre(tx, tenantId, id)) !== undefined;
}
