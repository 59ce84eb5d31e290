import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, openTestDatabase } from '../testing/test-db.ts';
import { BATCHED_FUNCTIONS, type Database } from './client.ts';
import { FUNCTION_FILE, MIGRATION_FILE, migrate } from './migrate.ts';

// SQL functions and triggers live one per file in db/functions and are applied again when their
// text changes (decision 039); versioned migrations keep tables, indexes and data.
const functionsDir = fileURLToPath(new URL('./functions/', import.meta.url));
const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The last versioned migration when functions moved to their files: later ones may define none. */
const LAST_MIGRATION_WITH_FUNCTIONS = 42;

const files = new Map(
  readdirSync(functionsDir)
    .filter((file) => FUNCTION_FILE.test(file))
    .map((file) => [file.slice(0, -'.sql'.length), readFileSync(join(functionsDir, file), 'utf8')]),
);

/** The functions (by name) and triggers (`table.trigger`) a file's text creates. */
function declared(text: string): { functions: string[]; triggers: string[] } {
  const code = text.replace(/^\s*--.*$/gm, '');
  return {
    functions: [
      ...code.matchAll(/CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(?:public\.)?([a-z_][a-z0-9_]*)\s*\(/gi),
    ].map((m) => m[1] as string),
    triggers: [
      ...code.matchAll(
        /CREATE\s+OR\s+REPLACE\s+TRIGGER\s+([a-z_][a-z0-9_]*)\s[^;]*?\bON\s+(?:public\.)?([a-z_]+)/gi,
      ),
    ].map((m) => `${m[2]}.${m[1]}`),
  };
}

/** The public schema's functions (not an extension's) and triggers, each with its definition. */
async function definitions(db: Database) {
  const functions = await db.ownerQuery<{ name: string; key: string; def: string; app_may_run: boolean }>(
    `SELECT p.proname AS name, p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS key,
            pg_get_functiondef(p.oid) AS def, has_function_privilege('promo_app', p.oid, 'EXECUTE') AS app_may_run
       FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY key`,
  );
  const triggers = await db.ownerQuery<{ key: string; fn: string; def: string }>(
    `SELECT c.relname || '.' || t.tgname AS key, p.proname AS fn, pg_get_triggerdef(t.oid) AS def
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
      ORDER BY key`,
  );
  return { functions, triggers };
}

/**
 * The schema as the catalogue describes it, one line per object: tables and their settings,
 * columns, indexes, constraints, row policies, privileges, functions and triggers.
 */
async function schemaDump(db: Database): Promise<string[]> {
  const rows = await db.ownerQuery<{ line: string }>(`
    SELECT 'relation ' || c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity || '/' || c.relforcerowsecurity
           || ' acl=' || coalesce(c.relacl::text, '') AS line
      FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
    UNION ALL
    SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
           || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
           || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || ' ' || a.attidentity::text || a.attgenerated::text
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT 'constraint ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'policy ' || tablename || '.' || policyname || ' ' || cmd || ' ' || roles::text || ' '
           || coalesce(qual, '') || ' / ' || coalesce(with_check, '')
      FROM pg_policies WHERE schemaname = 'public'
    UNION ALL
    SELECT 'function ' || coalesce(p.proacl::text, '') || ' ' || pg_get_functiondef(p.oid)
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'trigger ' || pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal`);
  return rows.map((r) => r.line).sort();
}

/** A folder of its own (removed after the file's tests) holding `names` copied from `from`. */
const folders: string[] = [];
function folderWith(from: string, names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'promo-sql-'));
  folders.push(dir);
  for (const name of names) cpSync(join(from, name), join(dir, name));
  return `${dir}/`;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('SQL functions, one per file (decision 039)', async () => {
  const db = await openTestDatabase();
  afterAll(() => db.close());

  it('every function and trigger of the migrated database has exactly one file, and every file its function', async () => {
    const { functions, triggers } = await definitions(db);
    expect(functions.length).toBeGreaterThanOrEqual(28);
    const byFile = new Map([...files].map(([name, text]) => [name, declared(text)]));
    const problems: string[] = [];
    for (const [file, { functions: fns, triggers: trgs }] of byFile) {
      if (fns.length === 0) problems.push(`${file}.sql creates no function with CREATE OR REPLACE FUNCTION`);
      for (const fn of fns.filter((fn) => fn !== file))
        problems.push(`${file}.sql creates ${fn}: a file holds the function of its name only`);
      // the overloads in the database are the ones the file creates (a changed signature drops the old one)
      const inDatabase = functions.filter((f) => f.name === file).length;
      if (inDatabase !== fns.length)
        problems.push(
          `${file}.sql creates ${fns.length} function(s) ${file}, the database has ${inDatabase}`,
        );
      for (const trigger of trgs)
        if (!triggers.some((t) => t.key === trigger && t.fn === file))
          problems.push(
            `${file}.sql creates trigger ${trigger}, which the database does not have running ${file}`,
          );
    }
    for (const fn of functions)
      if (!byFile.has(fn.name))
        problems.push(`function ${fn.key} has no file: write apps/server/src/db/functions/${fn.name}.sql`);
    for (const trigger of triggers) {
      const holders = [...byFile].filter(([, d]) => d.triggers.includes(trigger.key)).map(([name]) => name);
      if (holders.length !== 1 || holders[0] !== trigger.fn)
        problems.push(
          `trigger ${trigger.key} should be created in ${trigger.fn}.sql alone, is in [${holders}]`,
        );
    }
    // re-runnable: a plain CREATE FUNCTION or CREATE TRIGGER fails the second time
    for (const [file, text] of files)
      if (/^\s*CREATE\s+(?:CONSTRAINT\s+)?(?:FUNCTION|TRIGGER|PROCEDURE)\b/im.test(text))
        problems.push(`${file}.sql: write CREATE OR REPLACE, so that the file can run again`);
    expect(problems).toEqual([]);
  });

  it('the database holds what each file defines: each file applied again (bodies checked) changes no definition', async () => {
    const before = await definitions(db);
    for (const [file, text] of files) {
      await db.ownerExec(`BEGIN;\nSET LOCAL check_function_bodies = on;\n${text}\nCOMMIT;`);
      expect(await definitions(db), `${file}.sql differs from what the database holds`).toEqual(before);
    }
    // and the application role may run every function, as before the files
    expect(before.functions.filter((f) => !f.app_may_run).map((f) => f.key)).toEqual([]);
  });

  it('the text of every file is the one recorded as applied', async () => {
    const recorded = await db.ownerQuery<{ name: string; sha256: string }>(
      'SELECT name, sha256 FROM schema_functions ORDER BY name',
    );
    const expected = [...files]
      .map(([name, text]) => ({ name, sha256: createHash('sha256').update(text).digest('hex') }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(recorded).toEqual(expected);
  });

  it('each batch function is what create_batch_function writes for its function today', async () => {
    const batches = async () =>
      (await definitions(db)).functions.filter((f) => f.name.endsWith('_batch')).map((f) => f.def);
    const before = await batches();
    expect(before).toHaveLength(BATCHED_FUNCTIONS.size);
    for (const name of BATCHED_FUNCTIONS) await db.ownerQuery(`SELECT create_batch_function('${name}')`);
    expect(await batches()).toEqual(before);
  });

  it('a changed file is applied again on the next migrate, an unchanged one is not; a removed one is left and told', async () => {
    const db = await openTestDatabase();
    const dir = folderWith(
      functionsDir,
      [...files.keys()].map((name) => `${name}.sql`),
    );
    const warnings: string[] = [];
    const run = () => migrate(db, { functionsDir: dir, warn: (line) => warnings.push(line) });
    const appliedAt = async () =>
      new Map(
        (
          await db.ownerQuery<{ name: string; at: string }>(
            'SELECT name, applied_at::text AS at FROM schema_functions',
          )
        ).map((r) => [r.name, r.at]),
      );
    expect(await run()).toEqual([]);
    const first = await appliedAt();

    const iso = join(dir, 'iso_instant.sql');
    writeFileSync(iso, readFileSync(iso, 'utf8').replace('"Z"\')', '"Z"\') -- changed by functions.test'));
    expect(await run()).toEqual(['functions/iso_instant.sql']);
    const [body] = await db.ownerQuery<{ def: string }>(
      `SELECT pg_get_functiondef('iso_instant'::regproc) AS def`,
    );
    expect(body?.def).toContain('-- changed by functions.test');
    const second = await appliedAt();
    expect(second.get('iso_instant')).not.toBe(first.get('iso_instant'));
    second.delete('iso_instant');
    first.delete('iso_instant');
    expect(second).toEqual(first);
    expect(await run()).toEqual([]);

    // a file gone while its function stays: left as it is, and said
    rmSync(iso);
    expect(await run()).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('db/functions/iso_instant.sql is gone')]);
    expect((await appliedAt()).has('iso_instant')).toBe(true);
    // dropped by a versioned migration: its record goes, nothing said
    await db.ownerExec('DROP FUNCTION iso_instant(timestamptz)');
    expect(await run()).toEqual([]);
    expect((await appliedAt()).has('iso_instant')).toBe(false);
    expect(warnings).toHaveLength(1);
    await db.close();
  });

  it('a database migrated step by step has the schema and function bodies of one migrated in one go', async () => {
    const migrations = readdirSync(migrationsDir)
      .filter((file) => MIGRATION_FILE.test(file))
      .sort();
    const noFunctions = folderWith(functionsDir, []);
    const stepped = await openEmptyDatabase();
    try {
      // a database of an older release (migrations to 0030, before function files)
      await migrate(stepped, {
        migrationsDir: folderWith(
          migrationsDir,
          migrations.filter((file) => Number(file.slice(0, 4)) <= 30),
        ),
        functionsDir: noFunctions,
      });
      // then of the release before function files (every migration of today)
      await migrate(stepped, { functionsDir: noFunctions });
      // then this code
      expect((await migrate(stepped)).length).toBe(files.size);
      expect(await schemaDump(stepped)).toEqual(await schemaDump(db));
    } finally {
      await stepped.close();
    }
  });

  it(`a versioned migration after ${LAST_MIGRATION_WITH_FUNCTIONS} creates no function or trigger`, () => {
    const offending = readdirSync(migrationsDir)
      .filter((file) => MIGRATION_FILE.test(file) && Number(file.slice(0, 4)) > LAST_MIGRATION_WITH_FUNCTIONS)
      .filter((file) =>
        /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?(?:FUNCTION|TRIGGER|PROCEDURE)\b|\bcreate_batch_function\s*\(/i.test(
          readFileSync(join(migrationsDir, file), 'utf8').replace(/--.*$/gm, ''),
        ),
      );
    expect(
      offending,
      'functions and triggers live one per file in apps/server/src/db/functions/ (decision 039): ' +
        'move the definition there; a versioned migration keeps tables, indexes and data changes',
    ).toEqual([]);
  });
});
