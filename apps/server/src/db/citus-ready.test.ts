import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-db.ts';

/**
 * The schema can be distributed by tenant on Citus (decision 021): every table with a `tenant_id`
 * column keeps it in its primary key and in every unique constraint or unique index, and every
 * foreign key between two such tables joins on `tenant_id` as well, so that each constraint can be
 * checked inside one shard. Tables without `tenant_id` are reference tables (countries,
 * departments, tenants, schema_migrations).
 */
describe('a schema Citus can distribute by tenant', async () => {
  const db = await openTestDatabase();
  const tenantTables = new Set(
    (
      await db.ownerQuery<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'`,
      )
    ).map((r) => r.table_name),
  );

  /** Each constraint or unique index with the columns it covers (and, for a foreign key, the referenced table and columns). */
  async function keys() {
    return db.ownerQuery<{
      name: string;
      kind: string;
      table_name: string;
      columns: string[];
      ref_table: string | null;
      ref_columns: string[] | null;
    }>(
      `SELECT con.conname AS name, con.contype AS kind, rel.relname AS table_name,
              ARRAY(SELECT a.attname::text FROM unnest(con.conkey) k JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k) AS columns,
              ref.relname AS ref_table,
              CASE WHEN con.confkey IS NULL THEN NULL ELSE
                ARRAY(SELECT a.attname::text FROM unnest(con.confkey) k JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k) END AS ref_columns
         FROM pg_constraint con
         JOIN pg_class rel ON rel.oid = con.conrelid
         JOIN pg_namespace n ON n.oid = rel.relnamespace AND n.nspname = 'public'
         LEFT JOIN pg_class ref ON ref.oid = con.confrelid
        WHERE con.contype IN ('p', 'u', 'f')
       UNION ALL
       SELECT i.relname, 'i', t.relname,
              ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) k JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k),
              NULL, NULL
         FROM pg_index ix
         JOIN pg_class i ON i.oid = ix.indexrelid
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
        WHERE ix.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)`,
    );
  }

  it('every tenant table has a key, and every primary key, unique constraint and unique index includes tenant_id', async () => {
    const all = await keys();
    expect(tenantTables.size).toBeGreaterThan(30);
    // a key of its own: a primary key, or unique indexes (campaign_centres: one per kind of target)
    const keyless = [...tenantTables].filter(
      (table) => !all.some((k) => ['p', 'u', 'i'].includes(k.kind) && k.table_name === table),
    );
    expect(keyless, 'tenant tables without a key').toEqual([]);
    const unscoped = all
      .filter((k) => ['p', 'u', 'i'].includes(k.kind) && tenantTables.has(k.table_name))
      .filter((k) => !k.columns.includes('tenant_id'))
      .map((k) => `${k.table_name}.${k.name} (${k.columns.join(', ')})`);
    expect(unscoped, 'keys without tenant_id').toEqual([]);
  });

  it('tenant_id is never null: a row without one would belong to no shard', async () => {
    const nullable = await db.ownerQuery<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'tenant_id' AND is_nullable = 'YES'`,
    );
    expect(nullable.map((r) => r.table_name)).toEqual([]);
  });

  it('every foreign key between tenant tables joins on tenant_id', async () => {
    const all = await keys();
    const crossing = all
      .filter((k) => k.kind === 'f' && tenantTables.has(k.table_name) && tenantTables.has(k.ref_table ?? ''))
      .filter((k) => {
        const at = k.columns.indexOf('tenant_id');
        return at < 0 || k.ref_columns?.[at] !== 'tenant_id';
      })
      .map((k) => `${k.table_name}.${k.name} (${k.columns.join(', ')}) → ${k.ref_table}`);
    expect(crossing, 'foreign keys without tenant_id').toEqual([]);
  });
});
