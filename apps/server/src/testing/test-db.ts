import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type HotCallOptions, openPglite, openPostgres } from '../db/client.ts';
import { adminUrl } from './postgres-url.ts';

/** Whether this run tests against PostgreSQL (TEST_DATABASE_URL) rather than PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * PostgreSQL runs only: a fresh copy of the migrated template, for a server process of its own
 * (dropped with the others at the end of the run). Answers its URL and name.
 */
export async function cloneTestDatabase(): Promise<{ url: string; name: string }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) throw new Error('cloneTestDatabase needs TEST_DATABASE_URL (npm run test:pg)');
  const name = `${template.replace('promo_tpl_', 'promo_t_')}_${randomBytes(4).toString('hex')}`;
  await createDatabase(url, `${name} TEMPLATE ${template}`);
  return { url: adminUrl(url, name), name };
}

/** `CREATE DATABASE <what>` on the server of `url`, through its maintenance database. */
async function createDatabase(url: string, what: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${what}`);
  } finally {
    await admin.end();
  }
}

/**
 * An empty database of its own, never migrated (for the tests of migrating itself): a new
 * in-memory PGlite, or on PostgreSQL a new database of this run's (dropped with the others).
 */
export async function openEmptyDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) return openPglite({ dataDir: null });
  const name = `${template.replace('promo_tpl_', 'promo_t_')}_empty_${randomBytes(4).toString('hex')}`;
  await createDatabase(url, name);
  return openPostgres({ url: adminUrl(url, name), poolSize: 2 });
}

/**
 * A fresh, migrated database of its own for one test file: a copy, never migrated again.
 * `hotCalls`: how its hot calls travel together (decision 035), for the tests of that.
 */
export async function openTestDatabase(hotCalls: HotCallOptions = {}): Promise<Database> {
  if (inject('pgTemplate') && process.env.TEST_DATABASE_URL) {
    const { url } = await cloneTestDatabase();
    return openPostgres({ url, poolSize: 20, ...hotCalls });
  }
  const dump = await readFile(inject('pgliteDump'));
  return openPglite({ dataDir: null, loadDataDir: new Blob([dump]), ...hotCalls });
}
