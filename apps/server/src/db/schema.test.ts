import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-db.ts';
import { BATCHED_FUNCTIONS } from './client.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema.ts';

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

describe('migrations and the typed schema', async () => {
  const db = await openTestDatabase();

  it('every Drizzle table and column exists in the migrated database, with the same nullability', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(8);
    const columns = await db.ownerQuery<{ table_name: string; column_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const actual = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'YES']));
    for (const table of tables) {
      const config = getTableConfig(table);
      const dbColumns = columns
        .filter((c) => c.table_name === config.name)
        .map((c) => c.column_name)
        .sort();
      expect(config.columns.map((c) => c.name).sort(), config.name).toEqual(dbColumns);
      for (const column of config.columns) {
        expect(actual.get(`${config.name}.${column.name}`), `${config.name}.${column.name} nullable`).toBe(
          !column.notNull,
        );
      }
    }
  });

  it('each batched hot function is one function with a batch function that passes all its arguments, and answers JSON-safe columns', async () => {
    for (const name of BATCHED_FUNCTIONS) {
      const found = await db.ownerQuery<{ args: number; results: string[]; batch: string | null }>(
        `SELECT p.pronargs AS args,
                ARRAY(SELECT format_type(t, NULL) FROM unnest(p.proallargtypes[p.pronargs + 1:]) t) AS results,
                (SELECT b.prosrc FROM pg_proc b WHERE b.proname = p.proname || '_batch') AS batch
           FROM pg_proc p WHERE p.proname = $1`,
        [name],
      );
      expect(found, name).toHaveLength(1);
      const [fn] = found;
      // the batch passes the call's arguments 0 … n-1, each from the call's JSON
      expect(fn?.batch?.match(/\(c->>\d+\)/g), name).toHaveLength(fn?.args ?? -1);
      // what comes back through the batch's JSON as the driver would have parsed it alone
      for (const type of fn?.results ?? [])
        expect(['text', 'uuid', 'integer', 'boolean', 'jsonb'], name).toContain(type);
    }
  });

  it('applying the migrations again changes nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });
});
