import type {
  CreateMarketplace,
  Marketplace,
  Page,
  PublicMarketplace,
  PublicProduct,
  UpdateMarketplace,
} from '@promo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { marketplaceProducts, marketplaces } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../platform/errors.ts';
import { containsPattern } from '../../platform/sql.ts';
import { findCampaign } from '../campaigns/index.ts';
import { pointsCampaign } from '../points/index.ts';
import { shopStock } from '../products/index.ts';
import { findTenantById, publicThemeOf } from '../tenants/index.ts';

export type MarketplaceRow = typeof marketplaces.$inferSelect;

/** Open now: active and inside its opening window. */
export function isMarketplaceOpen(row: MarketplaceRow, now: Date): boolean {
  return row.active && (!row.opensAt || row.opensAt <= now) && (!row.closesAt || now < row.closesAt);
}

export async function findMarketplaceRow(tx: Tx, tenantId: string, id: string): Promise<MarketplaceRow> {
  const [row] = await tx
    .select()
    .from(marketplaces)
    .where(and(eq(marketplaces.tenantId, tenantId), eq(marketplaces.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function productIdsOf(tx: Tx, tenantId: string, marketplaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: marketplaceProducts.productId })
    .from(marketplaceProducts)
    .where(
      and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.marketplaceId, marketplaceId)),
    )
    .orderBy(marketplaceProducts.position);
  return rows.map((r) => r.id);
}

