import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { APP_ROLE, type Database } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url));
const ALREADY_APPLIED = 'migration already applied';
/** The lock every process that migrates takes turns on (PostgreSQL; PGlite has one process). */
const MIGRATIONS_LOCK = 4242001;

/** A versioned migration's file: `NNNN_name.sql`. */
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** A function's file in db/functions: `<function name>.sql` (decision 039). */
export const FUNCTION_FILE = /^[a-z_][a-z0-9_]*\.sql$/;

export type MigrateOptions = {
  /** The versioned migrations (tables, indexes, data); ./migrations unless a test says. */
  migrationsDir?: string;
  /** The SQL functions, one per file, applied when their text changes; ./functions unless a test says. */
  functionsDir?: string;
  /** Where a warning goes (a function whose file is gone); console.warn unless said. */
  warn?: (line: string) => void;
};

/**
 * Brings the database to this code's schema:
 * 1. every numbered SQL file in ./migrations not yet applied, each in its own transaction;
 * 2. every file of ./functions whose text differs from the one last applied (its SHA-256 in
 *    `schema_functions`), each in its own transaction: the current definition of one SQL function
 *    (and its triggers), re-runnable, in the manner of Flyway's repeatable migrations (decision 039);
 * 3. the application role's rights (every table but the migrations' and functions' lists; only
 *    reads and inserts on the append-only audit trail).
 * Several processes may start at once against one PostgreSQL: an advisory lock makes them take
 * turns, and a file applied meanwhile is skipped. Answers the files it applied, migrations by their
 * name and functions as `functions/<name>.sql`.
 */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const lock = db.driver === 'postgres' ? `SELECT pg_advisory_xact_lock(${MIGRATIONS_LOCK});` : '';
  const done = [
    ...(await applyMigrations(db, options.migrationsDir ?? MIGRATIONS_DIR, lock)),
    ...(await applyFunctions(db, options.functionsDir ?? FUNCTIONS_DIR, lock, options.warn ?? console.warn)),
  ];
  // under the same lock: two processes granting at once fail with "tuple concurrently updated"
  await db.ownerExec(`
    BEGIN;
    ${lock}
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
    REVOKE ALL ON schema_migrations FROM ${APP_ROLE};
    REVOKE ALL ON schema_functions FROM ${APP_ROLE};
    -- the audit trail is append-only for the application (migration 0045)
    REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${APP_ROLE};
    COMMIT;
  `);
  return done;
}

async function applyMigrations(db: Database, dir: string, lock: string): Promise<string[]> {
  await db.ownerExec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await db.ownerQuery<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const files = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const done: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 4);
    if (applied.has(version)) continue;
    const body = await readFile(`${dir}${file}`, 'utf8');
    const script = [
      'BEGIN;',
      lock,
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN RAISE EXCEPTION '${ALREADY_APPLIED}'; END IF; END $$;`,
      body,
      `INSERT INTO schema_migrations (version) VALUES ('${version}');`,
      'COMMIT;',
    ].join('\n');
    if (await appliedNow(db, script, `Migration ${file}`)) done.push(file);
  }
  return done;
}

/**
 * The function files whose text changed since they were last applied (or never were), each in a
 * transaction of its own, in the order of their names, and its SHA-256 recorded with it. Function
 * bodies are not checked at creation (`check_function_bodies = off`), so that a `LANGUAGE sql`
 * function may name another whose file comes later; db/functions.test.ts applies every file with
 * the check on. A recorded file no longer in the folder: its row goes if its function is gone (a
 * versioned migration dropped it, the way to retire one); a function still there is left as it is,
 * with a warning (never dropped here: an older server of a rolling deploy may still call it).
 */
async function applyFunctions(
  db: Database,
  dir: string,
  lock: string,
  warn: (line: string) => void,
): Promise<string[]> {
  await db.ownerExec(`
    BEGIN;
    ${lock}
    CREATE TABLE IF NOT EXISTS schema_functions (
      name text PRIMARY KEY,
      sha256 text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    COMMIT;
  `);
  const recorded = new Map(
    (await db.ownerQuery<{ name: string; sha256: string }>('SELECT name, sha256 FROM schema_functions')).map(
      (r) => [r.name, r.sha256],
    ),
  );
  const files = (await readdir(dir)).filter((name) => FUNCTION_FILE.test(name)).sort();
  const done: string[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.sql'.length);
    const text = await readFile(`${dir}${file}`, 'utf8');
    const sha256 = createHash('sha256').update(text).digest('hex');
    if (recorded.get(name) === sha256) continue;
    const script = [
      'BEGIN;',
      lock,
      `DO $$ BEGIN IF EXISTS (SELECT 1 FROM schema_functions WHERE name = '${name}' AND sha256 = '${sha256}') THEN RAISE EXCEPTION '${ALREADY_APPLIED}'; END IF; END $$;`,
      'SET LOCAL check_function_bodies = off;',
      text,
      `INSERT INTO schema_functions (name, sha256) VALUES ('${name}', '${sha256}')
         ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, applied_at = now();`,
      'COMMIT;',
    ].join('\n');
    if (await appliedNow(db, script, `Function file ${file}`)) done.push(`functions/${file}`);
  }
  const present = new Set(files.map((file) => file.slice(0, -'.sql'.length)));
  for (const name of [...recorded.keys()].filter((n) => !present.has(n))) {
    const [gone] = await db.ownerQuery<{ still: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_proc WHERE proname = $1 AND pronamespace = 'public'::regnamespace) AS still`,
      [name],
    );
    if (gone?.still)
      warn(
        `db/functions/${name}.sql is gone but function ${name} is still in the database: drop it in a versioned migration (decision 039)`,
      );
    else await db.ownerQuery('DELETE FROM schema_functions WHERE name = $1', [name]);
  }
  return done;
}

/** Runs one file's script; false when another process applied it meanwhile. */
async function appliedNow(db: Database, script: string, what: string): Promise<boolean> {
  try {
    await db.ownerExec(script);
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes(ALREADY_APPLIED)) return false;
    throw new Error(`${what} failed: ${error instanceof Error ? error.message : error}`, { cause: error });
  }
}
