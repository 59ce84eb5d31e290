import pg from 'pg';
import { afterAll } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { createTestApp } from './test-app.ts';
import { cloneTestDatabase } from './test-db.ts';

/**
 * PostgreSQL only (npm run test:pg): an app on its own copy of the test database, and a second
 * connection to the same database (`other`, closed after the file's tests) for a test to hold rows
 * or write while a request runs. `waitingOnALock` resolves once some other session waits for a
 * row lock (the request has reached the rows `other` holds); `what` names it in the failure.
 */
export async function appWithSecondSession() {
  const database = await cloneTestDatabase();
  const t = await createTestApp({ db: await openPostgres({ url: database.url, poolSize: 5 }) });
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  afterAll(() => other.end());

  async function waitingOnALock(what: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [row] = (
        await other.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        )
      ).rows;
      if ((row?.n ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${what} never waited`);
  }

  return { t, other, databaseUrl: database.url, waitingOnALock };
}
