import type { CreateProduct, Page, Product, UpdateProduct, UploadReport } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import {
  availableCodes,
  deleteProductRow,
  describeProducts,
  findProduct,
  insertProduct,
  type ProductQuery,
  type ProductRow,
  productsPage,
  stagedProductCodeStatements,
  unparkUnits,
  updateProductRow,
} from './products.repository.ts';

async function getProductRow(tx: Tx, tenantId: string, id: string): Promise<ProductRow> {
  const row = await findProduct(tx, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function describeProduct(tx: Tx, tenantId: string, row: ProductRow): Promise<Product> {
  const [described] = await describeProducts(tx, tenantId, [row]);
  return described as Product;
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
    const row = await insertProduct(tx, {
      tenantId,
      name: input.name,
      description: input.description ?? null,
      kind: input.kind,
      redeemWith: input.redeemWith,
      pricePoints: input.pricePoints ?? null,
      stock: input.stock,
      images: input.images,
      active,
    });
    await audit(tx, ctx, { tenantId, action: 'product.create', entityType: 'product', entityId: row.id });
    return describeProduct(tx, tenantId, row);
  });
}

export async function listProducts(ctx: Ctx, query: ProductQuery): Promise<Page<Product>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const { rows, total } = await productsPage(tx, tenantId, query);
    return {
      items: await describeProducts(tx, tenantId, rows),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getProduct(ctx: Ctx, id: string): Promise<Product> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => describeProduct(tx, tenantId, await getProductRow(tx, tenantId, id)));
}

export async function updateProduct(ctx: Ctx, id: string, input: UpdateProduct): Promise<Product> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await getProductRow(tx, tenantId, id);
    const next = { ...current, ...input };
    if (next.redeemWith === 'points' && !next.pricePoints)
      throw fieldError('pricePoints', 'PRODUCT_STOCK_PRICE_POSITIVE');
    await assertCodes(tx, tenantId, next);
    if (input.stock !== undefined || input.active !== undefined) await unparkUnits(tx, tenantId, id);
    const row = await updateProductRow(tx, tenantId, id, { ...input, updatedAt: ctx.clock.now() });
    await audit(tx, ctx, {
      tenantId,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return describeProduct(tx, tenantId, row);
  });
}

/** Only a product in no marketplace, order, lot or batch is deleted; else deactivate it. */
export async function deleteProduct(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    await getProductRow(tx, tenantId, id);
    try {
      await deleteProductRow(tx, tenantId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('PRODUCT_IN_USE');
      throw error;
    }
    await audit(tx, ctx, { tenantId, action: 'product.delete', entityType: 'product', entityId: id });
  });
}

/** How a route hands over the uploaded file: it calls `use` with the spooled file. */
export type ReceiveUpload = <T>(
  use: (upload: SpooledUpload, options: UploadOptions) => Promise<T>,
) => Promise<T>;

/**
 * CSV of a digital product's codes (column `code`), streamed through a staging table: new codes
 * are added; the per-line report. All or nothing unless `onlyValid`. The product is looked up
 * first, so that another tenant's id is not found before any file is read.
 */
export async function uploadProductCodes(
  ctx: Ctx,
  id: string,
  receive: ReceiveUpload,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, (tx) => getProductRow(tx, tenantId, id));
  return receive((upload, options) =>
    inTenant(ctx, async (tx) => {
      const product = await getProductRow(tx, tenantId, id);
      if (product.kind !== 'digital') throw new AppError('CAMPAIGN_KIND_MISMATCH');
      return importCodeFile(tx, ctx, upload, {
        ...options,
        columns: ['code'],
        toCode: (row) =>
          /^[^\s,;]{1,200}$/.test(row.code) ? { code: row.code } : [{ field: 'code', code: 'FIELD_INVALID' }],
        ...stagedProductCodeStatements(tenantId, id),
        audit: { tenantId, action: 'product.codes-upload', entityType: 'product', entityId: id },
      });
    }),
  );
}
