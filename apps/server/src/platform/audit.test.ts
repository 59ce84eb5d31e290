import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { createActiveCampaign } from '../testing/campaign-fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import { findDatabaseError } from './http/database-errors.ts';

/**
 * The audit trail is append-only (migration 0045): the application's role may not change, remove
 * or truncate audit rows, and a trigger refuses the same to every other role, the owner included.
 */
const t = await createTestApp();
// a tenant created through the API, with its admin: its first audit rows ('user.create', …)
const tenant = await t.createTenant();
await t.request({
  method: 'POST',
  url: '/api/redemption-centres',
  token: tenant.admin.token,
  body: { code: '123456', name: 'Centro', latitude: 9.93, longitude: -84.08 },
});

const trail = () => t.db.ownerQuery('select * from audit_log where tenant_id = $1 order by id', [tenant.id]);

/** The error a call ends with (the call must fail). */
async function failureOf(call: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call is refused').not.toBeNull();
  return findDatabaseError(error) ?? {};
}

describe('the audit trail', () => {
  it('refuses an UPDATE, a DELETE and a TRUNCATE through the application’s connection; the rows stay', async () => {
    const before = await trail();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const asApp = (statement: Parameters<typeof t.db.tx>[1]) => t.db.tx({ tenantId: tenant.id }, statement);
    const refusals = [
      await failureOf(
        asApp((tx) => tx.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.tenantId, tenant.id))),
      ),
      await failureOf(asApp((tx) => tx.delete(auditLog).where(eq(auditLog.tenantId, tenant.id)))),
      await failureOf(asApp((tx) => tx.execute(sql`truncate audit_log`))),
    ];
    for (const refusal of refusals) expect(refusal.code).toBe('42501');
    expect(await trail()).toEqual(before);
    // what the role may still do: add a row and read its tenant's rows
    await t.db.tx({ tenantId: tenant.id }, (tx) =>
      tx.insert(auditLog).values({ tenantId: tenant.id, action: 'probe', entityType: 'x', details: {} }),
    );
    expect((await trail()).length).toBe(before.length + 1);
  });

  it('refuses them to the database’s owner too, by its trigger', async () => {
    const before = await trail();
    const refusals = [
      await failureOf(
        t.db.ownerQuery("update audit_log set action = 'forged' where tenant_id = $1", [tenant.id]),
      ),
      await failureOf(t.db.ownerQuery('delete from audit_log where tenant_id = $1', [tenant.id])),
      await failureOf(t.db.ownerQuery('truncate audit_log')),
    ];
    expect(refusals.map((r) => [r.code, r.message])).toEqual([
      ['42501', 'audit_log is append-only: UPDATE refused'],
      ['42501', 'audit_log is append-only: DELETE refused'],
      ['42501', 'audit_log is append-only: TRUNCATE refused'],
    ]);
    expect(await trail()).toEqual(before);
  });

  it('keeps whether an export was searched, never the search (it may name a person an erasure must forget)', async () => {
    const raffle = await createActiveCampaign(t, tenant, { kind: 'raffle' });
    const cedula = '109870654';
    const res = await t.request({
      url: `/api/raffle/campaigns/${raffle.id}/entries/export?format=csv&q=${cedula}`,
      token: tenant.admin.token,
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.ownerQuery<{ details: unknown }>(
      "select details from audit_log where tenant_id = $1 and action = 'raffle.entries_export'",
      [tenant.id],
    );
    expect(row?.details).toEqual({ format: 'csv', searched: true });
    expect(JSON.stringify(await trail())).not.toContain(cedula);
  });
});
