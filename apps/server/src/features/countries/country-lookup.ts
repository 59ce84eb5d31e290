import type { Country } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import * as countries from './countries.repository.ts';

/** The country reads other features need; they never reach the countries' queries themselves. */

/** The countries cached by code; the countries service forgets a code when its country changes. */
export const countriesByCode = (ctx: Ctx) => ctx.cache.named<Country | undefined>('countries', 60_000);

/**
 * A country's rules for hot paths (participation), cached; changes to countries clear the cache.
 * Inside a transaction pass it, so that a miss reads through it instead of waiting for a second
 * connection.
 */
export function findCountryCached(ctx: Ctx, code: string, tx?: Tx): Promise<Country | undefined> {
  return countriesByCode(ctx).get(code, () =>
    tx
      ? countries.findCountry(tx, code)
      : ctx.db.tx({ tenantId: null }, (t) => countries.findCountry(t, code)),
  );
}

/** A country with its departments, uncached (writes that must see the current row). */
export function findCountry(tx: Tx, code: string): Promise<Country | undefined> {
  return countries.findCountry(tx, code);
}
