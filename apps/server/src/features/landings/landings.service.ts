import type {
  CreateLanding,
  Landing,
  LandingListQuery,
  LandingSummary,
  LandingVersion,
  UpdateLanding,
} from '@promo/contract';
import { importDocument, validateDocument } from '@promo/landing';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { campaignState, findCampaign } from '../campaigns/index.ts';
import { isTenantImageUrl } from '../images/index.ts';
import {
  deleteLandingRow,
  findLanding,
  findLandingVersion,
  insertLanding,
  insertLandingVersion,
  type LandingRow,
  lastPublishedVersion,
  listLandings as listLandingRows,
  listLandingVersions,
  removeLandingFromGroups,
  updateLandingRow,
} from './landings.repository.ts';
import { forgetPublicPages } from './public-page.ts';

/** At most this many document issues are answered (a broken document can have thousands). */
const MAX_ISSUES = 50;

export function toLandingSummary(row: Omit<LandingRow, 'document'>): LandingSummary {
  return {
    id: row.id,
    campaignId: row.campaignId,
    name: row.name,
    version: row.version,
    publishedVersion: row.publishedVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLanding(row: LandingRow): Landing {
  return { ...toLandingSummary(row), document: row.document as Record<string, unknown> };
}

const shareImageOf = (document: unknown): unknown =>
  (document as { page?: { shareImageUrl?: unknown } } | null)?.page?.shareImageUrl;

/**
 * Refuses a new share image that is not one of the tenant's images (the library's own address),
 * so a page never shows an image of another site or tenant when shared. A share image the saved
 * draft already has (set before this rule) is kept.
 */
async function assertShareImage(ctx: Ctx, tx: Tx, document: unknown, saved?: unknown): Promise<void> {
  const url = shareImageOf(document);
  if (typeof url !== 'string' || url === '' || (saved !== undefined && url === shareImageOf(saved))) return;
  const { tenantId, tenantSlug } = actorOf(ctx);
  if (!tenantSlug || !(await isTenantImageUrl(tx, { id: tenantId, slug: tenantSlug }, url)))
    throw fieldError('document.page.shareImageUrl', 'SHARE_IMAGE_NOT_IN_LIBRARY');
}

/** Refuses a document that breaks the builder's rules, with one detail per issue (`document.<path>`). */
export function assertValidDocument(document: unknown): void {
  const issues = validateDocument(document);
  if (issues.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    issues.slice(0, MAX_ISSUES).map((issue) => ({
      path: issue.path ? `document.${issue.path}` : 'document',
      code: issue.code,
    })),
  );
}

export async function getLandingRow(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LandingRow> {
  const row = await findLanding(tx, tenantId, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listLandings(ctx: Ctx, query: LandingListQuery): Promise<LandingSummary[]> {
  const { tenantId } = actorOf(ctx);
  const rows = await inTenant(ctx, (tx) => listLandingRows(tx, tenantId, query.campaignId));
  return rows.map(toLandingSummary);
}

export async function getLanding(ctx: Ctx, id: string): Promise<Landing> {
  const { tenantId } = actorOf(ctx);
  return toLanding(await inTenant(ctx, (tx) => getLandingRow(tx, tenantId, id)));
}

/**
 * Inserts a landing's draft (version 1) for a campaign of the caller's tenant, in the caller's
 * transaction; the document is checked by the caller (`assertValidDocument`).
 */
export async function insertLandingIn(
  ctx: Ctx,
  tx: Tx,
  input: CreateLanding,
): Promise<{ id: string; version: number }> {
  const { tenantId } = actorOf(ctx);
  if (!(await findCampaign(tx, tenantId, input.campaignId))) throw fieldError('campaignId', 'FIELD_INVALID');
  await assertShareImage(ctx, tx, input.document);
  const row = await insertLanding(tx, {
    tenantId,
    campaignId: input.campaignId,
    name: input.name,
    document: input.document,
    version: 1,
  });
  await audit(tx, ctx, { tenantId, action: 'landing.create', entityType: 'landing', entityId: row.id });
  return { id: row.id, version: row.version };
}

/** Creates a landing's draft (version 1) for a campaign of the caller's tenant. */
export async function createLanding(
  ctx: Ctx,
  input: CreateLanding,
): Promise<{ id: string; version: number }> {
  assertValidDocument(input.document);
  return inTenant(ctx, (tx) => insertLandingIn(ctx, tx, input));
}

/**
 * Creates a landing's draft from a document that may be in the design proposal's format (see
 * `importDocument` of @promo/landing); the converted document passes the same checks.
 */
export function importLanding(ctx: Ctx, input: CreateLanding): Promise<{ id: string; version: number }> {
  return createLanding(ctx, {
    ...input,
    document: importDocument(input.document) as CreateLanding['document'],
  });
}

/**
 * Saves the draft (document and/or name). With `version`, the save applies only if nobody saved
 * since ('Landing not updated' otherwise). Publishing is a separate step.
 */
export async function updateLanding(ctx: Ctx, id: string, input: UpdateLanding): Promise<Landing> {
  const { tenantId } = actorOf(ctx);
  if (input.document !== undefined) assertValidDocument(input.document);
  return inTenant(ctx, async (tx) => {
    const current = await getLandingRow(tx, tenantId, id, { lock: true });
    if (input.version !== undefined && input.version !== current.version)
      throw new AppError('LANDING_NOT_UPDATED', [{ path: 'version', code: 'CONFLICT' }]);
    if (input.document !== undefined) await assertShareImage(ctx, tx, input.document, current.document);
    const row = await updateLandingRow(
      tx,
      tenantId,
      id,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.document !== undefined ? { document: input.document } : {}),
        version: current.version + 1,
      },
      ctx.clock.now(),
      current.version,
    );
    if (!row) throw new AppError('LANDING_NOT_UPDATED');
    await audit(tx, ctx, {
      tenantId,
      action: 'landing.update',
      entityType: 'landing',
      entityId: id,
      details: { fields: Object.keys(input), version: row.version },
    });
    return toLanding(row);
  });
}

/** Deletes a landing, unless it is published in an active campaign ('Cannot delete the landing'). */
export async function deleteLanding(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    const current = await getLandingRow(tx, tenantId, id, { lock: true });
    const campaign = await findCampaign(tx, tenantId, current.campaignId);
    if (current.publishedVersion !== null && campaign && campaignState(campaign) === 'active')
      throw new AppError('LANDING_NOT_DELETABLE');
    await removeLandingFromGroups(tx, tenantId, id, ctx.clock.now());
    await deleteLandingRow(tx, tenantId, id);
    await audit(tx, ctx, { tenantId, action: 'landing.delete', entityType: 'landing', entityId: id });
  });
  forgetPublicPages(ctx);
}

/**
 * Publishes the landing's current draft as its next immutable version, in the caller's
 * transaction (the public pages of this process are forgotten by the caller, after the commit).
 */
export async function publishIn(ctx: Ctx, tx: Tx, id: string): Promise<LandingRow> {
  const { tenantId, userId } = actorOf(ctx);
  const current = await getLandingRow(tx, tenantId, id, { lock: true });
  assertValidDocument(current.document);
  const version = (await lastPublishedVersion(tx, tenantId, id)) + 1;
  const now = ctx.clock.now();
  await insertLandingVersion(tx, {
    tenantId,
    landingId: id,
    version,
    document: current.document,
    publishedAt: now,
    publishedBy: userId,
  });
  const row = await updateLandingRow(tx, tenantId, id, { publishedVersion: version }, now);
  await audit(tx, ctx, {
    tenantId,
    action: 'landing.publish',
    entityType: 'landing',
    entityId: id,
    details: { version },
  });
  return row as LandingRow;
}

/** Publishes the current draft as the next immutable version; the public page shows it at once. */
export async function publishLanding(ctx: Ctx, id: string): Promise<Landing> {
  const landing = await inTenant(ctx, async (tx) => toLanding(await publishIn(ctx, tx, id)));
  forgetPublicPages(ctx);
  return landing;
}

export async function listVersions(ctx: Ctx, id: string): Promise<LandingVersion[]> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const landing = await getLandingRow(tx, tenantId, id);
    const rows = await listLandingVersions(tx, tenantId, id);
    return rows.map((row) => ({
      version: row.version,
      publishedAt: row.publishedAt.toISOString(),
      publishedBy: row.publishedBy,
      current: row.version === landing.publishedVersion,
    }));
  });
}

