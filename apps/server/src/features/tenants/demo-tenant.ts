import { TenantConfig, Theme } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { findTenantBySlug, insertTenant, type TenantRow } from './tenants.repository.ts';

/** The demo tenant `demo` (first run): the one there is, else a new one in Costa Rica with default looks. */
export async function ensureDemoTenant(tx: Tx): Promise<TenantRow> {
  return (
    (await findTenantBySlug(tx, 'demo')) ??
    (await insertTenant(tx, {
      slug: 'demo',
      name: 'Marca Demo',
      countryCode: 'CR',
      theme: Theme.parse({}),
      config: TenantConfig.parse({}),
    }))
  );
}
