import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { adminUrl } from './postgres-url.ts';

/** Whether this run tests against PostgreSQL (TEST_DATABASE_URL) rather than PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A fresh, migrated database of its own for one test file: a copy, never migrated again. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `${template.replace('promo_tpl_', 'promo_t_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    return openPostgres({ url: adminUrl(url, name), poolSize: 20 });
  }
  const dump = await readFile(inject('pgliteDump'));
  return openPglite({ dataDir: null, loadDataDir: new Blob([dump]) });
}
