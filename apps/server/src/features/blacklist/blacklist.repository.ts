import type { BlacklistEntry } from '@promo/contract';
import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { blacklist } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

type Row = typeof blacklist.$inferSelect;

export function toBlacklistEntry(row: Row): BlacklistEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertBlacklistEntry(tx: Tx, values: typeof blacklist.$inferInsert): Promise<Row> {
  const [row] = await tx.insert(blacklist).values(values).returning();
  if (!row) throw new Error('blacklist insert returned no row');
  return row;
}

export async function listBlacklist(
  tx: Tx,
  tenantId: string,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    kind?: Row['kind'] | undefined;
    campaignId?: string | undefined;
  },
) {
  const where = and(
    eq(blacklist.tenantId, tenantId),
    query.kind ? eq(blacklist.kind, query.kind) : undefined,
    query.campaignId ? eq(blacklist.campaignId, query.campaignId) : undefined,
    query.q
      ? or(
          ilike(blacklist.value, containsPattern(query.q)),
          ilike(blacklist.reason, containsPattern(query.q)),
        )
      : undefined,
  );
  const order = orderBy(
    query.sort,
    { value: blacklist.value, kind: blacklist.kind, createdAt: blacklist.createdAt },
    sql`${blacklist.createdAt} desc`,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select()
        .from(blacklist)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(blacklist).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

export async function deleteBlacklistEntry(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(blacklist)
    .where(and(eq(blacklist.tenantId, tenantId), eq(blacklist.id, id)))
    .returning({ id: blacklist.id });
  return rows.length > 0;
}

/** Adds an entry unless the same value is already listed; answers whether it was added. */
export async function insertBlacklistEntryIfNew(
  tx: Tx,
  values: typeof blacklist.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(blacklist)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: blacklist.id });
  return rows.length > 0;
}

/** The values listed for the whole tenant or for this campaign, by kind (as stored: normalised). */
export async function listedValuesFor(tx: Tx, tenantId: string, campaignId: string) {
  const rows = await tx
    .select({ kind: blacklist.kind, value: blacklist.value })
    .from(blacklist)
    .where(
      and(
        eq(blacklist.tenantId, tenantId),
        or(isNull(blacklist.campaignId), eq(blacklist.campaignId, campaignId)),
      ),
    );
  const of = (kind: Row['kind']) => rows.filter((r) => r.kind === kind).map((r) => r.value);
  return { cedulas: of('cedula'), phones: of('phone'), emails: of('email') };
}
