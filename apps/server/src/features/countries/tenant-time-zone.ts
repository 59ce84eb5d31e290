import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { findTenantById } from '../tenants/index.ts';
import { findCountryCached } from './country-lookup.ts';

/** The time zone of a tenant's country (where its people read dates); UTC when it has none. */
export async function tenantTimeZone(ctx: Ctx, tx: Tx, tenantId: string): Promise<string> {
  const tenant = await findTenantById(tx, tenantId);
  const country = await findCountryCached(ctx, tenant?.countryCode ?? 'CR', tx);
  return country?.timeZone ?? 'UTC';
}
