import type { Role, User, UserConfiguration } from '@promo/contract';
import { and, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { passwordResets, tenants, users } from '../../db/schema.ts';
import type { PrincipalRow } from '../../platform/auth/guard.ts';
import { iso } from '../../platform/iso.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: row.role,
    centreId: row.centreId,
    active: row.active,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byId = (tenantId: string, id: string) => and(eq(users.tenantId, tenantId), eq(users.id, id));

/** The names users are shown by (their name, or their username when it has none). */
export async function findUserNames(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name?.trim() || row.username]));
}

// crosses into tenants: the user and the state of their tenant in one read (every signed-in request)
export async function findPrincipal(tx: Tx, tenantId: string, userId: string): Promise<PrincipalRow | null> {
  const [row] = await tx
    .select({
      role: users.role,
      tokenVersion: users.tokenVersion,
      active: users.active,
      tenantStatus: tenants.status,
      tenantSlug: tenants.slug,
      isPlatform: tenants.isPlatform,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(byId(tenantId, userId));
  if (!row) return null;
  return { ...row, tenantSlug: row.isPlatform ? null : row.tenantSlug };
}

/** A user of the tenant; `lock`: the row locked for the rest of the transaction (a change). */
export async function findUser(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = tx.select().from(users).where(byId(tenantId, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function findUserByUsername(
  tx: Tx,
  tenantId: string,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username})`));
  return row;
}

export async function countUsers(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function listUsers(
  tx: Tx,
  tenantId: string,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    role?: Role | undefined;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    eq(users.tenantId, tenantId),
    query.role ? eq(users.role, query.role) : undefined,
    query.q
      ? or(
          ilike(users.username, containsPattern(query.q)),
          ilike(users.name, containsPattern(query.q)),
          ilike(users.email, containsPattern(query.q)),
        )
      : undefined,
  );
  const order = orderBy(
    query.sort,
    {
      username: users.username,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    },
    sql`lower(${users.username})`,
  );
  const [rows, [totalRow]] = await oneByOne(
    () =>
      tx
        .select()
        .from(users)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(users).where(where),
  );
  return { rows, total: totalRow?.n ?? 0 };
}

export async function insertUser(
  tx: Tx,
  values: {
    tenantId: string;
    username: string;
    passwordHash: string;
    role: Role;
    name?: string | null | undefined;
    email?: string | null | undefined;
    centreId?: string | null | undefined;
  },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, tokenVersion: 0, active: true, configuration: {} })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUserRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'email' | 'role' | 'centreId' | 'active' | 'lastLoginAt'>> & {
    configuration?: UserConfiguration;
  },
  now: Date,
  options: { revokeTokens?: boolean } = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      ...values,
      ...(options.revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: now,
    })
    .where(byId(tenantId, id))
    .returning();
  return row;
}

/** Bumps the token version: every token signed before stops working (sign-out). */
export async function revokeTokens(tx: Tx, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(byId(tenantId, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sets a new password and bumps the token version: every earlier token stops working. */
export async function setPassword(tx: Tx, tenantId: string, id: string, passwordHash: string, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(byId(tenantId, id))
    .returning();
  return row;
}

export async function deleteUserRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(users).where(byId(tenantId, id)).returning({ id: users.id });
  return rows.length > 0;
}

// --- password resets ------------------------------------------------------------------------

export async function insertPasswordReset(
  tx: Tx,
  values: { tenantId: string; tokenHash: string; userId: string; expiresAt: Date; createdBy: string | null },
): Promise<void> {
  await tx.insert(passwordResets).values(values);
}

/** The reset row a secret's hash names (visible through the transaction's reset scope). */
export async function findPasswordReset(tx: Tx, tokenHash: string) {
  const [row] = await tx.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

/** Marks a reset used, once: a second concurrent use finds no unused row. */
export async function consumePasswordReset(
  tx: Tx,
  tenantId: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tenantId, tenantId),
        eq(passwordResets.tokenHash, tokenHash),
        sql`${passwordResets.usedAt} is null`,
        sql`${passwordResets.expiresAt} > ${now}`,
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows.length > 0;
}