async function toMarketplace(tx: Tx, tenantId: string, row: MarketplaceRow): Promise<Marketplace> {
  const [campaign, tenant, productIds] = await Promise.all([
    findCampaign(tx, tenantId, row.campaignId),
    findTenantById(tx, tenantId),
    productIdsOf(tx, tenantId, row.id),
  ]);
  return {
    id: row.id,
    name: row.name,
    templateId: row.templateId,
    campaignId: row.campaignId,
    campaignName: campaign?.name ?? '',
    productIds,
    opensAt: row.opensAt?.toISOString() ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
    appearance: row.appearance,
    active: row.active,
    publicPath: `/${tenant?.slug ?? ''}/marketplace/${campaign?.name ?? ''}/${row.id}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The products exist in the tenant; a digital one needs codes ('Codes must be uploaded for a product'). */
async function setProducts(tx: Tx, tenantId: string, marketplaceId: string, productIds: string[]) {
  const unique = [...new Set(productIds)];
  const rows = await queryRows<{ id: string; kind: string; codes: number }>(
    tx,
    sql`select p.id, p.kind, (select count(*)::int from product_codes c where c.tenant_id = p.tenant_id
          and c.product_id = p.id and c.status = 'available') as codes
        from products p where p.tenant_id = ${tenantId}
          and p.id in (select jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb)::uuid)`,
  );
  unique.forEach((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw fieldError(`productIds.${i}`, 'FIELD_INVALID');
    if (row.kind === 'digital' && Number(row.codes) === 0)
      throw fieldError(`productIds.${i}`, 'PRODUCT_CODES_REQUIRED');
  });
  await tx
    .delete(marketplaceProducts)
    .where(
      and(eq(marketplaceProducts.tenantId, tenantId), eq(marketplaceProducts.marketplaceId, marketplaceId)),
    );
  await tx
    .insert(marketplaceProducts)
    .values(unique.map((productId, position) => ({ tenantId, marketplaceId, productId, position })));
}

const date = (v: string | null | undefined) => (v ? new Date(v) : v === null ? null : undefined);

export async function createMarketplace(ctx: Ctx, input: CreateMarketplace): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await pointsCampaign(tx, tenantId, input.campaignId);
    const [row] = await tx
      .insert(marketplaces)
      .values({
        tenantId,
        name: input.name,
        templateId: input.templateId,
        campaignId: input.campaignId,
        opensAt: date(input.opensAt) ?? null,
        closesAt: date(input.closesAt) ?? null,
        appearance: input.appearance,
        active: input.active ?? true,
      })
      .returning();
    if (!row) throw new Error('marketplace insert returned no row');
    await setProducts(tx, tenantId, row.id, input.productIds);
    await audit(tx, ctx, {
      tenantId,
      action: 'marketplace.create',
      entityType: 'marketplace',
      entityId: row.id,
    });
    return toMarketplace(tx, tenantId, row);
  });
}

export async function listMarketplaces(
  ctx: Ctx,
  query: { page: number; pageSize: number; q?: string | undefined; campaignId?: string | undefined },
): Promise<Page<Marketplace>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
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
    return {
      items: await Promise.all(rows.map((r) => toMarketplace(tx, tenantId, r))),
      total: Number(counted?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getMarketplace(ctx: Ctx, id: string): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => toMarketplace(tx, tenantId, await findMarketplaceRow(tx, tenantId, id)));
}

export async function updateMarketplace(
  ctx: Ctx,
  id: string,
  input: UpdateMarketplace,
): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const current = await findMarketplaceRow(tx, tenantId, id);
    const opensAt = input.opensAt === undefined ? current.opensAt : date(input.opensAt);
    const closesAt = input.closesAt === undefined ? current.closesAt : date(input.closesAt);
    if (opensAt && closesAt && closesAt <= opensAt) throw fieldError('closesAt', 'DATE_RANGE_INVALID');
    const [row] = await tx
      .update(marketplaces)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
        ...(input.appearance !== undefined ? { appearance: input.appearance } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        opensAt: opensAt ?? null,
        closesAt: closesAt ?? null,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(marketplaces.tenantId, tenantId), eq(marketplaces.id, id)))
      .returning();
    if (input.productIds) await setProducts(tx, tenantId, id, input.productIds);
    await audit(tx, ctx, {
      tenantId,
      action: 'marketplace.update',
      entityType: 'marketplace',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toMarketplace(tx, tenantId, row as MarketplaceRow);
  });
}

/** A marketplace with orders is kept (deactivate it); one without is deleted. */
export async function deleteMarketplace(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    await findMarketplaceRow(tx, tenantId, id);
    try {
      await tx.delete(marketplaces).where(and(eq(marketplaces.tenantId, tenantId), eq(marketplaces.id, id)));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
    await audit(tx, ctx, { tenantId, action: 'marketplace.delete', entityType: 'marketplace', entityId: id });
  });
}

/**
 * The products a marketplace offers now, with what can still be had: a digital product's units
 * are capped by its codes left, a physical product's by the stock of its shops (from the lots).
 */
export async function offeredProducts(
  tx: Tx,
  tenantId: string,
  marketplaceId: string,
): Promise<PublicProduct[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    description: string | null;
    kind: 'physical' | 'digital';
    redeem_with: 'points' | 'code';
    price_points: number | null;
    images: string[];
    stock: number;
    codes: number;
  }>(
    tx,
    sql`select p.id, p.name, p.description, p.kind, p.redeem_with, p.price_points, p.images, p.stock,
          (select count(*)::int from product_codes c where c.tenant_id = p.tenant_id and c.product_id = p.id
             and c.status = 'available') as codes
        from marketplace_products mp join products p on p.tenant_id = mp.tenant_id and p.id = mp.product_id
        where mp.tenant_id = ${tenantId} and mp.marketplace_id = ${marketplaceId} and p.active
        order by mp.position`,
  );
  const shops = await shopStock(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const productShops = (shops.get(r.id) ?? []).filter((s) => s.stock > 0);
    const units =
      r.kind === 'digital'
        ? Math.min(Number(r.stock), Number(r.codes))
        : Math.min(
            Number(r.stock),
            productShops.reduce((sum, s) => sum + s.stock, 0),
          );
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      kind: r.kind,
      redeemWith: r.redeem_with,
      pricePoints: r.price_points === null ? null : Number(r.price_points),
      images: r.images,
      stock: units,
      shops: productShops.map((s) => ({
        centreId: s.centreId,
        name: s.name,
        address: s.address,
        department: s.department,
        stock: s.stock,
      })),
    };
  });
}

/** The public page's content (`person` and `balance` null in the admin preview). */
export async function storefront(
  ctx: Ctx,
  tx: Tx,
  tenant: Parameters<typeof publicThemeOf>[0],
  row: MarketplaceRow,
  person: { name: string | null; balance: number } | null,
): Promise<PublicMarketplace> {
  const campaign = await findCampaign(tx, tenant.id, row.campaignId);
  return {
    marketplace: {
      id: row.id,
      name: row.name,
      templateId: row.templateId,
      appearance: row.appearance,
      opensAt: row.opensAt?.toISOString() ?? null,
      closesAt: row.closesAt?.toISOString() ?? null,
      open: isMarketplaceOpen(row, ctx.clock.now()),
    },
    tenant: publicThemeOf(tenant),
    campaign: { name: campaign?.name ?? '', title: campaign?.title ?? '' },
    person: person ? { name: person.name } : null,
    balance: person ? person.balance : null,
    products: await offeredProducts(tx, tenant.id, row.id),
  };
}

export async function previewMarketplace(ctx: Ctx, id: string): Promise<PublicMarketplace> {
  const actor = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const row = await findMarketplaceRow(tx, actor.tenantId, id);
    const tenant = await findTenantById(tx, actor.tenantId);
    if (!tenant) throw new AppError('NOT_FOUND');
    return storefront(ctx, tx, tenant, row, null);
  });
}
