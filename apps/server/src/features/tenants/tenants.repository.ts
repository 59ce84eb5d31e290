import {
  type Tenant,
  TenantConfig,
  type TenantConfig as TenantConfigType,
  Theme,
  type Theme as ThemeType,
} from '@promo/contract';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { PLATFORM_TENANT_ID, tenants } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

export type TenantRow = typeof tenants.$inferSelect;

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    countryCode: row.countryCode ?? '',
    theme: Theme.parse(row.theme ?? {}),
    config: TenantConfig.parse(row.config ?? {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notPlatform = eq(tenants.isPlatform, false);

export async function findTenantBySlug(tx: Tx, slug: string): Promise<TenantRow | undefined> {
  const [row] = await tx
    .select()
    .from(tenants)
    .where(and(eq(tenants.slug, slug), notPlatform));
  return row;
}

/** Every brand's tenant id (not the platform's), in id order. */
export async function brandTenantIds(tx: Tx): Promise<Array<{ id: string }>> {
  return tx.select({ id: tenants.id }).from(tenants).where(notPlatform).orderBy(tenants.id);
}

/** A brand's tenant row; `lock`: locked for the rest of the transaction (a change). */
export async function findTenantById(
  tx: Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TenantRow | undefined> {
  const query = tx
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, id), notPlatform));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function listTenants(
  tx: Tx,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    status?: string | undefined;
  },
): Promise<{ rows: TenantRow[]; total: number }> {
  const where = and(
    notPlatform,
    query.status ? eq(tenants.status, query.status as 'active' | 'suspended') : undefined,
    query.q
      ? or(ilike(tenants.slug, containsPattern(query.q)), ilike(tenants.name, containsPattern(query.q)))
      : undefined,
  );
  const order = orderBy(
    query.sort,
    { slug: tenants.slug, name: tenants.name, status: tenants.status, createdAt: tenants.createdAt },
    sql`${tenants.slug}`,
  );
  const [rows, [totalRow]] = await oneByOne(
    () =>
      tx
        .select()
        .from(tenants)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(tenants).where(where),
  );
  return { rows, total: totalRow?.n ?? 0 };
}

export async function insertTenant(
  tx: Tx,
  values: { slug: string; name: string; countryCode: string; theme: ThemeType; config: TenantConfigType },
): Promise<TenantRow> {
  const [row] = await tx
    .insert(tenants)
    .values({ ...values, status: 'active', isPlatform: false })
    .returning();
  if (!row) throw new Error('tenant insert returned no row');
  return row;
}

export async function updateTenantRow(
  tx: Tx,
  id: string,
  values: Partial<Pick<TenantRow, 'name' | 'status' | 'countryCode' | 'theme' | 'config'>>,
  now: Date,
): Promise<TenantRow | undefined> {
  const [row] = await tx
    .update(tenants)
    .set({ ...values, updatedAt: now })
    .where(and(eq(tenants.id, id), notPlatform))
    .returning();
  return row;
}

/** Deletes a suspended tenant with everything it owns; answers whether a row was deleted. */
export async function deleteSuspendedTenant(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(tenants)
    .where(and(eq(tenants.id, id), notPlatform, eq(tenants.status, 'suspended')))
    .returning({ id: tenants.id });
  return rows.length > 0;
}

export async function countTenantsInCountry(tx: Tx, countryCode: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(tenants).where(eq(tenants.countryCode, countryCode));
  return row?.n ?? 0;
}

/** Moves the running transaction into another tenant's rows (tenant creation only). */
export async function switchTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

export { PLATFORM_TENANT_ID };
