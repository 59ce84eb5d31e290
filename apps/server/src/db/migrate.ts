import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { APP_ROLE, type Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const ALREADY_APPLIED = 'migration already applied';

/**
 * Applies every numbered SQL file in ./migrations not yet applied, each in its own transaction,
 * then grants the application role its rights (every table but the migrations' list; only reads
 * and inserts on the append-only audit trail). Several processes may start at once against one
 * PostgreSQL: an advisory lock makes them take turns, and a file applied meanwhile is skipped.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.ownerExec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await db.ownerQuery<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const files = (await readdir(dir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const done: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 4);
    if (applied.has(version)) continue;
    const body = await readFile(`${dir}${file}`, 'utf8');
    const script = [
      'BEGIN;',
      db.driver === 'postgres' ? 'SELECT pg_advisory_xact_lock(4242001);' : '',
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN RAISE EXCEPTION '${ALREADY_APPLIED}'; END IF; END $$;`,
      body,
      `INSERT INTO schema_migrations (version) VALUES ('${version}');`,
      'COMMIT;',
    ].join('\n');
    try {
      await db.ownerExec(script);
      done.push(file);
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(ALREADY_APPLIED))) {
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : error}`, {
          cause: error,
        });
      }
    }
  }
  // under the same lock: two processes granting at once fail with "tuple concurrently updated"
  await db.ownerExec(`
    BEGIN;
    ${db.driver === 'postgres' ? 'SELECT pg_advisory_xact_lock(4242001);' : ''}
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
    REVOKE ALL ON schema_migrations FROM ${APP_ROLE};
    -- the audit trail is append-only for the application (migration 0045)
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP_ROLE};
    COMMIT;
  `);
  return done;
}
