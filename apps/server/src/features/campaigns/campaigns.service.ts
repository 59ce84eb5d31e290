import {
  type Campaign,
  type CampaignForm,
  type CampaignListQuery,
  CampaignSettings,
  type CreateCampaign,
  type Page,
  type StoredCampaignForm,
  type UpdateCampaign,
} from '@promo/contract';
import { richTextHtml } from '@promo/landing';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { databaseErrorAnswer } from '../../platform/http/database-errors.ts';
import { patchedJson } from '../../platform/merge-patch.ts';
import { campaignCentres, setCampaignCentres } from '../centres/index.ts';
import { findCountry } from '../countries/index.ts';
import { getCampaignRow } from './campaign-lookup.ts';
import {
  type CampaignRow,
  deleteCampaignRow,
  findGroup,
  formFieldsOf,
  hasParticipations,
  hasRewardCodes,
  insertCampaign,
  listCampaigns as listCampaignRows,
  toCampaign,
  updateCampaignRow,
} from './campaigns.repository.ts';
import { writeForm } from './forms.service.ts';

/** A terms or privacy text as stored: sanitised rich text, null when there is nothing to show. */
function storedRichText(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : richTextHtml(value) || null;
}

const date = (value: string | null | undefined) =>
  value ? new Date(value) : value === null ? null : undefined;

async function assertReferences(
  tx: Tx,
  tenantId: string,
  input: { countryCode?: string | undefined; groupId?: string | null | undefined },
) {
  if (input.countryCode && !(await findCountry(tx, input.countryCode)))
    throw fieldError('countryCode', 'FIELD_INVALID');
  if (input.groupId && !(await findGroup(tx, tenantId, input.groupId)))
    throw fieldError('groupId', 'FIELD_INVALID');
}

function translateUnique(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError('CAMPAIGN_NAME_TAKEN', [{ path: 'name', code: 'CAMPAIGN_NAME_TAKEN' }]);
  throw error;
}

export async function createCampaign(ctx: Ctx, input: CreateCampaign): Promise<Campaign> {
  const { tenantId } = actorOf(ctx);
  try {
    return await inTenant(ctx, async (tx) => {
      await assertReferences(tx, tenantId, input);
      const row = await insertCampaign(tx, {
        tenantId,
        name: input.name,
        title: input.title,
        description: input.description ?? null,
        kind: input.kind,
        countryCode: input.countryCode,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        redeemFrom: date(input.redeemFrom) ?? null,
        redeemUntil: date(input.redeemUntil) ?? null,
        terms: storedRichText(input.terms) ?? null,
        privacy: storedRichText(input.privacy) ?? null,
        groupId: input.groupId ?? null,
        settings: input.settings ?? {},
        active: false,
        archived: false,
      });
      if (input.settings) await setCampaignCentres(tx, tenantId, row.id, input.settings);
      await audit(tx, ctx, {
        tenantId,
        action: 'campaign.create',
        entityType: 'campaign',
        entityId: row.id,
        details: { kind: row.kind },
      });
      return toCampaign(row);
    });
  } catch (error) {
    translateUnique(error);
  }
}

export async function listCampaigns(ctx: Ctx, query: CampaignListQuery): Promise<Page<Campaign>> {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listCampaignRows(tx, tenantId, query));
  return { items: rows.map(toCampaign), total, page: query.page, pageSize: query.pageSize };
}

export async function getCampaign(ctx: Ctx, id: string): Promise<Campaign> {
  const { tenantId } = actorOf(ctx);
  return toCampaign(await inTenant(ctx, (tx) => getCampaignRow(tx, tenantId, id)));
}

/** A save made on `version` of a campaign someone saved since: refused, nothing written. */
const staleWrite = () => new AppError('STALE_WRITE', [{ path: 'version', code: 'STALE_WRITE' }]);

/**
 * Changes a campaign. Archived campaigns are read-only; once people have taken part, the
 * country (which decides identity and phone formats) can no longer change ('Campaign not updated').
 * With `version`, the change applies only to that version of the campaign (STALE_WRITE otherwise):
 * checked under the row's lock and again in the UPDATE's condition.
 */
export async function updateCampaign(ctx: Ctx, id: string, input: UpdateCampaign): Promise<Campaign> {
  const { tenantId } = actorOf(ctx);
  try {
    return await inTenant(ctx, async (tx) => {
      const current = await getCampaignRow(tx, tenantId, id, { lock: true });
      if (input.version !== undefined && input.version !== current.version) throw staleWrite();
      if (current.archived) throw new AppError('CAMPAIGN_ARCHIVED');
      await assertReferences(tx, tenantId, input);
      const startsAt = input.startsAt ? new Date(input.startsAt) : current.startsAt;
      const endsAt = input.endsAt ? new Date(input.endsAt) : current.endsAt;
      if (endsAt <= startsAt) throw fieldError('endsAt', 'DATE_RANGE_INVALID');
      // the stored window merged with the change, checked before the table's constraint sees it
      const redeemFrom =
        input.redeemFrom !== undefined ? (date(input.redeemFrom) ?? null) : current.redeemFrom;
      const redeemUntil =
        input.redeemUntil !== undefined ? (date(input.redeemUntil) ?? null) : current.redeemUntil;
      if (redeemFrom && redeemUntil && redeemUntil <= redeemFrom)
        throw fieldError('redeemUntil', 'DATE_RANGE_INVALID');
      // the campaign row is locked (FOR UPDATE) and a participation holds a key-share lock on it
      // from the moment it reads the campaign, so no participation can slip in between
      if (
        input.countryCode !== undefined &&
        input.countryCode !== current.countryCode &&
        (await hasParticipations(tx, tenantId, id))
      ) {
        throw new AppError('CAMPAIGN_NOT_UPDATED', [{ path: 'countryCode', code: 'COUNTRY_FIXED' }]);
      }
      const settings =
        input.settings !== undefined
          ? patchedJson(CampaignSettings, current.settings, input.settings, 'settings')
          : undefined;
      const row = await updateCampaignRow(
        tx,
        tenantId,
        id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.countryCode !== undefined ? { countryCode: input.countryCode } : {}),
          ...(input.terms !== undefined ? { terms: storedRichText(input.terms) } : {}),
          ...(input.privacy !== undefined ? { privacy: storedRichText(input.privacy) } : {}),
          ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
          ...(settings !== undefined ? { settings } : {}),
          startsAt,
          endsAt,
          redeemFrom,
          redeemUntil,
        },
        ctx.clock.now(),
        input.version,
      );
      if (!row) throw input.version !== undefined ? staleWrite() : new AppError('CAMPAIGN_NOT_UPDATED');
      if (settings) await setCampaignCentres(tx, tenantId, id, settings);
      await audit(tx, ctx, {
        tenantId,
        action: 'campaign.update',
        entityType: 'campaign',
        entityId: id,
        details: { fields: Object.keys(input).filter((key) => key !== 'version'), version: row.version },
      });
      return toCampaign(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) translateUnique(error);
    throw campaignNotUpdated(error);
  }
}

