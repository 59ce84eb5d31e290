import type { PublicMarketplace, PublicProduct } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { findCampaign } from '../campaigns/index.ts';
import { shopStock } from '../products/index.ts';
import { publicThemeOf } from '../tenants/index.ts';
import { type MarketplaceRow, offeredProductRows } from './marketplaces.repository.ts';

/** Open now: active and inside its opening window. */
export function isMarketplaceOpen(row: MarketplaceRow, now: Date): boolean {
  return row.active && (!row.opensAt || row.opensAt <= now) && (!row.closesAt || now < row.closesAt);
}

/**
 * The products a marketplace offers now, with what can still be had: a digital product's units
 * are capped by its codes left, a physical product's by the stock of its shops (from the lots).
 */
async function offeredProducts(tx: Tx, tenantId: string, marketplaceId: string): Promise<PublicProduct[]> {
  const rows = await offeredProductRows(tx, tenantId, marketplaceId);
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
