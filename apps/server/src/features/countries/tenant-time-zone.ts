import type { Country } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import { findTenantById } from '../tenants/index.ts';
import { findCountryCached } from './country-lookup.ts';

/** The country a tenant works in (its time zone, the name of its divisions). */
export async function tenantCountry(ctx: Ctx, tx: Tx, tenantId: string): Promise<Country | undefined> {
  const tenant = await findTenantById(tx, tenantId);
  return findCountryCached(ctx, tenant?.countryCode ?? 'CR', tx);
}

/** The time zone of a tenant's country (where its people read dates); UTC when it has none. */
export async function tenantTimeZone(ctx: Ctx, tx: Tx, tenantId: string): Promise<string> {
  return (await tenantCountry(ctx, tx, tenantId))?.timeZone ?? 'UTC';
}