/**
 * A change the database refused (a group deleted meanwhile, a constraint, a deadlock with another
 * change) is 'Campaign not updated', on the field the refusal concerns when there is one.
 */
function campaignNotUpdated(error: unknown): unknown {
  const refusal = error instanceof AppError ? null : databaseErrorAnswer(error);
  return refusal ? new AppError('CAMPAIGN_NOT_UPDATED', refusal.details) : error;
}

/** Deletes a campaign without data; with participations (codes, draws…) it must be archived. */
export async function deleteCampaign(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  try {
    await inTenant(ctx, async (tx) => {
      await getCampaignRow(tx, tenantId, id, { lock: true });
      // the codes' key cascades (for a tenant's deletion), so they are asked for here; the lock
      // above makes any code's insert wait until this transaction ends
      if (await hasRewardCodes(tx, tenantId, id)) throw new AppError('CAMPAIGN_HAS_DATA');
      await deleteCampaignRow(tx, tenantId, id);
      await audit(tx, ctx, { tenantId, action: 'campaign.delete', entityType: 'campaign', entityId: id });
    });
  } catch (error) {
    // every other table holding a campaign's data references it without cascading
    if (isForeignKeyViolation(error)) throw new AppError('CAMPAIGN_HAS_DATA');
    throw error;
  }
}

/**
 * What stops a campaign from being switched on, in the order an admin mends it: its form, and for
 * a reward-code campaign somewhere to redeem the codes. The go-live checklist shows the same list.
 */
export async function activationBlockers(tx: Tx, campaign: CampaignRow): Promise<Array<'form' | 'centres'>> {
  const blockers: Array<'form' | 'centres'> = [];
  if (!formFieldsOf(campaign)) blockers.push('form');
  if (
    campaign.kind === 'reward_code' &&
    (await campaignCentres(tx, campaign.tenantId, campaign.id)).length === 0
  )
    blockers.push('centres');
  return blockers;
}

/** Activates (from draft or inactive) or deactivates a campaign. Activation needs a form. */
export async function setActiveStatus(ctx: Ctx, id: string, active: boolean): Promise<Campaign> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await getCampaignRow(tx, tenantId, id, { lock: true });
    if (current.archived) throw new AppError('CAMPAIGN_ARCHIVED');
    if (active) {
      const [blocker] = await activationBlockers(tx, current);
      if (blocker === 'form') throw new AppError('CAMPAIGN_FORM_MISSING');
      if (blocker === 'centres') throw fieldError('settings.centreIds', 'CENTRE_REQUIRED');
    }
    const now = ctx.clock.now();
    const row = await updateCampaignRow(
      tx,
      tenantId,
      id,
      { active, activatedAt: active ? (current.activatedAt ?? now) : current.activatedAt },
      now,
    );
    await audit(tx, ctx, {
      tenantId,
      action: active ? 'campaign.activate' : 'campaign.deactivate',
      entityType: 'campaign',
      entityId: id,
    });
    return toCampaign(row as CampaignRow);
  });
}

/** Archives (read-only, hidden from lists, inactive) or restores a campaign. */
export async function setArchived(ctx: Ctx, id: string, archived: boolean): Promise<Campaign> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await getCampaignRow(tx, tenantId, id, { lock: true });
    const row = await updateCampaignRow(
      tx,
      tenantId,
      id,
      archived ? { archived: true, active: false } : { archived: false },
      ctx.clock.now(),
    );
    await audit(tx, ctx, {
      tenantId,
      action: archived ? 'campaign.archive' : 'campaign.restore',
      entityType: 'campaign',
      entityId: id,
    });
    return toCampaign(row as CampaignRow);
  });
}

/** The saved form, or no fields for a campaign whose form was never saved. */
export async function getForm(ctx: Ctx, id: string): Promise<StoredCampaignForm> {
  const { tenantId } = actorOf(ctx);
  const row = await inTenant(ctx, (tx) => getCampaignRow(tx, tenantId, id));
  return { fields: formFieldsOf(row) ?? [] };
}

export async function setForm(ctx: Ctx, id: string, form: CampaignForm): Promise<CampaignForm> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await writeForm(tx, ctx, await getCampaignRow(tx, tenantId, id, { lock: true }), form.fields);
    return form;
  });
}
