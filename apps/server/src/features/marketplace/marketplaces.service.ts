import {
  type CreateMarketplace,
  type Marketplace,
  MarketplaceAppearance,
  type Page,
  type PublicMarketplace,
  type UpdateMarketplace,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../platform/errors.ts';
import { patchedJson } from '../../platform/merge-patch.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { findCampaign } from '../campaigns/index.ts';
import { pointsCampaign } from '../points/index.ts';
import { productsWithCodes } from '../products/index.ts';
import { findTenantById } from '../tenants/index.ts';
import {
  deleteMarketplaceRow,
  findMarketplace,
  insertMarketplace,
  type MarketplaceRow,
  marketplacesPage,
  productIdsOf,
  replaceProducts,
  updateMarketplaceRow,
} from './marketplaces.repository.ts';
import { storefront } from './storefront.ts';

/** The marketplace (its row locked with `lock`), else NOT_FOUND. */
export async function getMarketplaceRow(
  tx: Tx,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<MarketplaceRow> {
  const row = await findMarketplace(tx, tenantId, id, options);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function toMarketplace(tx: Tx, tenantId: string, row: MarketplaceRow): Promise<Marketplace> {
  const [campaign, tenant, productIds] = await oneByOne(
    () => findCampaign(tx, tenantId, row.campaignId),
    () => findTenantById(tx, tenantId),
    () => productIdsOf(tx, tenantId, row.id),
  );
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
    publicState: !campaign?.activatedAt
      ? 'campaign-draft'
      : campaign.archived
        ? 'campaign-archived'
        : row.active
          ? 'open'
          : 'inactive',
    publicPath: `/${tenant?.slug ?? ''}/marketplace/${campaign?.name ?? ''}/${row.id}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The products exist in the tenant; a digital one needs codes ('Codes must be uploaded for a product'). */
async function setProducts(tx: Tx, tenantId: string, marketplaceId: string, productIds: string[]) {
  const unique = [...new Set(productIds)];
  const rows = await productsWithCodes(tx, tenantId, unique);
  unique.forEach((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw fieldError(`productIds.${i}`, 'FIELD_INVALID');
    if (row.kind === 'digital' && Number(row.codes) === 0)
      throw fieldError(`productIds.${i}`, 'PRODUCT_CODES_REQUIRED');
  });
  await replaceProducts(tx, tenantId, marketplaceId, unique);
}

const date = (v: string | null | undefined) => (v ? new Date(v) : v === null ? null : undefined);

export async function createMarketplace(ctx: Ctx, input: CreateMarketplace): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await pointsCampaign(tx, tenantId, input.campaignId);
    const row = await insertMarketplace(tx, {
      tenantId,
      name: input.name,
      templateId: input.templateId,
      campaignId: input.campaignId,
      opensAt: date(input.opensAt) ?? null,
      closesAt: date(input.closesAt) ?? null,
      appearance: input.appearance,
      active: input.active ?? true,
    });
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
    const { rows, total } = await marketplacesPage(tx, tenantId, query);
    const items: Marketplace[] = [];
    for (const row of rows) items.push(await toMarketplace(tx, tenantId, row));
    return {
      items,
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getMarketplace(ctx: Ctx, id: string): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => toMarketplace(tx, tenantId, await getMarketplaceRow(tx, tenantId, id)));
}

export async function updateMarketplace(
  ctx: Ctx,
  id: string,
  input: UpdateMarketplace,
): Promise<Marketplace> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    // locked: the window and the appearance are merged with what is stored
    const current = await getMarketplaceRow(tx, tenantId, id, { lock: true });
    const opensAt = input.opensAt === undefined ? current.opensAt : date(input.opensAt);
    const closesAt = input.closesAt === undefined ? current.closesAt : date(input.closesAt);
    if (opensAt && closesAt && closesAt <= opensAt) throw fieldError('closesAt', 'DATE_RANGE_INVALID');
    const row = await updateMarketplaceRow(tx, tenantId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
      ...(input.appearance !== undefined
        ? {
            appearance: patchedJson(
              MarketplaceAppearance,
              current.appearance,
              input.appearance,
              'appearance',
            ),
          }
        : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      opensAt: opensAt ?? null,
      closesAt: closesAt ?? null,
      updatedAt: ctx.clock.now(),
    });
    if (input.productIds) await setProducts(tx, tenantId, id, input.productIds);
    await audit(tx, ctx, {
      tenantId,
      action: 'marketplace.update',
      entityType: 'marketplace',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toMarketplace(tx, tenantId, row);
  });
}

/** A marketplace with orders is kept (deactivate it); one without is deleted. */
export async function deleteMarketplace(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    await getMarketplaceRow(tx, tenantId, id);
    try {
      await deleteMarketplaceRow(tx, tenantId, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
    await audit(tx, ctx, { tenantId, action: 'marketplace.delete', entityType: 'marketplace', entityId: id });
  });
}

/** What the public page shows, without a person or balance (the admin preview). */
export async function previewMarketplace(ctx: Ctx, id: string): Promise<PublicMarketplace> {
  const actor = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const row = await getMarketplaceRow(tx, actor.tenantId, id);
    const tenant = await findTenantById(tx, actor.tenantId);
    if (!tenant) throw new AppError('NOT_FOUND');
    return storefront(ctx, tx, tenant, row, null);
  });
}
