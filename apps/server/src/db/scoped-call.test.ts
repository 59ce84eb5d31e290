import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-db.ts';
import { APP_ROLE } from './client.ts';

const A = '31111111-1111-4111-8111-111111111111';

/**
 * A hot path's call (`db.call`) travels as one message, its settings and the call in one implicit
 * transaction (no BEGIN or COMMIT). These are the promises the hot paths rely on: the call runs in
 * its tenant's scope as the application role, its writes commit together or not at all, and a
 * failure leaves neither a transaction nor a setting behind on the connection.
 */
describe('a scoped call', async () => {
  const db = await openTestDatabase();
  await db.ownerExec(`
    INSERT INTO tenants (id, slug, name, country_code) VALUES ('${A}', 'call-a', 'A', 'CR');
    CREATE FUNCTION scoped_call_probe(p_action text, p_fail boolean)
    RETURNS TABLE (role text, tenant text, written bigint) LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_log (tenant_id, action, entity_type)
      VALUES (current_setting('app.tenant_id')::uuid, p_action, 'probe');
      IF p_fail THEN RAISE EXCEPTION 'probe failed after its write'; END IF;
      RETURN QUERY SELECT current_user::text, current_setting('app.tenant_id'),
        (SELECT count(*) FROM audit_log WHERE entity_type = 'probe');
    END $$;
  `);
  const probe = (action: string, fail: boolean) =>
    db.call<{ role: string; tenant: string; written: number | string }>(
      { tenantId: A },
      { name: 'scoped_call_probe', args: [action, fail ? 'true' : 'false'] },
    );
  const probesWritten = async () =>
    (await db.ownerQuery<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'probe'")).map(
      (r) => r.action,
    );

  it('runs as the application role in its tenant, and its write is committed', async () => {
    const [row] = await probe('first', false);
    expect(row).toMatchObject({ role: APP_ROLE, tenant: A });
    expect(Number(row?.written)).toBe(1);
    expect(await probesWritten()).toEqual(['first']);
  });

  it('a failure writes nothing, and every connection of the pool answers the next calls', async () => {
    await expect(probe('failed', true)).rejects.toThrow(/probe failed after its write/);
    // more calls at once than the pool has connections: none meets a transaction left aborted
    const rows = await Promise.all(Array.from({ length: 30 }, (_, i) => probe(`after ${i}`, false)));
    expect(rows.every(([row]) => row?.tenant === A)).toBe(true);
    const written = await probesWritten();
    expect(written).not.toContain('failed');
    expect(written).toHaveLength(31);
  });

  it('leaves no setting behind: the same connections, used without a scope, are the owner again', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => probe(`before unscoped ${i}`, false)));
    const seen = await Promise.all(
      Array.from({ length: 30 }, () =>
        db.ownerQuery<{ role: string; tenant: string | null }>(
          "SELECT current_user::text AS role, current_setting('app.tenant_id', true) AS tenant",
        ),
      ),
    );
    const rows = seen.flat();
    expect(rows.some((r) => r.role === APP_ROLE)).toBe(false);
    expect(rows.every((r) => !r.tenant)).toBe(true);
  });
});
