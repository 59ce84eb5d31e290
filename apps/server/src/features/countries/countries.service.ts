import type { Country, CreateCountry, UpdateCountry } from '@promo/contract';
import { Country as CountrySchema } from '@promo/contract';
import type { Database } from '../../db/client.ts';
import seed from '../../db/seed/countries.json' with { type: 'json' };
import { audit } from '../../platform/audit.ts';
import { type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { countTenantsInCountry, PLATFORM_TENANT_ID } from '../tenants/index.ts';
import {
  deleteCountryRow,
  findCountry,
  insertCountry,
  listCountries as listCountryRows,
  updateCountryRow,
} from './countries.repository.ts';
import { countriesByCode } from './country-lookup.ts';

export function listCountries(ctx: Ctx): Promise<Country[]> {
  return ctx.db.tx({ tenantId: null }, (tx) => listCountryRows(tx));
}

export async function getCountry(ctx: Ctx, code: string): Promise<Country> {
  const country = await ctx.db.tx({ tenantId: null }, (tx) => findCountry(tx, code));
  if (!country) throw new AppError('NOT_FOUND');
  return country;
}

export async function createCountry(ctx: Ctx, input: CreateCountry): Promise<Country> {
  try {
    const created = await inTenant(ctx, async (tx) => {
      await insertCountry(tx, input);
      await audit(tx, ctx, {
        tenantId: PLATFORM_TENANT_ID,
        action: 'country.create',
        entityType: 'country',
        entityId: input.code,
      });
      return input;
    });
    countriesByCode(ctx).delete(input.code);
    return created;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('COUNTRY_CODE_TAKEN', [{ path: 'code', code: 'COUNTRY_CODE_TAKEN' }]);
    throw error;
  }
}

/**
 * Changes the fields given, on the country's row locked (a change beside it waits and keeps this
 * one); departments, when given, replace the list in the given order.
 */
export async function updateCountry(ctx: Ctx, code: string, input: UpdateCountry): Promise<Country> {
  const updated = await inTenant(ctx, async (tx) => {
    const current = await findCountry(tx, code, { lock: true });
    if (!current) throw new AppError('NOT_FOUND');
    const next = CountrySchema.parse({
      ...current,
      ...input,
      identity: { ...current.identity, ...input.identity },
      code,
    });
    await updateCountryRow(tx, code, next, ctx.clock.now(), {
      departments: input.departments !== undefined,
    });
    await audit(tx, ctx, {
      tenantId: PLATFORM_TENANT_ID,
      action: 'country.update',
      entityType: 'country',
      entityId: code,
      details: { fields: Object.keys(input) },
    });
    return next;
  });
  // after the commit, so that no process reads the old row again
  countriesByCode(ctx).delete(code);
  return updated;
}

export async function deleteCountry(ctx: Ctx, code: string): Promise<void> {
  try {
    await inTenant(ctx, async (tx) => {
      if ((await countTenantsInCountry(tx, code)) > 0) throw new AppError('COUNTRY_IN_USE');
      if (!(await deleteCountryRow(tx, code))) throw new AppError('NOT_FOUND');
      await audit(tx, ctx, {
        tenantId: PLATFORM_TENANT_ID,
        action: 'country.delete',
        entityType: 'country',
        entityId: code,
      });
    });
    countriesByCode(ctx).delete(code);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('COUNTRY_IN_USE');
    throw error;
  }
}

/** Seeds the Central American catalogue (and Panama); existing countries are left as they are. */
export async function seedCountries(db: Database): Promise<number> {
  const countries = seed.countries.map((c) => CountrySchema.parse(c));
  return db.tx({ tenantId: null }, async (tx) => {
    let added = 0;
    for (const country of countries) if (await insertCountry(tx, country, { ignoreExisting: true })) added++;
    return added;
  });
}
