import type { TestApp } from './test-app.ts';

/** Every table's row count and content hash: a tenant's rows where the table has `tenant_id`, else all. */
export type TableSnapshot = Record<string, { rows: number; hash: string }>;

/**
 * The whole database as a request could have changed it, for "a refused request changes nothing":
 * each base table of the schema, by row count and an MD5 of its rows (the tenant's rows of a
 * tenant table, every row of the others: countries, tenants, ...).
 */
export async function snapshotTables(t: TestApp, tenantId: string): Promise<TableSnapshot> {
  const tables = await t.db.ownerQuery<{ table_name: string; tenant: boolean }>(
    `select t.table_name, exists (select 1 from information_schema.columns c
              where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'tenant_id') as tenant
       from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by t.table_name`,
  );
  const snapshot: TableSnapshot = {};
  for (const { table_name: name, tenant } of tables) {
    const [row] = await t.db.ownerQuery<{ rows: number; hash: string | null }>(
      `select count(*)::int as rows, md5(string_agg(x::text, '|' order by x::text)) as hash
         from "${name}" x ${tenant ? 'where tenant_id = $1' : ''}`,
      tenant ? [tenantId] : [],
    );
    snapshot[name] = { rows: Number(row?.rows ?? 0), hash: row?.hash ?? '' };
  }
  return snapshot;
}
