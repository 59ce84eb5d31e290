import type {
  CreateProduct,
  Lot,
  LotSetup,
  Page,
  Product,
  ShopStock,
  UpdateProduct,
  UploadReport,
} from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { productLotShops, productLots, products } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { containsPattern } from '../../platform/sql.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';

export type ProductRow = typeof products.$inferSelect;

/** Stock per shop of products, from their lots (received) and orders (claimed). */
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
    sql`select s.product_id, s.centre_id, c.code, c.name, c.address, c.department, c.hours, c.active, s.received, s.claimed
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

async function describeProducts(tx: Tx, tenantId: string, rows: ProductRow[]): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const idList = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;
  const [codes, orderCounts, shops] = await Promise.all([
    queryRows<{ product_id: string; available: number; claimed: number }>(
      tx,
      sql`select product_id, count(*) filter (where status = 'available')::int as available,
                 count(*) filter (where status = 'claimed')::int as claimed
          from product_codes where tenant_id = ${tenantId} and product_id in ${idList} group by product_id`,
    ),
    queryRows<{ product_id: string; n: number }>(
      tx,
      sql`select product_id, count(*)::int as n from orders where tenant_id = ${tenantId} and product_id in ${idList}
          group by product_id`,
    ),
    shopStock(tx, tenantId, ids),
  ]);
  return rows.map((r) => {
    const c = codes.find((x) => x.product_id === r.id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      kind: r.kind,
      redeemWith: r.redeemWith,
      pricePoints: r.pricePoints,
      stock: r.stock,
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

export async function findProductRow(tx: Tx, tenantId: string, id: string): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function availableCodes(tx: Tx, tenantId: string, productId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from product_codes where tenant_id = ${tenantId} and product_id = ${productId} and status = 'available'`,
  );
  return Number(row?.n ?? 0);
}

/** 'Codes must be uploaded for a product': a digital product is active only with codes to hand out. */
async function assertCodes(tx: Tx, tenantId: string, row: Pick<ProductRow, 'id' | 'kind' | 'active'>) {
  if (row.kind === 'digital' && row.active && (await availableCodes(tx, tenantId, row.id)) === 0)
    throw fieldError('active', 'PRODUCT_CODES_REQUIRED');
}

export async function createProduct(ctx: Ctx, input: CreateProduct): Promise<Product> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    // a digital product starts inactive until its codes are uploaded, unless asked otherwise
    const active = input.active ?? input.kind === 'physical';
    if (input.kind === 'digital' && active) throw fieldError('active', 'PRODUCT_CODES_REQUIRED');
    const [row] = await tx
      .insert(products)
      .values({
        tenantId,
        name: input.name,
        description: input.description ?? null,
        kind: input.kind,
        redeemWith: input.redeemWith,
        pricePoints: input.pricePoints ?? null,
        stock: input.stock,
        images: input.images,
        active,
      })
      .returning();
    if (!row) throw new Error('product insert returned no row');
    await audit(tx, ctx, { tenantId, action: 'product.create', entityType: 'product', entityId: row.id });
    const [described] = await describeProducts(tx, tenantId, [row]);
    return described as Product;
  });
}

export async function listProducts(
  ctx: Ctx,
  query: {
    page: number;
    pageSize: number;
    q?: string | undefined;
    active?: 'true' | 'false' | undefined;
    kind?: 'physical' | 'digital' | undefined;
  },
): Promise<Page<Product>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
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
    return {
      items: await describeProducts(tx, tenantId, rows),
      total: Number(counted?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getProduct(ctx: Ctx, id: string): Promise<Product> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const [described] = await describeProducts(tx, tenantId, [await findProductRow(tx, tenantId, id)]);
    return described as Product;
  });
}

export async function updateProduct(ctx: Ctx, id: string, input: UpdateProduct): Promise<Product> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await findProductRow(tx, tenantId, id);
    const next = { ...current, ...input };
    if (next.redeemWith === 'points' && !next.pricePoints)
      throw fieldError('pricePoints', 'PRODUCT_STOCK_PRICE_POSITIVE');
    await assertCodes(tx, tenantId, next);
    const [row] = await tx
      .update(products)
      .set({ ...input, updatedAt: ctx.clock.now() })
      .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
      .returning();
    await audit(tx, ctx, {
      tenantId,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    const [described] = await describeProducts(tx, tenantId, [row as ProductRow]);
    return described as Product;
  });
}

/** Only a product in no marketplace, order, lot or batch is deleted; else deactivate it. */
export async function deleteProduct(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    await findProductRow(tx, tenantId, id);
    try {
      await tx.delete(products).where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('PRODUCT_IN_USE');
      throw error;
    }
    await audit(tx, ctx, { tenantId, action: 'product.delete', entityType: 'product', entityId: id });
  });
}

/**
 * CSV of a digital product's codes (column `code`), streamed through a staging table: new codes
 * are added; the per-line report. All or nothing unless `onlyValid`.
 */
export async function uploadProductCodes(
  ctx: Ctx,
  id: string,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const product = await findProductRow(tx, tenantId, id);
    if (product.kind !== 'digital') throw new AppError('CAMPAIGN_KIND_MISMATCH');
    return importCodeFile(tx, ctx, upload, {
      ...options,
      columns: ['code'],
      toCode: (row) =>
        /^[^\s,;]{1,200}$/.test(row.code) ? { code: row.code } : [{ field: 'code', code: 'FIELD_INVALID' }],
      existing: sql`exists (select 1 from product_codes t where t.tenant_id = ${tenantId} and t.product_id = ${id} and t.code = s.code)`,
      insert: sql`with inserted as (
          insert into product_codes (tenant_id, product_id, code)
          select ${tenantId}, ${id}, s.code from upload_codes s where ${notRefused}
          on conflict do nothing returning 1)
        select count(*)::int as n from inserted`,
      audit: {
        tenantId,
        action: 'product.codes-upload',
        entityType: 'product',
        entityId: id,
      },
    });
  });
}

