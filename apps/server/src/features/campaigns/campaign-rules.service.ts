import { type CreateRule, type Rule, type RuleKind, RuleParams } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { patchedJson } from '../../platform/merge-patch.ts';
import {
  deleteRuleRow,
  findCampaign,
  findGroup,
  findRule,
  insertRule,
  listRules,
  type RuleRow,
  updateRuleParams,
} from './campaigns.repository.ts';

function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    campaignId: row.campaignId,
    groupId: row.groupId,
    kind: row.kind as RuleKind,
    params: row.params as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCampaignRules(
  ctx: Ctx,
  filter: { campaignId?: string | undefined; groupId?: string | undefined },
): Promise<Rule[]> {
  const { tenantId } = actorOf(ctx);
  return (await inTenant(ctx, (tx) => listRules(tx, tenantId, filter))).map(toRule);
}

/** Adds a rule to a campaign or to a campaign group, with its parameters' defaults applied. */
export async function createCampaignRule(ctx: Ctx, input: CreateRule): Promise<Rule> {
  const { tenantId } = actorOf(ctx);
  const params = RuleParams[input.kind].parse(input.params);
  return inTenant(ctx, async (tx) => {
    if (input.campaignId && !(await findCampaign(tx, tenantId, input.campaignId)))
      throw fieldError('campaignId', 'FIELD_INVALID');
    if (input.groupId && !(await findGroup(tx, tenantId, input.groupId)))
      throw fieldError('groupId', 'FIELD_INVALID');
    const row = await insertRule(tx, {
      tenantId,
      campaignId: input.campaignId ?? null,
      groupId: input.groupId ?? null,
      kind: input.kind,
      params,
    });
    await audit(tx, ctx, {
      tenantId,
      action: 'campaign-rule.create',
      entityType: 'campaign-rule',
      entityId: row.id,
      details: { kind: row.kind },
    });
    return toRule(row);
  });
}

/**
 * Merges a change of parameters into the rule's (a key set to null is removed), on its row
 * locked, and checks the result by the rule's kind.
 */
export async function updateCampaignRule(
  ctx: Ctx,
  id: string,
  change: Record<string, unknown>,
): Promise<Rule> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await findRule(tx, tenantId, id, { lock: true });
    if (!current) throw new AppError('NOT_FOUND');
    const params = patchedJson(RuleParams[current.kind as RuleKind], current.params, change, 'params');
    const row = await updateRuleParams(tx, tenantId, id, params);
    await audit(tx, ctx, {
      tenantId,
      action: 'campaign-rule.update',
      entityType: 'campaign-rule',
      entityId: id,
    });
    return toRule(row as RuleRow);
  });
}

export async function deleteCampaignRule(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    if (!(await deleteRuleRow(tx, tenantId, id))) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, {
      tenantId,
      action: 'campaign-rule.delete',
      entityType: 'campaign-rule',
      entityId: id,
    });
  });
}
