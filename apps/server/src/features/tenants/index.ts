/** The tenants feature's public face: what other features and the app may use. */

export { ensureDemoTenant } from './demo-tenant.ts';
export {
  brandTenantIds,
  countTenantsInCountry,
  findTenantById,
  findTenantBySlug,
  findTenantBySlugCached,
  heldTenantBySlug,
  holdsTenantSlug,
  publicThemeOf,
} from './tenant-lookup.ts';
export { PLATFORM_TENANT_ID } from './tenants.repository.ts';
