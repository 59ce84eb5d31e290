import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../testing/test-db.ts';
import { type Database, openPostgres } from './client.ts';
import { FUNCTION_FILE, migrate } from './migrate.ts';

// Several server processes starting at once (npm run cluster, an orchestrator) each migrate and
// grant the application role its rights: none of them may fail because another one does too.
describe('migrations from processes starting at once', async () => {
  const { url } = await cloneTestDatabase();
  const processes: Database[] = await Promise.all(
    Array.from({ length: 4 }, () => openPostgres({ url, poolSize: 2 })),
  );
  afterAll(async () => {
    for (const db of processes) await db.close();
  });

  it('every process starts: the grants take turns on the migrations lock', async () => {
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.allSettled(processes.map((db) => migrate(db)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    }
  });

  it('function files (decision 039) are applied once each by processes starting at once, none failing', async () => {
    const files = readdirSync(fileURLToPath(new URL('./functions/', import.meta.url)))
      .filter((file) => FUNCTION_FILE.test(file))
      .map((file) => `functions/${file}`);
    // a database of the release before function files: none recorded, the list not there yet
    await processes[0]?.ownerExec('DROP TABLE schema_functions');
    const outcomes = await Promise.allSettled(processes.map((db) => migrate(db)));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const applied = outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value : []));
    expect(applied.sort()).toEqual(files.sort());
  });
});
