import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { httpTestClient } from '../../testing/http-client.ts';
import {
  exited,
  reportFigure,
  type ServerProcess,
  serverEnv,
  startServer,
  until,
} from '../../testing/processes.ts';
import { cloneTestDatabase } from '../../testing/test-db.ts';

const COUNT = 1_000_000;

describe('kill -9 during a 1,000,000-code generation job', async () => {
  const database = await cloneTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'promo-job-kill-'));
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer(serverEnv(database.url, dataDir));
    servers.push(server);
    return server;
  };
  const observer = new pg.Client({ connectionString: database.url });
  await observer.connect();
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await observer.end();
  });
  type Row = { status: string; progress: number; attempts: number; lease: string | null; in_batch: number };
  const jobRow = async (id: string): Promise<Row> =>
    (
      await observer.query<Row>(
        `select status, progress, attempts, lease,
                (select count(*)::int from reward_codes where batch_id = $1) as in_batch
         from jobs where id = $1`,
        [id],
      )
    ).rows[0] as Row;

  it('is taken over by another server within 5 s, and ends with exactly 1,000,000 distinct codes', async () => {
    const a = await start();
    const http = await httpTestClient(a.url);
    const tenant = await http.createTenant();
    const { campaign } = await rewardCodeSetup(http.asTestApp, tenant, 0);
    const queuedAt = Date.now();
    const queued = await http.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: COUNT },
    });
    expect(queued.status).toBe(202);
    const jobId = queued.body.jobId as string;

    await until(async () => (await jobRow(jobId)).progress >= 200_000, 60_000, 100);
    // a second server is running (as behind a load balancer) when the first one is killed
    const b = await start();
    a.child.kill('SIGKILL');
    expect(await exited(a.child)).toBe('SIGKILL');
    const killedAt = Date.now();
    const atKill = await jobRow(jobId);
    expect(atKill).toMatchObject({ status: 'running', attempts: 1 });

    // taken over within 5 s of the kill: stale lease (3 s) + the other server's poll (1 s)
    await until(
      async () => {
        const row = await jobRow(jobId);
        return row.attempts === 2 && row.in_batch > atKill.in_batch;
      },
      5000,
      50,
    );
    const resumedAfterMs = Date.now() - killedAt;

    const admin = (await httpTestClient(b.url)).request;
    await until(
      async () =>
        (await admin({ url: `/api/jobs/${jobId}`, token: tenant.admin.token })).body.status !== 'running',
      150_000,
      500,
    );
    const doneAt = Date.now();
    const job = (await admin({ url: `/api/jobs/${jobId}`, token: tenant.admin.token })).body;
    const counts = (
      await observer.query<{ n: number; distinct_codes: number }>(
        'select count(*)::int as n, count(distinct code)::int as distinct_codes from reward_codes where batch_id = $1',
        [jobId],
      )
    ).rows[0];
    reportFigure(
      `kill -9 at ${atKill.in_batch} codes (${killedAt - queuedAt} ms after queueing); resumed by the other server ${resumedAfterMs} ms after the kill; finished ${doneAt - killedAt} ms after the kill; whole job ${doneAt - queuedAt} ms`,
    );
    expect(job).toMatchObject({ status: 'succeeded', progress: COUNT, result: { generated: COUNT } });
    expect(counts).toEqual({ n: COUNT, distinct_codes: COUNT });
    b.child.kill('SIGTERM');
    expect(await exited(b.child)).toBe(0);
  }, 170_000);
});
