/** The tenants feature's public face: what other features and the app may use. */

export { ownTenantQuery } from './tenants.api.ts';
export { TenantsPage } from './tenants-page.tsx';
