import type { Centre } from '@promo/contract';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { campaignCentres, centreGroupMembers, centreGroups, redemptionCentres } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

export type CentreRow = typeof redemptionCentres.$inferSelect;

export function toCentre(row: CentreRow): Centre {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    department: row.department,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    hours: row.hours,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

const byId = (tenantId: string, id: string) =>
  and(eq(redemptionCentres.tenantId, tenantId), eq(redemptionCentres.id, id));

export async function findCentre(tx: Tx, tenantId: string, id: string): Promise<CentreRow | undefined> {
  const [row] = await tx.select().from(redemptionCentres).where(byId(tenantId, id));
  return row;
}

export async function listCentres(
  tx: Tx,
  tenantId: string,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    active?: 'true' | 'false' | undefined;
    groupId?: string | undefined;
  },
) {
  const where = and(
    eq(redemptionCentres.tenantId, tenantId),
    query.active ? eq(redemptionCentres.active, query.active === 'true') : undefined,
    query.q
      ? or(
          ilike(redemptionCentres.code, containsPattern(query.q)),
          ilike(redemptionCentres.name, containsPattern(query.q)),
          ilike(redemptionCentres.department, containsPattern(query.q)),
        )
      : undefined,
    query.groupId
      ? sql`exists (select 1 from centre_group_members m where m.tenant_id = "redemption_centres"."tenant_id" and m.centre_id = "redemption_centres"."id" and m.group_id = ${query.groupId})`
      : undefined,
  );
  const order = orderBy(
    query.sort,
    { code: redemptionCentres.code, name: redemptionCentres.name, department: redemptionCentres.department },
    sql`${redemptionCentres.code}`,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select()
        .from(redemptionCentres)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(redemptionCentres).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function insertCentre(
  tx: Tx,
  values: typeof redemptionCentres.$inferInsert,
): Promise<CentreRow> {
  const [row] = await tx.insert(redemptionCentres).values(values).returning();
  if (!row) throw new Error('centre insert returned no row');
  return row;
}

/** Creates or updates a centre by its code; answers whether it was new. */
export async function upsertCentreByCode(
  tx: Tx,
  values: typeof redemptionCentres.$inferInsert,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(redemptionCentres)
    .values(values)
    .onConflictDoUpdate({
      target: [redemptionCentres.tenantId, redemptionCentres.code],
      set: {
        name: sql`excluded.name`,
        address: sql`excluded.address`,
        department: sql`excluded.department`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        phone: sql`excluded.phone`,
        hours: sql`excluded.hours`,
        active: sql`excluded.active`,
        updatedAt: now,
      },
    })
    .returning({ created: sql<boolean>`xmax = 0` });
  return Boolean(rows[0]?.created);
}

export async function updateCentreRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof redemptionCentres.$inferInsert>,
  now: Date,
) {
  const [row] = await tx
    .update(redemptionCentres)
    .set({ ...values, updatedAt: now })
    .where(byId(tenantId, id))
    .returning();
  return row;
}

export async function deleteCentreRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(redemptionCentres)
    .where(byId(tenantId, id))
    .returning({ id: redemptionCentres.id });
  return rows.length > 0;
}

export async function countCentresIn(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(redemptionCentres)
    .where(and(eq(redemptionCentres.tenantId, tenantId), inArray(redemptionCentres.id, ids)));
  return row?.n ?? 0;
}

// --- groups ----------------------------------------------------------------------------------

export async function listCentreGroups(tx: Tx, tenantId: string) {
  const [groups, members] = await oneByOne(
    () =>
      tx.select().from(centreGroups).where(eq(centreGroups.tenantId, tenantId)).orderBy(centreGroups.name),
    () => tx.select().from(centreGroupMembers).where(eq(centreGroupMembers.tenantId, tenantId)),
  );
  return groups.map((g) => ({
    ...g,
    centreIds: members.filter((m) => m.groupId === g.id).map((m) => m.centreId),
  }));
}

export async function countCentreGroupsIn(tx: Tx, tenantId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(centreGroups)
    .where(and(eq(centreGroups.tenantId, tenantId), inArray(centreGroups.id, ids)));
  return row?.n ?? 0;
}

export async function insertCentreGroup(tx: Tx, tenantId: string, name: string) {
  const [row] = await tx.insert(centreGroups).values({ tenantId, name }).returning();
  if (!row) throw new Error('group insert returned no row');
  return row;
}

export async function renameCentreGroup(
  tx: Tx,
  tenantId: string,
  id: string,
  name: string,
): Promise<boolean> {
  const rows = await tx
    .update(centreGroups)
    .set({ name })
    .where(and(eq(centreGroups.tenantId, tenantId), eq(centreGroups.id, id)))
    .returning({ id: centreGroups.id });
  return rows.length > 0;
}

export async function setCentreGroupMembers(tx: Tx, tenantId: string, groupId: string, centreIds: string[]) {
  await tx
    .delete(centreGroupMembers)
    .where(and(eq(centreGroupMembers.tenantId, tenantId), eq(centreGroupMembers.groupId, groupId)));
  if (centreIds.length > 0)
    await tx
      .insert(centreGroupMembers)
      .values(centreIds.map((centreId) => ({ tenantId, groupId, centreId })));
}

export async function deleteCentreGroupRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(centreGroups)
    .where(and(eq(centreGroups.tenantId, tenantId), eq(centreGroups.id, id)))
    .returning({ id: centreGroups.id });
  return rows.length > 0;
}

// --- where a campaign's codes can be redeemed -------------------------------------------------

export async function setCampaignCentreRows(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  centreIds: string[],
  groupIds: string[],
) {
  await tx
    .delete(campaignCentres)
    .where(and(eq(campaignCentres.tenantId, tenantId), eq(campaignCentres.campaignId, campaignId)));
  const rows = [
    ...centreIds.map((centreId) => ({ tenantId, campaignId, centreId, groupId: null })),
    ...groupIds.map((groupId) => ({ tenantId, campaignId, centreId: null, groupId })),
  ];
  if (rows.length > 0) await tx.insert(campaignCentres).values(rows);
}

/** The active centres where a campaign's codes can be redeemed (listed, or in a listed group). */
export async function campaignCentreRows(tx: Tx, tenantId: string, campaignId: string): Promise<CentreRow[]> {
  return tx
    .select()
    .from(redemptionCentres)
    .where(
      and(
        eq(redemptionCentres.tenantId, tenantId),
        eq(redemptionCentres.active, true),
        sql`exists (select 1 from campaign_centres cc
                    left join centre_group_members m on m.tenant_id = cc.tenant_id and m.group_id = cc.group_id
                    where cc.tenant_id = "redemption_centres"."tenant_id" and cc.campaign_id = ${campaignId}
                      and coalesce(cc.centre_id, m.centre_id) = "redemption_centres"."id")`,
      ),
    )
    .orderBy(redemptionCentres.name);
}
