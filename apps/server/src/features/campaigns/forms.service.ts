import type {
  CampaignForm,
  CreateFormDefinition,
  FormDefinition,
  FormField,
  FormListQuery,
  Page,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { getCampaignRow } from './campaign-lookup.ts';
import {
  type CampaignRow,
  formFieldsOf,
  hasParticipations,
  listCampaignsWithForms,
  lockCampaign,
  updateCampaignRow,
} from './campaigns.repository.ts';

/** A form definition is the form of one campaign: its id is the campaign's. */
function toFormDefinition(row: CampaignRow): FormDefinition {
  return {
    id: row.id,
    campaignId: row.id,
    campaignName: row.name,
    campaignTitle: row.title,
    fields: formFieldsOf(row) ?? [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves a campaign's form (archived campaigns are read-only), audited. */
export async function writeForm(
  tx: Tx,
  ctx: Ctx,
  current: CampaignRow,
  fields: FormField[],
): Promise<CampaignRow> {
  const { tenantId } = actorOf(ctx);
  if (current.archived) throw new AppError('CAMPAIGN_ARCHIVED');
  const row = await updateCampaignRow(tx, tenantId, current.id, { formFields: fields }, ctx.clock.now());
  await audit(tx, ctx, {
    tenantId,
    action: 'campaign.form',
    entityType: 'campaign',
    entityId: current.id,
    details: { fields: fields.length },
  });
  return row as CampaignRow;
}

/** The campaign whose form `id` is, locked or not; NOT_FOUND when it has none (or is another tenant's). */
async function formCampaign(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<CampaignRow> {
  const row = await getCampaignRow(tx, actorOf(ctx).tenantId, id, { lock });
  if (!formFieldsOf(row)) throw new AppError('NOT_FOUND');
  return row;
}

export async function listForms(ctx: Ctx, query: FormListQuery): Promise<Page<FormDefinition>> {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await inTenant(ctx, (tx) => listCampaignsWithForms(tx, tenantId, query));
  return { items: rows.map(toFormDefinition), total, page: query.page, pageSize: query.pageSize };
}

export async function getFormDefinition(ctx: Ctx, id: string): Promise<FormDefinition> {
  return toFormDefinition(await inTenant(ctx, (tx) => formCampaign(tx, ctx, id)));
}

/** The first form of a campaign; a campaign that has one already is `FORM_EXISTS`. */
export async function createFormDefinition(ctx: Ctx, input: CreateFormDefinition): Promise<FormDefinition> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const locked = await lockCampaign(tx, tenantId, input.campaignId);
    if (!locked) throw fieldError('campaignId', 'FIELD_INVALID');
    if (formFieldsOf(locked))
      throw new AppError('FORM_EXISTS', [{ path: 'campaignId', code: 'FORM_EXISTS' }]);
    return toFormDefinition(await writeForm(tx, ctx, locked, input.fields));
  });
}

export async function updateFormDefinition(
  ctx: Ctx,
  id: string,
  form: CampaignForm,
): Promise<FormDefinition> {
  return inTenant(ctx, async (tx) =>
    toFormDefinition(await writeForm(tx, ctx, await formCampaign(tx, ctx, id, true), form.fields)),
  );
}

/**
 * Removes a campaign's form while nobody depends on it: an active campaign needs its form, and
 * participations' answers are keyed by its fields (`FORM_IN_USE`).
 */
export async function deleteFormDefinition(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    const current = await formCampaign(tx, ctx, id, true);
    if (current.archived) throw new AppError('CAMPAIGN_ARCHIVED');
    if (current.active || (await hasParticipations(tx, tenantId, id))) throw new AppError('FORM_IN_USE');
    await updateCampaignRow(tx, tenantId, id, { formFields: null }, ctx.clock.now());
    await audit(tx, ctx, { tenantId, action: 'campaign.form.delete', entityType: 'campaign', entityId: id });
  });
}
