import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { TEST_SECRET } from './test-app.ts';
import { openTestDatabase } from './test-db.ts';

/**
 * An app on a fresh, empty database that also serves a stand-in web app (index.html answers
 * `<title>SPA</title>`): public page routes must win over its `/*` fallback. Close it when done.
 */
export const TEST_STORAGE_KEY = 'test-storage-key-0123456789-abcdefghij';

export async function appWithWebApp() {
  const webDist = mkdtempSync(join(tmpdir(), 'promo-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
  const db = await openTestDatabase();
  const app = await buildApp({
    db,
    config: {
      jwtSecret: TEST_SECRET,
      storageKey: TEST_STORAGE_KEY,
      publicBaseUrl: 'http://promo.test',
      logOutbox: false,
      defaultTenant: 'demo',
    },
    logLevel: 'silent',
    webDist,
  });
  return {
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
