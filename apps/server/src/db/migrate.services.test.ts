import { afterAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../testing/test-db.ts';
import { type Database, openPostgres } from './client.ts';
import { migrate } from './migrate.ts';

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
});
