import type { Country } from '@promo/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, departments } from '../../db/schema.ts';
import { oneByOne } from '../../platform/one-by-one.ts';

type CountryRow = typeof countries.$inferSelect;

function toCountry(row: CountryRow, departmentNames: string[]): Country {
  return {
    code: row.code,
    name: row.name,
    timeZone: row.timeZone,
    currency: row.currency,
    phonePrefix: row.phonePrefix,
    phoneDigits: row.phoneDigits,
    identity: { label: row.identityLabel, pattern: row.identityPattern, example: row.identityExample },
    departmentLabel: row.departmentLabel,
    departments: departmentNames,
  };
}

function toColumns(country: Omit<Country, 'code' | 'departments'>) {
  return {
    name: country.name,
    timeZone: country.timeZone,
    currency: country.currency,
    phonePrefix: country.phonePrefix,
    phoneDigits: country.phoneDigits,
    identityLabel: country.identity.label,
    identityPattern: country.identity.pattern,
    identityExample: country.identity.example,
    departmentLabel: country.departmentLabel,
  };
}

/** Every country with its departments, in two queries. */
export async function listCountries(tx: Tx): Promise<Country[]> {
  const [rows, deptRows] = await oneByOne(
    () => tx.select().from(countries).orderBy(asc(countries.name)),
    () => tx.select().from(departments).orderBy(asc(departments.countryCode), asc(departments.position)),
  );
  const byCountry = new Map<string, string[]>();
  for (const d of deptRows) byCountry.set(d.countryCode, [...(byCountry.get(d.countryCode) ?? []), d.name]);
  return rows.map((row) => toCountry(row, byCountry.get(row.code) ?? []));
}

/** A country with its departments; `lock`: its row locked for the rest of the transaction (a change). */
export async function findCountry(
  tx: Tx,
  code: string,
  options: { lock?: boolean } = {},
): Promise<Country | undefined> {
  const query = tx.select().from(countries).where(eq(countries.code, code));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) return undefined;
  const deptRows = await tx
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.countryCode, code))
    .orderBy(asc(departments.position));
  return toCountry(
    row,
    deptRows.map((d) => d.name),
  );
}

async function replaceDepartments(tx: Tx, code: string, names: string[]): Promise<void> {
  await tx.delete(departments).where(eq(departments.countryCode, code));
  if (names.length > 0) {
    await tx
      .insert(departments)
      .values(names.map((name, position) => ({ countryCode: code, position, name })));
  }
}

export async function insertCountry(
  tx: Tx,
  country: Country,
  options: { ignoreExisting?: boolean } = {},
): Promise<boolean> {
  const insert = tx.insert(countries).values({ code: country.code, ...toColumns(country) });
  const rows = await (options.ignoreExisting ? insert.onConflictDoNothing() : insert).returning({
    code: countries.code,
  });
  if (rows.length === 0) return false;
  await replaceDepartments(tx, country.code, country.departments);
  return true;
}

/** Writes a country's columns, and its department list when `departments` says it changed. */
export async function updateCountryRow(
  tx: Tx,
  code: string,
  country: Omit<Country, 'code'>,
  now: Date,
  changed: { departments: boolean },
): Promise<boolean> {
  const rows = await tx
    .update(countries)
    .set({ ...toColumns(country), updatedAt: now })
    .where(eq(countries.code, code))
    .returning({ code: countries.code });
  if (rows.length === 0) return false;
  if (changed.departments) await replaceDepartments(tx, code, country.departments);
  return true;
}

export async function deleteCountryRow(tx: Tx, code: string): Promise<boolean> {
  const rows = await tx.delete(countries).where(eq(countries.code, code)).returning({ code: countries.code });
  return rows.length > 0;
}
