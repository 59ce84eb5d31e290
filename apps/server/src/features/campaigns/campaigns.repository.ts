import type { Campaign, CampaignListQuery, CampaignState, FormField, FormListQuery } from '@promo/contract';
import { and, count, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { campaignGroups, campaignRules, campaigns, participations, rewardCodes } from '../../db/schema.ts';
import { iso } from '../../platform/iso.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export function campaignState(row: Pick<CampaignRow, 'archived' | 'active' | 'activatedAt'>): CampaignState {
  if (row.archived) return 'archived';
  if (!row.activatedAt) return 'draft';
  return row.active ? 'active' : 'inactive';
}

export function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    kind: row.kind,
    countryCode: row.countryCode,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    redeemFrom: iso(row.redeemFrom),
    redeemUntil: iso(row.redeemUntil),
    terms: row.terms,
    privacy: row.privacy,
    groupId: row.groupId,
    settings: (row.settings ?? {}) as Record<string, unknown>,
    active: row.active,
    archived: row.archived,
    state: campaignState(row),
    hasForm: Array.isArray(row.formFields),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function formFieldsOf(row: CampaignRow): FormField[] | null {
  return Array.isArray(row.formFields) ? (row.formFields as FormField[]) : null;
}

const byId = (tenantId: string, id: string) => and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id));

export async function findCampaign(tx: Tx, tenantId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(campaigns).where(byId(tenantId, id));
  return row;
}

/** The campaign row locked for the rest of the transaction (state changes). */
export async function lockCampaign(tx: Tx, tenantId: string, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(campaigns).where(byId(tenantId, id)).for('update');
  return row;
}

/** Whether `table` holds a row of the campaign: one row read by the table's (tenant, campaign) index. */
// crosses into participations: for hasParticipations below
// crosses into reward-codes: for hasRewardCodes below
async function campaignHasRow(
  tx: Tx,
  table: typeof participations | typeof rewardCodes,
  tenantId: string,
  campaignId: string,
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.campaignId, campaignId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether anyone has taken part in the campaign. */
// crosses into participations: participations depends on campaigns, so asking its face would close a cycle; a read of one row
export const hasParticipations = (tx: Tx, tenantId: string, campaignId: string) =>
  campaignHasRow(tx, participations, tenantId, campaignId);

/**
 * Whether the campaign has reward codes (generated, uploaded or pickup vouchers). Their key to the
 * campaign cascades (migration 0039, for a tenant's deletion), so a campaign's own deletion asks
 * this first, under the campaign's row lock.
 */
// crosses into reward-codes: reward-codes depends on campaigns, so asking its face would close a cycle; a read of one row
export const hasRewardCodes = (tx: Tx, tenantId: string, campaignId: string) =>
  campaignHasRow(tx, rewardCodes, tenantId, campaignId);

export async function findCampaignByName(
  tx: Tx,
  tenantId: string,
  name: string,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.name, name)));
  return row;
}

const STATE_FILTERS: Record<CampaignState, SQL> = {
  draft: sql`${campaigns.activatedAt} is null and not ${campaigns.archived}`,
  active: sql`${campaigns.active} and not ${campaigns.archived}`,
  inactive: sql`not ${campaigns.active} and ${campaigns.activatedAt} is not null and not ${campaigns.archived}`,
  archived: sql`${campaigns.archived}`,
};

