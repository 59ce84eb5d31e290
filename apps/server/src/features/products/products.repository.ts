import type { Product, ShopStock, UpdateProduct } from '@promo/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern } from '../../platform/sql.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';

export type ProductRow = typeof products.$inferSelect;

const byId = (tenantId: string, id: string) => and(eq(products.tenantId, tenantId), eq(products.id, id));

/** Stock per shop of products, from their lots (received) and orders (claimed; units parked in stock slots are not). */
// crosses into centres: a product's stock per shop with shop names, one read
export async function shopStock(tx: Tx, tenantId: string, productIds: string[]) {
  if (productIds.length === 0) return new Map<string, ShopStock[]>();
  const rows = await queryRows<{
    product_id: string;
    centre_id: string;
    code: string;
    name: string;
    address: string | null;
    department: string | null;
    hours: string | null;
    active: boolean;
    received: number;
    claimed: number;
  }>(
    tx,
    sql`select s.product_id, s.centre_id, c.code, c.name, c.address, c.department, c.hours, c.active, s.received,
                  s.claimed - parked_units(s.tenant_id, s.product_id, s.centre_id) as claimed
        from product_shop_stock s join redemption_centres c on c.tenant_id = s.tenant_id and c.id = s.centre_id
        where s.tenant_id = ${tenantId} and s.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid)
        order by c.name`,
  );
  const byProduct = new Map<string, ShopStock[]>();
  for (const r of rows) {
    const list = byProduct.get(r.product_id) ?? [];
    list.push({
      centreId: r.centre_id,
      code: r.code,
      name: r.name,
      address: r.address,
      department: r.department,
      received: Number(r.received),
      claimed: Number(r.claimed),
      stock: Number(r.received) - Number(r.claimed),
    });
    byProduct.set(r.product_id, list);
  }
  return byProduct;
}

/** Products as the back office sees them: with their codes, orders and stock per shop. */
// crosses into marketplace: the orders of each product listed, one read; marketplace depends on products, so asking its face would close a cycle
export async function describeProducts(tx: Tx, tenantId: string, rows: ProductRow[]): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const idList = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
  const [codes, orderCounts, shops, parked] = await oneByOne(
    () =>
      queryRows<{ product_id: string; available: number; claimed: number }>(
        tx,
        sql`select product_id, count(*) filter (where status = 'available')::int as available,
                 count(*) filter (where status = 'claimed')::int as claimed
          from product_codes where tenant_id = ${tenantId} and product_id in ${idList} group by product_id`,
      ),
    () =>
      queryRows<{ product_id: string; n: number }>(
        tx,
        sql`select product_id, count(*)::int as n from orders where tenant_id = ${tenantId} and product_id in ${idList}
          group by product_id`,
      ),
    () => shopStock(tx, tenantId, ids),
    // units parked in stock slots are still available (migration 0022)
    () =>
      queryRows<{ id: string; parked: number }>(
        tx,
        sql`select id, parked_units(tenant_id, id) as parked from products where tenant_id = ${tenantId} and id in ${idList}`,
      ),
  );
  return rows.map((r) => {
    const c = codes.find((x) => x.product_id === r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      kind: r.kind,
      redeemWith: r.redeemWith,
      pricePoints: r.pricePoints,
      stock: r.stock + Number(parked.find((x) => x.id === r.id)?.parked ?? 0),
      images: r.images,
      active: r.active,
      codes: { available: Number(c?.available ?? 0), claimed: Number(c?.claimed ?? 0) },
      shops: shops.get(r.id) ?? [],
      orders: Number(orderCounts.find((x) => x.product_id === r.id)?.n ?? 0),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function findProduct(tx: Tx, tenantId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(byId(tenantId, id));
  return row;
}

/** The product row locked for the rest of the transaction (its stock is being placed). */
export async function lockProduct(tx: Tx, tenantId: string, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(byId(tenantId, id)).for('update');
  return row;
}

/**
 * Gives a product's units parked in stock slots back to its stock and its shops' (migration 0022),
 * locking its row: before its stock or active flag is set, so that the edit covers every unit.
 */
export async function unparkUnits(tx: Tx, tenantId: string, productId: string): Promise<void> {
  await tx.execute(sql`select unpark_units(${tenantId}, ${productId})`);
}

/** How many of a product's codes are still to hand out. */
export async function availableCodes(tx: Tx, tenantId: string, productId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from product_codes where tenant_id = ${tenantId} and product_id = ${productId} and status = 'available'`,
  );
  return Number(row?.n ?? 0);
}

export async function insertProduct(tx: Tx, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned no row');
  return row;
}

/** A products list's page and filters. */
export type ProductQuery = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  active?: 'true' | 'false' | undefined;
  kind?: 'physical' | 'digital' | undefined;
};

/** A page of products by name, and how many match. */
export async function productsPage(
  tx: Tx,
  tenantId: string,
  query: ProductQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    eq(products.tenantId, tenantId),
    query.active ? eq(products.active, query.active === 'true') : undefined,
    query.kind ? eq(products.kind, query.kind) : undefined,
    query.q ? sql`${products.name} ilike ${containsPattern(query.q)}` : undefined,
  );
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(products.name, products.id)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function updateProductRow(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: UpdateProduct & { updatedAt: Date },
): Promise<ProductRow> {
  const [row] = await tx.update(products).set(changes).where(byId(tenantId, id)).returning();
  return row as ProductRow;
}

/** Deletes the product; a foreign key violation tells it is in use. */
export async function deleteProductRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(products).where(byId(tenantId, id));
}

/** The statements of a product codes import: which staged codes exist, and the insert. */
export function stagedProductCodeStatements(
  tenantId: string,
  productId: string,
): { existing: SQL; insert: SQL } {
  return {
    existing: sql`exists (select 1 from product_codes t where t.tenant_id = ${tenantId} and t.product_id = ${productId} and t.code = s.code)`,
    insert: sql`with inserted as (
        insert into product_codes (tenant_id, product_id, code)
        select ${tenantId}, ${productId}, s.code from upload_codes s where ${notRefused}
        on conflict do nothing returning 1)
      select count(*)::int as n from inserted`,
  };
}

/** Whether the tenant has this product (a batch's codes may be worth it). */
export async function productExists(tx: Tx, tenantId: string, productId: string): Promise<boolean> {
  const [product] = await queryRows<{ id: string }>(
    tx,
    sql`select id from products where tenant_id = ${tenantId} and id = ${productId}`,
  );
  return Boolean(product);
}

/** The tenant's products among these ids, with their kind and codes still to hand out. */
export async function productsWithCodes(
  tx: Tx,
  tenantId: string,
  productIds: string[],
): Promise<Array<{ id: string; kind: string; codes: number }>> {
  return queryRows<{ id: string; kind: string; codes: number }>(
    tx,
    sql`select p.id, p.kind, (select count(*)::int from product_codes c where c.tenant_id = p.tenant_id
          and c.product_id = p.id and c.status = 'available') as codes
        from products p where p.tenant_id = ${tenantId}
          and p.id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::uuid)`,
  );
}
