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

const B = '32222222-2222-4222-8222-222222222222';

/**
 * Hot calls that arrive together travel in one transaction (decision 035), each in a
 * subtransaction of its own and its own tenant. Here one batch at a time of up to 8 calls, so a
 * burst of 17 calls travels as 1 + 8 + 8.
 */
describe('hot calls in batches', async () => {
  const db = await openTestDatabase({
    hotCallLimits: { inFlight: 1, size: 8 },
    batchedFunctions: new Set(['batch_probe', 'batch_echo']),
  });
  await db.ownerExec(`
    INSERT INTO tenants (id, slug, name, country_code) VALUES ('${A}', 'batch-a', 'A', 'CR'), ('${B}', 'batch-b', 'B', 'CR');
    CREATE FUNCTION batch_probe(p_action text, p_fail text)
    RETURNS TABLE (role text, tenant text, tx text, seen text[]) LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO audit_log (tenant_id, action, entity_type)
      VALUES (current_setting('app.tenant_id')::uuid, p_action, 'batch-probe');
      IF p_fail = 'raise' THEN RAISE EXCEPTION 'probe refused: %', p_action; END IF;
      IF p_fail = 'divide' THEN PERFORM 1 / 0; END IF;
      RETURN QUERY SELECT current_user::text, current_setting('app.tenant_id'), txid_current()::text,
        ARRAY(SELECT DISTINCT a.tenant_id::text FROM audit_log a WHERE a.entity_type = 'batch-probe');
    END $$;
    SELECT create_batch_function('batch_probe');
    CREATE FUNCTION batch_echo(p_text text) RETURNS TABLE (echo jsonb) LANGUAGE sql AS $$
      SELECT jsonb_build_array(p_text)
    $$;
    SELECT create_batch_function('batch_echo');
  `);
  type Probe = { role: string; tenant: string; tx: string; seen: string[] };
  const probe = (tenantId: string, action: string, fail: 'raise' | 'divide' | null = null) =>
    db.call<Probe>({ tenantId }, { name: 'batch_probe', args: [action, fail] });
  const written = async (prefix: string) =>
    (
      await db.ownerQuery<{ action: string }>(
        `SELECT action FROM audit_log WHERE entity_type = 'batch-probe' AND action LIKE '${prefix}%' ORDER BY action`,
      )
    ).map((r) => r.action);

  it('a burst travels in three transactions; each call runs as the application role in its own tenant, sees only its rows', async () => {
    const tenants = Array.from({ length: 17 }, (_, i) => (i % 2 === 0 ? A : B));
    const rows = await Promise.all(tenants.map((tenant, i) => probe(tenant, `burst ${i}`)));
    rows.forEach(([row], i) => {
      expect(row).toMatchObject({ role: APP_ROLE, tenant: tenants[i], seen: [tenants[i]] });
    });
    expect(new Set(rows.map(([row]) => row?.tx)).size).toBe(3);
    expect(await written('burst')).toHaveLength(17);
  });

  it('a one-column answer comes back as it does alone: an object with its column', async () => {
    const echoes = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        db.call({ tenantId: A }, { name: 'batch_echo', args: [`echo ${i}`] }),
      ),
    );
    expect(echoes).toEqual(Array.from({ length: 9 }, (_, i) => [{ echo: [`echo ${i}`] }]));
  });

  it("a function's refusal rejects its own call with its message, writes nothing of it, and its neighbours commit", async () => {
    const calls = Array.from({ length: 9 }, (_, i) =>
      probe(i % 2 ? B : A, `refusal ${i}`, i % 3 === 2 ? 'raise' : null),
    );
    const settled = await Promise.allSettled(calls);
    settled.forEach((outcome, i) => {
      if (i % 3 === 2) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason as { code: string; message: string };
        expect([error.code, error.message]).toEqual(['P0001', `probe refused: refusal ${i}`]);
      } else expect(outcome.status).toBe('fulfilled');
    });
    expect(await written('refusal')).toEqual([
      'refusal 0',
      'refusal 1',
      'refusal 3',
      'refusal 4',
      'refusal 6',
      'refusal 7',
    ]);
  });

  it("a call whose argument the batch's message cannot carry runs alone, and fails none of its neighbours", async () => {
    // a lone surrogate: JSON writes it as an escape that PostgreSQL's JSON refuses, so the whole
    // batch fails; a call alone sends it as the replacement character
    const calls = Array.from({ length: 9 }, (_, i) =>
      probe(B, i === 5 ? 'lone \ud800 surrogate' : `whole ${i}`),
    );
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(Array(9).fill('fulfilled'));
    expect(await written('whole')).toHaveLength(8);
    expect(await written('lone')).toEqual(['lone \ufffd surrogate']);
  });

  it('any other failure: the call runs again alone, answers that error, and its neighbours commit', async () => {
    const calls = Array.from({ length: 9 }, (_, i) => probe(A, `other ${i}`, i === 4 ? 'divide' : null));
    const settled = await Promise.allSettled(calls);
    const failed = settled[4] as PromiseRejectedResult;
    expect([failed.status, (failed.reason as { code: string }).code]).toEqual(['rejected', '22012']);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(8);
    expect(await written('other')).toEqual([
      'other 0',
      'other 1',
      'other 2',
      'other 3',
      'other 5',
      'other 6',
      'other 7',
      'other 8',
    ]);
  });
});

/**
 * Each database's own limits (decision 035). The embedded database runs a batch on this thread
 * without yielding, so a call sent at once would always travel alone (session 18 found every
 * call of a bench alone): its calls gather for the rest of the event loop's turn. PostgreSQL's
 * leave at once while one of its two batches is free.
 */
describe("hot calls in batches, at each database's own limits", async () => {
  const db = await openTestDatabase({ batchedFunctions: new Set(['batch_tx_probe']) });
  await db.ownerExec(`
    INSERT INTO tenants (id, slug, name, country_code) VALUES ('${A}', 'limits-a', 'A', 'CR');
    CREATE FUNCTION batch_tx_probe(p_n integer) RETURNS TABLE (tx text) LANGUAGE sql AS $$
      SELECT txid_current()::text
    $$;
    SELECT create_batch_function('batch_tx_probe');
  `);

  it('sixteen calls of one turn: one transaction on the embedded database; on PostgreSQL two alone, then the rest together', async () => {
    const rows = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        db.call<{ tx: string }>({ tenantId: A }, { name: 'batch_tx_probe', args: [i] }),
      ),
    );
    const transactions = new Set(rows.map(([row]) => row?.tx));
    expect(transactions.size).toBe(db.driver === 'pglite' ? 1 : 3);
  });
});