// --- lots -------------------------------------------------------------------------------------

async function lotsOf(
  tx: Tx,
  tenantId: string,
  filter: { productId?: string; ids?: string[] },
): Promise<Lot[]> {
  const rows = await queryRows<{
    id: string;
    reference: string | null;
    product_id: string;
    product_name: string;
    created_at: Date;
    centre_id: string;
    centre_code: string;
    centre_name: string;
    amount: number;
  }>(
    tx,
    sql`select l.id, l.reference, l.product_id, p.name as product_name, l.created_at,
               s.centre_id, c.code as centre_code, c.name as centre_name, s.amount
        from product_lots l
        join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
        join product_lot_shops s on s.tenant_id = l.tenant_id and s.lot_id = l.id
        join redemption_centres c on c.tenant_id = s.tenant_id and c.id = s.centre_id
        where l.tenant_id = ${tenantId}
          ${filter.productId ? sql`and l.product_id = ${filter.productId}` : sql``}
          ${filter.ids ? sql`and l.id in (select jsonb_array_elements_text(${JSON.stringify(filter.ids)}::jsonb)::uuid)` : sql``}
        order by l.created_at, l.id, c.name`,
  );
  const lots = new Map<string, Lot>();
  for (const r of rows) {
    const lot = lots.get(r.id) ?? {
      id: r.id,
      reference: r.reference,
      productId: r.product_id,
      productName: r.product_name,
      shops: [],
      createdAt: new Date(r.created_at).toISOString(),
    };
    lot.shops.push({
      centreId: r.centre_id,
      centreCode: r.centre_code,
      centreName: r.centre_name,
      amount: Number(r.amount),
    });
    lots.set(r.id, lot);
  }
  return [...lots.values()];
}

export async function listLots(ctx: Ctx, productId: string | undefined): Promise<{ items: Lot[] }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => ({ items: await lotsOf(tx, tenantId, productId ? { productId } : {}) }));
}

/**
 * A lot setup: each lot places units of a physical product in shops. The products and centres must
 * be the tenant's; the units placed in shops (all lots) may not exceed a product's stock plus what
 * was already handed out. Stock per shop grows by each lot's amounts.
 */
export async function createLots(ctx: Ctx, input: LotSetup): Promise<{ lots: Lot[] }> {
  const actor = actorOf(ctx);
  const tenantId = actor.tenantId;
  return inTenant(ctx, async (tx) => {
    const ids: string[] = [];
    const added = new Map<string, number>();
    for (const [i, lot] of input.lots.entries()) {
      const [product] = await tx
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, lot.productId)))
        .for('update');
      if (!product) throw fieldError(`lots.${i}.productId`, 'LOT_PRODUCT_REQUIRED');
      if (product.kind !== 'physical') throw fieldError(`lots.${i}.productId`, 'CAMPAIGN_KIND_MISMATCH');
      const seen = new Set<string>();
      for (const [j, shop] of lot.shops.entries()) {
        if (seen.has(shop.centreId)) throw fieldError(`lots.${i}.shops.${j}.centreId`, 'DUPLICATE_VALUE');
        seen.add(shop.centreId);
        const [centre] = await queryRows<{ id: string }>(
          tx,
          sql`select id from redemption_centres where tenant_id = ${tenantId} and id = ${shop.centreId}`,
        );
        if (!centre) throw fieldError(`lots.${i}.shops.${j}.centreId`, 'FIELD_INVALID');
      }
      const [lotRow] = await tx
        .insert(productLots)
        .values({
          tenantId,
          productId: lot.productId,
          reference: lot.reference || null,
          createdBy: actor.userId,
        })
        .returning({ id: productLots.id });
      if (!lotRow) throw new Error('lot insert returned no row');
      ids.push(lotRow.id);
      await tx
        .insert(productLotShops)
        .values(
          lot.shops.map((s) => ({ tenantId, lotId: lotRow.id, centreId: s.centreId, amount: s.amount })),
        );
      for (const s of lot.shops) {
        await tx.execute(
          sql`insert into product_shop_stock (tenant_id, product_id, centre_id, received)
              values (${tenantId}, ${lot.productId}, ${s.centreId}, ${s.amount})
              on conflict (tenant_id, product_id, centre_id) do update set received = product_shop_stock.received + excluded.received`,
        );
      }
      added.set(lot.productId, (added.get(lot.productId) ?? 0) + 1);
      // what shops still hold may not exceed the product's remaining stock
      const [check] = await queryRows<{ in_shops: number; stock: number }>(
        tx,
        sql`select coalesce(sum(received - claimed), 0)::int as in_shops, ${product.stock}::int as stock
            from product_shop_stock where tenant_id = ${tenantId} and product_id = ${lot.productId}`,
      );
      if (check && Number(check.in_shops) > Number(check.stock))
        throw fieldError(`lots.${i}.shops`, 'LOT_EXCEEDS_STOCK');
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'product.lots',
      entityType: 'product',
      details: { lots: ids.length, products: [...added.keys()] },
    });
    return { lots: await lotsOf(tx, tenantId, { ids }) };
  });
}
