import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedCountries } from '../features/countries/index.ts';
import { buildPublicAssets } from '../platform/public-assets/build.ts';
import { PUBLIC_BUNDLES } from '../public-bundles.ts';
import { adminUrl } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    publicAssetsDir: string;
  }
}

/**
 * Migrates one database before any test: a PGlite data directory dumped to a file (each test
 * file loads a copy), or, with TEST_DATABASE_URL, a PostgreSQL template each test file clones.
 */
export default async function setup(project: TestProject) {
  // what the run writes to the temporary directory (its own files, the tests', and those of the
  // servers the tests start) goes under one directory of its own, removed when the run ends
  const runDir = await mkdtemp(join(tmpdir(), 'promo-test-run-'));
  process.env.TMPDIR = runDir;
  const removeRunDir = () => rm(runDir, { recursive: true, force: true });
  // the public pages' scripts, built once like `npm run build` does, so page tests load real ones
  const assetsDir = await mkdtemp(join(tmpdir(), 'promo-test-assets-'));
  const quiet = process.stdout.write.bind(process.stdout);
  process.stdout.write = () => true;
  try {
    await buildPublicAssets(assetsDir, PUBLIC_BUNDLES);
  } finally {
    process.stdout.write = quiet;
  }
  project.provide('publicAssetsDir', assetsDir);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite({ dataDir: null });
    await migrate(db);
    await seedCountries(db);
    const dumpPath = join(tmpdir(), `promo-test-${process.pid}-${randomBytes(4).toString('hex')}.tgz`);
    const dump = await (db.dumpDataDir as () => Promise<Blob>)();
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await db.close();
    project.provide('pgliteDump', dumpPath);
    project.provide('pgTemplate', '');
    return removeRunDir;
  }
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `promo_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = await openPostgres({ url: adminUrl(url, template), poolSize: 2 });
  await migrate(db);
  await seedCountries(db);
  await db.close();
  project.provide('pgliteDump', '');
  project.provide('pgTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`promo_%${runId}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await removeRunDir();
  };
}
