import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { marketplaceProducts, marketplaces } from '../../db/schema.ts';
import { containsPattern } from '../../platform/sql.ts';

export type MarketplaceRow = typeof marketplaces.$inferSelect;

const byId = (tenantId: string, id: string) =>
  and(eq(marketplaces.tenantId, tenantId), eq(marketplaces.id, id));

/** The marketplace's row; `lock`: locked for the rest of the transaction (a change). */
export async function findMarketplace(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<MarketplaceRow | undefined> {
  const query = tx.select().from(marketplaces).where(byId(tenantId, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The ids of a marketplace's products, in their order. */
export async function productIdsOf(tx: Tx, tenantId: string, marketplaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: marketplaceProducts.productId })
    .from(marketplaceProducts)
    .where(
      and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.marketplaceId, marketplaceId)),
    )
    .orderBy(marketplaceProducts.position);
  return rows.map((r) => r.id);
}

/** A marketplace's products become these, in this order. */
export async function replaceProducts(
  tx: Tx,
  tenantId: string,
  marketplaceId: string,
  productIds: string[],
): Promise<void> {
  await tx
    .delete(marketplaceProducts)
    .where(
      and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.marketplaceId, marketplaceId)),
    );
  await tx
    .insert(marketplaceProducts)
    .values(productIds.map((productId, position) => ({ tenantId, marketplaceId, productId, position })));
}

export async function insertMarketplace(
  tx: Tx,
  values: typeof marketplaces.$inferInsert,
): Promise<MarketplaceRow> {
  const [row] = await tx.insert(marketplaces).values(values).returning();
  if (!row) throw new Error('marketplace insert returned no row');
  return row;
}

/** A page of marketplaces by name, and how many match. */
export async function marketplacesPage(
  tx: Tx,
  tenantId: string,
  query: { page: number; pageSize: number; q?: string | undefined; campaignId?: string | undefined },
): Promise<{ rows: MarketplaceRow[]; total: number }> {
  const where = and(
    eq(marketplaces.tenantId, tenantId),
    query.campaignId ? eq(marketplaces.campaignId, query.campaignId) : undefined,
    query.q ? sql`${marketplaces.name} ilike ${containsPattern(query.q)}` : undefined,
  );
  const rows = await tx
    .select()
    .from(marketplaces)
    .where(where)
    .orderBy(marketplaces.name, marketplaces.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(marketplaces).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function updateMarketplaceRow(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<typeof marketplaces.$inferInsert>,
): Promise<MarketplaceRow> {
  const [row] = await tx.update(marketplaces).set(changes).where(byId(tenantId, id)).returning();
  return row as MarketplaceRow;
}

/** Deletes the marketplace; a foreign key violation tells it has orders. */
export async function deleteMarketplaceRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(marketplaces).where(byId(tenantId, id));
}

/** A campaign's active marketplaces, by name. */
export async function activeMarketplacesOf(
  tx: Tx,
  tenantId: string,
  campaignId: string,
): Promise<Array<{ id: string; name: string }>> {
  return tx
    .select({ id: marketplaces.id, name: marketplaces.name })
    .from(marketplaces)
    .where(
      and(
        eq(marketplaces.tenantId, tenantId),
        eq(marketplaces.campaignId, campaignId),
        eq(marketplaces.active, true),
      ),
    )
    .orderBy(marketplaces.name);
}

export type OfferedProductRow = {
  id: string;
  name: string;
  description: string | null;
  kind: 'physical' | 'digital';
  redeem_with: 'points' | 'code';
  price_points: number | null;
  images: string[];
  stock: number;
  codes: number;
};

/** A marketplace's active products, in its order, with their codes still to hand out. */
// crosses into products: the storefront: offered, active products in the marketplace order, one read
export async function offeredProductRows(
  tx: Tx,
  tenantId: string,
  marketplaceId: string,
): Promise<OfferedProductRow[]> {
  return queryRows<OfferedProductRow>(
    tx,
    sql`select p.id, p.name, p.description, p.kind, p.redeem_with, p.price_points, p.images, p.stock + parked_units(p.tenant_id, p.id) as stock,
          (select count(*)::int from product_codes c where c.tenant_id = p.tenant_id and c.product_id = p.id
             and c.status = 'available') as codes
        from marketplace_products mp join products p on p.tenant_id = mp.tenant_id and p.id = mp.product_id
        where mp.tenant_id = ${tenantId} and mp.marketplace_id = ${marketplaceId} and p.active
        order by mp.position`,
  );
}
