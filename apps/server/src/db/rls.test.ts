import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findDatabaseError } from '../platform/http/database-errors.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { type Database, queryRows } from './client.ts';
import { auditLog } from './schema.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

async function seed(db: Database) {
  await db.ownerExec(`
    INSERT INTO tenants (id, slug, name, country_code) VALUES ('${A}', 'rls-a', 'A', 'CR'), ('${B}', 'rls-b', 'B', 'CR');
    INSERT INTO audit_log (tenant_id, action, entity_type) VALUES ('${A}', 'a.one', 'x'), ('${A}', 'a.two', 'x'), ('${B}', 'b.one', 'x');
  `);
}

/** A query that forgets its tenant filter, as a careless repository might. */
const forgetfulQuery = (db: Database, tenantId: string | null) =>
  db.tx({ tenantId }, async (tx) =>
    (await tx.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action).sort(),
  );

describe('row-level security backstop', async () => {
  const db = await openTestDatabase();
  await seed(db);

  it('a query with a forgotten tenant filter returns only the current tenant’s rows', async () => {
    expect(await forgetfulQuery(db, A)).toEqual(['a.one', 'a.two']);
    expect(await forgetfulQuery(db, B)).toEqual(['b.one']);
  });

  it('a transaction with no tenant sees no tenant-owned row', async () => {
    expect(await forgetfulQuery(db, null)).toEqual([]);
  });

  it('a write into another tenant is refused by the policy’s check', async () => {
    const refused = await db
      .tx({ tenantId: A }, (tx) =>
        tx.insert(auditLog).values({ tenantId: B, action: 'sneak', entityType: 'x', details: {} }),
      )
      .then(
        () => null,
        (error: unknown) => findDatabaseError(error),
      );
    // 42501 alone is also a missing grant: the message names the row-level security policy
    expect(refused).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "audit_log"',
    });
    expect(await forgetfulQuery(db, B)).toEqual(['b.one']);
  });

  it('requests run as the non-owner application role', async () => {
    const rows = await db.tx({ tenantId: A }, (tx) => queryRows(tx, sql`select current_user as who`));
    expect(rows[0]).toEqual({ who: 'promo_app' });
  });

  it('every table with a tenant_id has row-level security enabled, forced, with the tenant policy', async () => {
    const tables = await db.ownerQuery<{
      table: string;
      enabled: boolean;
      forced: boolean;
      policies: number;
    }>(`
      SELECT c.relname AS table, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
             (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation') AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind = 'r'`);
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const t of tables) expect(t, t.table).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it('removing the policy is what would leak: the same query then sees every tenant', async () => {
    const copy = await openTestDatabase();
    await seed(copy);
    await copy.ownerExec(
      'DROP POLICY tenant_isolation ON audit_log; CREATE POLICY open ON audit_log USING (true)',
    );
    expect(await forgetfulQuery(copy, A)).toEqual(['a.one', 'a.two', 'b.one']);
    await copy.close();
  });
});
