import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { landingGroups, landings, landingVersions } from '../../db/schema.ts';

export type LandingRow = typeof landings.$inferSelect;
export type LandingVersionRow = typeof landingVersions.$inferSelect;
export type LandingGroupRow = typeof landingGroups.$inferSelect;

const byId = (tenantId: string, id: string) => and(eq(landings.tenantId, tenantId), eq(landings.id, id));

export async function findLanding(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LandingRow | undefined> {
  const query = tx.select().from(landings).where(byId(tenantId, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Landings without their documents (lists stay small). */
export async function listLandings(tx: Tx, tenantId: string, campaignId?: string) {
  return tx
    .select({
      tenantId: landings.tenantId,
      id: landings.id,
      campaignId: landings.campaignId,
      name: landings.name,
      version: landings.version,
      publishedVersion: landings.publishedVersion,
      createdAt: landings.createdAt,
      updatedAt: landings.updatedAt,
    })
    .from(landings)
    .where(and(eq(landings.tenantId, tenantId), campaignId ? eq(landings.campaignId, campaignId) : undefined))
    .orderBy(desc(landings.createdAt), asc(landings.id));
}

export async function findLandingsIn(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: landings.id, campaignId: landings.campaignId })
    .from(landings)
    .where(and(eq(landings.tenantId, tenantId), inArray(landings.id, ids)));
}

export async function insertLanding(tx: Tx, values: typeof landings.$inferInsert): Promise<LandingRow> {
  const [row] = await tx.insert(landings).values(values).returning();
  if (!row) throw new Error('landing insert returned no row');
  return row;
}

/** Updates the landing; with `expectedVersion`, only when the draft is still at that version. */
export async function updateLandingRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof landings.$inferInsert>,
  now: Date,
  expectedVersion?: number,
): Promise<LandingRow | undefined> {
  const [row] = await tx
    .update(landings)
    .set({ ...values, updatedAt: now })
    .where(
      and(
        byId(tenantId, id),
        expectedVersion !== undefined ? eq(landings.version, expectedVersion) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function deleteLandingRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(landings).where(byId(tenantId, id));
}

export async function lastPublishedVersion(tx: Tx, tenantId: string, landingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(landingVersions.version) })
    .from(landingVersions)
    .where(and(eq(landingVersions.tenantId, tenantId), eq(landingVersions.landingId, landingId)));
  return row?.n ?? 0;
}

export async function insertLandingVersion(
  tx: Tx,
  values: typeof landingVersions.$inferInsert,
): Promise<LandingVersionRow> {
  const [row] = await tx.insert(landingVersions).values(values).returning();
  if (!row) throw new Error('landing version insert returned no row');
  return row;
}

export async function listLandingVersions(tx: Tx, tenantId: string, landingId: string) {
  return tx
    .select({
      version: landingVersions.version,
      publishedAt: landingVersions.publishedAt,
      publishedBy: landingVersions.publishedBy,
    })
    .from(landingVersions)
    .where(and(eq(landingVersions.tenantId, tenantId), eq(landingVersions.landingId, landingId)))
    .orderBy(desc(landingVersions.version));
}

export async function findLandingVersion(
  tx: Tx,
  tenantId: string,
  landingId: string,
  version: number,
): Promise<LandingVersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(landingVersions)
    .where(
      and(
        eq(landingVersions.tenantId, tenantId),
        eq(landingVersions.landingId, landingId),
        eq(landingVersions.version, version),
      ),
    );
  return row;
}

// --- groups ----------------------------------------------------------------------------------

const groupById = (tenantId: string, id: string) =>
  and(eq(landingGroups.tenantId, tenantId), eq(landingGroups.id, id));

export async function findLandingGroup(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx.select().from(landingGroups).where(groupById(tenantId, id));
  return row;
}

export async function findLandingGroupByName(tx: Tx, tenantId: string, name: string) {
  const [row] = await tx
    .select()
    .from(landingGroups)
    .where(and(eq(landingGroups.tenantId, tenantId), eq(landingGroups.name, name)));
  return row;
}

export async function listLandingGroups(tx: Tx, tenantId: string) {
  return tx
    .select()
    .from(landingGroups)
    .where(eq(landingGroups.tenantId, tenantId))
    .orderBy(asc(landingGroups.name));
}

/** The tenant's groups, most recently changed first (at most `limit`). */
export async function recentLandingGroups(tx: Tx, tenantId: string, limit: number) {
  return tx
    .select()
    .from(landingGroups)
    .where(eq(landingGroups.tenantId, tenantId))
    .orderBy(desc(landingGroups.updatedAt))
    .limit(limit);
}

export async function insertLandingGroup(
  tx: Tx,
  values: typeof landingGroups.$inferInsert,
): Promise<LandingGroupRow> {
  const [row] = await tx.insert(landingGroups).values(values).returning();
  if (!row) throw new Error('landing group insert returned no row');
  return row;
}

export async function updateLandingGroupRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof landingGroups.$inferInsert>,
  now: Date,
): Promise<LandingGroupRow | undefined> {
  const [row] = await tx
    .update(landingGroups)
    .set({ ...values, updatedAt: now })
    .where(groupById(tenantId, id))
    .returning();
  return row;
}

export async function deleteLandingGroupRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(landingGroups)
    .where(groupById(tenantId, id))
    .returning({ id: landingGroups.id });
  return rows.length > 0;
}

/** Takes a deleted landing out of every group's page list. */
export async function removeLandingFromGroups(tx: Tx, tenantId: string, landingId: string, now: Date) {
  await tx
    .update(landingGroups)
    .set({ landingIds: sql`array_remove(${landingGroups.landingIds}, ${landingId}::uuid)`, updatedAt: now })
    .where(
      and(eq(landingGroups.tenantId, tenantId), sql`${landingId}::uuid = any(${landingGroups.landingIds})`),
    );
}

/** The published document and version of each landing in `ids` (unpublished ones are absent). */
export async function findPublishedDocuments(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      landingId: landings.id,
      version: landingVersions.version,
      document: landingVersions.document,
    })
    .from(landings)
    .innerJoin(
      landingVersions,
      and(
        eq(landingVersions.tenantId, landings.tenantId),
        eq(landingVersions.landingId, landings.id),
        eq(landingVersions.version, landings.publishedVersion),
      ),
    )
    .where(and(eq(landings.tenantId, tenantId), inArray(landings.id, ids)));
}

/** The published version of each landing in `ids`: enough to know whether a cached page is current. */
export async function findPublishedVersions(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ landingId: landings.id, version: landings.publishedVersion })
    .from(landings)
    .where(and(eq(landings.tenantId, tenantId), inArray(landings.id, ids)));
}
