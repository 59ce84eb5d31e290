/** The tenants feature's public face: what other features and the app may use. */
export {
  countTenantsInCountry,
  findTenantById,
  findTenantBySlug,
  insertTenant,
  PLATFORM_TENANT_ID,
} from './tenants.repository.ts';
export { findTenantBySlugCached, publicThemeOf } from './tenants.service.ts';
