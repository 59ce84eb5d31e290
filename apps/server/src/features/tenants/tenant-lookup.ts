import { type PublicTenantTheme, resolveThemeColors } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import * as tenants from './tenants.repository.ts';
import { type TenantRow, toTenant } from './tenants.repository.ts';

/** The tenant reads other features need; they never reach the tenants' queries themselves. */

/** The tenants cached by slug; the tenants service forgets a slug when its tenant changes. */
export const tenantsBySlug = (ctx: Pick<Ctx, 'cache'>) =>
  ctx.cache.named<TenantRow | undefined>('tenants-by-slug', 5_000);

/** A tenant by slug for public pages, cached briefly (changes to tenants clear it at once). */
export function findTenantBySlugCached(ctx: Ctx, slug: string): Promise<TenantRow | undefined> {
  return tenantsBySlug(ctx).get(slug, () =>
    ctx.db.tx({ tenantId: null }, (tx) => tenants.findTenantBySlug(tx, slug)),
  );
}

/** The tenant `findTenantBySlugCached` would answer without waiting (held, fresh and loaded), if any. */
export function heldTenantBySlug(
  ctx: Pick<Ctx, 'cache'>,
  slug: string,
): { value: TenantRow | undefined } | undefined {
  return tenantsBySlug(ctx).peek(slug);
}

/** Whether `findTenantBySlugCached` would answer `slug` without reading the database. */
export function holdsTenantSlug(ctx: Ctx, slug: string): boolean {
  return tenantsBySlug(ctx).holds(slug);
}

/** A tenant (not the platform) by slug, uncached. */
export function findTenantBySlug(tx: Tx, slug: string): Promise<TenantRow | undefined> {
  return tenants.findTenantBySlug(tx, slug);
}

/** A tenant (not the platform) by id. */
export function findTenantById(tx: Tx, id: string): Promise<TenantRow | undefined> {
  return tenants.findTenantById(tx, id);
}

/** Every brand's tenant id (not the platform's), suspended ones too; read without a tenant scope. */
export function brandTenantIds(tx: Tx): Promise<Array<{ id: string }>> {
  return tenants.brandTenantIds(tx);
}

/** How many tenants name the country (one in use cannot be deleted). */
export function countTenantsInCountry(tx: Tx, countryCode: string): Promise<number> {
  return tenants.countTenantsInCountry(tx, countryCode);
}

/** What public pages show of a tenant: name, status and resolved theme colours. */
export function publicThemeOf(row: TenantRow): PublicTenantTheme {
  const tenant = toTenant(row);
  return {
    slug: tenant.slug,
    name: tenant.name,
    status: tenant.status,
    theme: tenant.theme,
    colors: resolveThemeColors(tenant.theme),
  };
}