export async function listCampaigns(tx: Tx, tenantId: string, query: CampaignListQuery) {
  const where = and(
    eq(campaigns.tenantId, tenantId),
    query.kind ? eq(campaigns.kind, query.kind) : undefined,
    query.state ? STATE_FILTERS[query.state] : undefined,
    query.archived === 'any' || query.state === 'archived'
      ? undefined
      : eq(campaigns.archived, query.archived === 'true'),
    query.groupId ? eq(campaigns.groupId, query.groupId) : undefined,
    query.q
      ? or(ilike(campaigns.name, containsPattern(query.q)), ilike(campaigns.title, containsPattern(query.q)))
      : undefined,
  );
  const order = orderBy(
    query.sort,
    {
      name: campaigns.name,
      title: campaigns.title,
      kind: campaigns.kind,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      createdAt: campaigns.createdAt,
    },
    sql`${campaigns.createdAt} desc`,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select()
        .from(campaigns)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(campaigns).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The campaigns that have a form (the `forms` resource), by name. */
export async function listCampaignsWithForms(tx: Tx, tenantId: string, query: FormListQuery) {
  const where = and(
    eq(campaigns.tenantId, tenantId),
    isNotNull(campaigns.formFields),
    query.q
      ? or(ilike(campaigns.name, containsPattern(query.q)), ilike(campaigns.title, containsPattern(query.q)))
      : undefined,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select()
        .from(campaigns)
        .where(where)
        .orderBy(campaigns.name)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(campaigns).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function insertCampaign(tx: Tx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned no row');
  return row;
}

/**
 * Writes the campaign's row and moves its version on by one, in the one UPDATE; with
 * `expectedVersion`, only while the stored version is that one (none when someone saved since).
 */
export async function updateCampaignRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Omit<Partial<typeof campaigns.$inferInsert>, 'version'>,
  now: Date,
  expectedVersion?: number,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .update(campaigns)
    .set({ ...values, updatedAt: now, version: sql`${campaigns.version} + 1` })
    .where(
      and(
        byId(tenantId, id),
        expectedVersion !== undefined ? eq(campaigns.version, expectedVersion) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function deleteCampaignRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(campaigns).where(byId(tenantId, id)).returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function countCampaignsIn(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), inArray(campaigns.id, ids)));
  return row?.n ?? 0;
}

/** A rule as the participation engine reads it. */
export type CampaignRule = {
  id: string;
  kind: string;
  params: unknown;
  groupId: string | null;
  campaignId: string | null;
};

/**
 * A campaign by its public name with the rules that apply to it (its own and its group's), in
 * one round trip: the participation hot path.
 */
export async function findCampaignWithRules(
  tx: Tx,
  tenantId: string,
  name: string,
  options: { keyShare?: boolean } = {},
): Promise<{ campaign: CampaignRow; rules: CampaignRule[]; version: string } | undefined> {
  const query = tx
    .select({
      campaign: campaigns,
      // what the participation's one call compares (migration 0026): campaign and rules unchanged
      version: sql<string>`campaign_version("campaigns"."tenant_id", "campaigns"."id")`,
      // written out: drizzle renders bare column names inside a sub-select
      rules: sql<CampaignRule[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'kind', r.kind, 'params', r.params, 'groupId', r.group_id, 'campaignId', r.campaign_id) order by r.created_at)
        from campaign_rules r
        where r.tenant_id = "campaigns"."tenant_id"
          and (r.campaign_id = "campaigns"."id" or (r.group_id is not null and r.group_id = "campaigns"."group_id"))), '[]'::json)`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.name, name)));
  // the lock the participation's foreign key takes anyway, taken at read time: a campaign change
  // that locks the row for update (the country) waits for it, and it waits for that change
  const [row] = options.keyShare ? await query.for('key share', { of: campaigns }) : await query;
  if (!row) return undefined;
  const rules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as CampaignRule[]) : row.rules;
  return { campaign: row.campaign, rules, version: row.version };
}

// --- groups ----------------------------------------------------------------------------------

export type CampaignGroupRow = typeof campaignGroups.$inferSelect;

export async function findGroup(tx: Tx, tenantId: string, id: string): Promise<CampaignGroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaignGroups)
    .where(and(eq(campaignGroups.tenantId, tenantId), eq(campaignGroups.id, id)));
  return row;
}

export async function listGroups(tx: Tx, tenantId: string) {
  const [groups, members] = await oneByOne(
    () =>
      tx
        .select()
        .from(campaignGroups)
        .where(eq(campaignGroups.tenantId, tenantId))
        .orderBy(campaignGroups.name),
    () =>
      tx
        .select({ id: campaigns.id, groupId: campaigns.groupId })
        .from(campaigns)
        .where(and(eq(campaigns.tenantId, tenantId), sql`${campaigns.groupId} is not null`)),
  );
  return groups.map((g) => ({
    ...g,
    campaignIds: members.filter((m) => m.groupId === g.id).map((m) => m.id),
  }));
}

export async function insertGroup(
  tx: Tx,
  values: typeof campaignGroups.$inferInsert,
): Promise<CampaignGroupRow> {
  const [row] = await tx.insert(campaignGroups).values(values).returning();
  if (!row) throw new Error('group insert returned no row');
  return row;
}

export async function updateGroupRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: { name: string; description: string | null },
) {
  const [row] = await tx
    .update(campaignGroups)
    .set(values)
    .where(and(eq(campaignGroups.tenantId, tenantId), eq(campaignGroups.id, id)))
    .returning();
  return row;
}

/** Makes `campaignIds` exactly the members of the group. */
export async function setGroupMembers(
  tx: Tx,
  tenantId: string,
  groupId: string,
  campaignIds: string[],
  now: Date,
) {
  // a campaign whose group changes is saved (its version moves on); one that stays is left alone
  await tx
    .update(campaigns)
    .set({ groupId: null, updatedAt: now, version: sql`${campaigns.version} + 1` })
    .where(
      and(
        eq(campaigns.tenantId, tenantId),
        eq(campaigns.groupId, groupId),
        campaignIds.length > 0 ? sql`not (${inArray(campaigns.id, campaignIds)})` : undefined,
      ),
    );
  await tx
    .update(campaigns)
    .set({ groupId, updatedAt: now, version: sql`${campaigns.version} + 1` })
    .where(
      and(
        eq(campaigns.tenantId, tenantId),
        inArray(campaigns.id, campaignIds),
        sql`${campaigns.groupId} is distinct from ${groupId}`,
      ),
    );
}

export async function deleteGroupRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(campaignGroups)
    .where(and(eq(campaignGroups.tenantId, tenantId), eq(campaignGroups.id, id)))
    .returning({ id: campaignGroups.id });
  return rows.length > 0;
}

// --- rules -----------------------------------------------------------------------------------

export type RuleRow = typeof campaignRules.$inferSelect;

export async function listRules(
  tx: Tx,
  tenantId: string,
  filter: { campaignId?: string | undefined; groupId?: string | undefined },
) {
  return tx
    .select()
    .from(campaignRules)
    .where(
      and(
        eq(campaignRules.tenantId, tenantId),
        filter.campaignId ? eq(campaignRules.campaignId, filter.campaignId) : undefined,
        filter.groupId ? eq(campaignRules.groupId, filter.groupId) : undefined,
      ),
    )
    .orderBy(campaignRules.createdAt);
}

export async function insertRule(tx: Tx, values: typeof campaignRules.$inferInsert): Promise<RuleRow> {
  const [row] = await tx.insert(campaignRules).values(values).returning();
  if (!row) throw new Error('rule insert returned no row');
  return row;
}

/** A rule; `lock`: its row locked for the rest of the transaction (a change). */
export async function findRule(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RuleRow | undefined> {
  const query = tx
    .select()
    .from(campaignRules)
    .where(and(eq(campaignRules.tenantId, tenantId), eq(campaignRules.id, id)));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function updateRuleParams(
  tx: Tx,
  tenantId: string,
  id: string,
  params: unknown,
): Promise<RuleRow | undefined> {
  const [row] = await tx
    .update(campaignRules)
    .set({ params })
    .where(and(eq(campaignRules.tenantId, tenantId), eq(campaignRules.id, id)))
    .returning();
  return row;
}

export async function deleteRuleRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(campaignRules)
    .where(and(eq(campaignRules.tenantId, tenantId), eq(campaignRules.id, id)))
    .returning({ id: campaignRules.id });
  return rows.length > 0;
}

/** The campaigns of a group (the scope of group rules). */
export async function groupCampaignIds(tx: Tx, tenantId: string, groupId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.groupId, groupId)));
  return rows.map((r) => r.id);
}

/** A tenant's campaigns that hold points and have an expiry policy, with their country's time zone. */
// crosses into countries: each campaign with its country's time zone, read together
export async function campaignsWithExpiry(
  tx: Tx,
  tenantId: string,
): Promise<Array<{ id: string; time_zone: string }>> {
  return queryRows<{ id: string; time_zone: string }>(
    tx,
    sql`select c.id, co.time_zone from campaigns c join countries co on co.code = c.country_code
        where c.tenant_id = ${tenantId} and c.kind in ('points', 'marketplace')
          and (c.settings ? 'pointsExpiryDays')`,
  );
}