/**
 * Rolls back to an earlier published version: the public page shows it again and the draft
 * becomes a copy of it (so the next publish starts from it). Later versions are kept.
 */
export async function rollbackLanding(ctx: Ctx, id: string, version: number): Promise<Landing> {
  const { tenantId } = actorOf(ctx);
  const landing = await inTenant(ctx, async (tx) => {
    const current = await getLandingRow(tx, tenantId, id, { lock: true });
    const target = await findLandingVersion(tx, tenantId, id, version);
    if (!target) throw fieldError('version', 'FIELD_INVALID');
    const row = await updateLandingRow(
      tx,
      tenantId,
      id,
      { publishedVersion: version, document: target.document, version: current.version + 1 },
      ctx.clock.now(),
    );
    await audit(tx, ctx, {
      tenantId,
      action: 'landing.rollback',
      entityType: 'landing',
      entityId: id,
      details: { version },
    });
    return toLanding(row as LandingRow);
  });
  forgetPublicPages(ctx);
  return landing;
}

/** A new unpublished landing with a copy of the draft, named "<name> (copia)". */
export async function duplicateLanding(ctx: Ctx, id: string): Promise<Landing> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await getLandingRow(tx, tenantId, id);
    const row = await insertLanding(tx, {
      tenantId,
      campaignId: current.campaignId,
      name: `${current.name} (copia)`.slice(0, 100),
      document: current.document,
      version: 1,
    });
    await audit(tx, ctx, {
      tenantId,
      action: 'landing.duplicate',
      entityType: 'landing',
      entityId: row.id,
      details: { from: id },
    });
    return toLanding(row);
  });
}
