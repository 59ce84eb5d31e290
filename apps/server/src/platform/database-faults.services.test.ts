import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { rewardCodeSetup } from '../testing/code-fixtures.ts';
import { httpTestClient } from '../testing/http-client.ts';
import { adminUrl } from '../testing/postgres-url.ts';
import { exited, reportFigure, serverEnv, startServer, until } from '../testing/processes.ts';
import { cloneTestDatabase } from '../testing/test-db.ts';

const UNAVAILABLE = {
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    details: [],
  },
};

// The real server process on a database of its own; the faults are made by an administrator
// connection to the maintenance database, as a failover or an operator would.
describe('database faults, through a real server process', async () => {
  const database = await cloneTestDatabase();
  const server = await startServer(
    serverEnv(database.url, await mkdtemp(join(tmpdir(), 'promo-db-faults-'))),
  );
  const admin = new pg.Client({ connectionString: adminUrl(database.url) });
  await admin.connect();
  const observer = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<R>(text, params)).rows;
    } finally {
      await client.end();
    }
  };
  const terminate = async () =>
    (
      await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
        [database.name],
      )
    ).rows[0].n as number;
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await admin.end();
    server.child.kill('SIGKILL');
    await exited(server.child);
  });

  const http = await httpTestClient(server.url);
  const tenant = await http.createTenant();
  const { operator } = await rewardCodeSetup(http.asTestApp, tenant, 1000);
  const codes = (
    await observer<{ code: string }>('select code from reward_codes where tenant_id = $1', [tenant.id])
  ).map((r) => r.code);
  const redeem = async (code: string) => {
    const res = await http.request({
      method: 'POST',
      url: '/api/redeem-codes',
      token: operator.token,
      body: { code },
    });
    return { code, ...res };
  };

  it('terminated backends under redemption load: no crash, no double redemption, nothing acknowledged lost', async () => {
    // each code twice, in a shuffled order, from 32 clients at once
    const attempts = [...codes, ...codes].sort(() => Math.random() - 0.5);
    const results: Awaited<ReturnType<typeof redeem>>[] = [];
    let next = 0;
    let loadDone = false;
    const clients = Array.from({ length: 32 }, async () => {
      while (next < attempts.length) results.push(await redeem(attempts[next++] as string));
    });
    let terminated = 0;
    let rounds = 0;
    const terminator = (async () => {
      while (!loadDone) {
        terminated += await terminate();
        rounds++;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    await Promise.all(clients);
    loadDone = true;
    await terminator;

    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    reportFigure(
      `terminated ${terminated} backends in ${rounds} rounds during ${results.length} redemptions: ${JSON.stringify(Object.fromEntries(byStatus))}`,
    );
    expect(terminated).toBeGreaterThan(rounds / 2);
    expect(server.child.exitCode).toBeNull();
    expect([...byStatus.keys()].every((s) => s === 200 || s === 409 || s === 503)).toBe(true);
    for (const r of results.filter((r) => r.status === 503)) {
      expect(r.body).toEqual(UNAVAILABLE);
      expect(r.headers['retry-after']).toBe('5');
    }
    for (const r of results.filter((r) => r.status === 409))
      expect(r.body.error.code).toBe('CODE_ALREADY_REDEEMED');

    const acknowledged = results.filter((r) => r.status === 200);
    const perCode = new Map<string, number>();
    for (const r of acknowledged) perCode.set(r.code, (perCode.get(r.code) ?? 0) + 1);
    expect([...perCode.values()].every((n) => n === 1)).toBe(true);

    await until(async () => (await fetch(`${server.url}/readyz`)).status === 200, 5000);
    const standing = await observer<{ id: string; code: string }>(
      'select id, code from redemptions where tenant_id = $1 and reversed_at is null',
      [tenant.id],
    );
    const standingPerCode = new Map<string, number>();
    for (const s of standing) standingPerCode.set(s.code, (standingPerCode.get(s.code) ?? 0) + 1);
    expect([...standingPerCode.values()].every((n) => n === 1)).toBe(true);
    const standingIds = new Set(standing.map((s) => s.id));
    for (const r of acknowledged) expect(standingIds.has(r.body.redemption.id)).toBe(true);
    const redeemed = await observer<{ n: number }>(
      "select count(*)::int as n from reward_codes where tenant_id = $1 and status = 'redeemed'",
      [tenant.id],
    );
    expect(redeemed[0]?.n).toBe(standing.length);

    // every code not redeemed yet still can be, now that the storm is over
    const left = codes.filter((code) => !standingPerCode.has(code));
    const after = [];
    for (let i = 0; i < left.length; i += 16)
      after.push(...(await Promise.all(left.slice(i, i + 16).map(redeem))).map((r) => r.status));
    expect(after.every((status) => status === 200)).toBe(true);
  });

  it('a database that refuses connections for 10 s: 503 with Retry-After meanwhile, then recovery without a restart', async () => {
    const fresh = await rewardCodeSetup(http.asTestApp, tenant, 100);
    const freshCodes = (
      await observer<{ code: string }>(
        "select code from reward_codes where tenant_id = $1 and campaign_id = $2 and status <> 'redeemed'",
        [tenant.id, fresh.campaign.id],
      )
    ).map((r) => r.code);
    const redeemFresh = (code: string) =>
      http.request({ method: 'POST', url: '/api/redeem-codes', token: fresh.operator.token, body: { code } });

    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    await terminate();
    const closedAt = Date.now();
    const during: { ready: number; redeem: number; retryAfter: string | undefined; body: unknown }[] = [];
    let i = 0;
    while (Date.now() - closedAt < 10_000) {
      const ready = await fetch(`${server.url}/readyz`);
      const res = await redeemFresh(freshCodes[i++ % freshCodes.length] as string);
      during.push({
        ready: ready.status,
        redeem: res.status,
        retryAfter: res.headers['retry-after'],
        body: res.body,
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    const openedAt = Date.now();
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 200, 5000, 50);
    const readyAfterMs = Date.now() - openedAt;
    const first = await redeemFresh(freshCodes[0] as string);
    const servedAfterMs = Date.now() - openedAt;
    reportFigure(
      `refused for 10 s: ${during.length} probes, all 503; ready again ${readyAfterMs} ms and a redemption answered ${servedAfterMs} ms after the database returned`,
    );

    expect(during.length).toBeGreaterThan(10);
    for (const probe of during) {
      expect(probe).toEqual({ ready: 503, redeem: 503, retryAfter: '5', body: UNAVAILABLE });
    }
    expect(first.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    const redeemedFresh = await observer<{ n: number }>(
      "select count(*)::int as n from reward_codes where campaign_id = $1 and status = 'redeemed'",
      [fresh.campaign.id],
    );
    expect(redeemedFresh[0]?.n).toBe(1); // nothing was half-written while it was away
  });
});
