import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { generateCodes } from '../features/reward-codes/code-generator.ts';
import { insertCodes } from '../features/reward-codes/reward-codes.repository.ts';
import { rewardCodeSetup } from '../testing/code-fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import { DEFAULT_JOB_TIMING, type JobHandler, JobInterrupted, JobRunner } from './jobs.ts';

const t = await createTestApp();

type JobState = {
  status: string;
  lease: string | null;
  attempts: number;
  progress: number;
  error: string | null;
};

async function jobState(id: string): Promise<JobState> {
  const [row] = await t.db.ownerQuery<JobState>(
    'select status, lease, attempts, progress, error from jobs where id = $1',
    [id],
  );
  if (!row) throw new Error('no job');
  return row;
}

/** A job as a killed worker leaves it: running, under its lease, last beat `beatAgoMs` ago. */
async function orphanedJob(
  tenantId: string,
  values: {
    kind: string;
    params: unknown;
    total: number;
    progress: number;
    attempts: number;
    beatAgoMs: number;
  },
): Promise<string> {
  const id = randomUUID();
  await t.db.ownerQuery(
    `insert into jobs (tenant_id, id, kind, status, params, progress, total, started_at, heartbeat_at, lease, attempts)
     values ($1, $2, $3, 'running', $4, $5, $6, $7, $8, $9, $10)`,
    [
      tenantId,
      id,
      values.kind,
      JSON.stringify(values.params),
      values.progress,
      values.total,
      t.clock.now(),
      new Date(t.clock.now().getTime() - values.beatAgoMs),
      randomUUID(),
      values.attempts,
    ],
  );
  return id;
}

describe('jobs: a lease with a heartbeat', () => {
  it('takes over a dead worker’s code generation once its lease is stale, and finishes it exactly', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const params = { campaignId: campaign.id, count: 25_000, length: 15 };
    const id = await orphanedJob(tenant.id, {
      kind: 'generate-codes',
      params,
      total: 25_000,
      progress: 10_000,
      attempts: 1,
      beatAgoMs: 1000,
    });
    // what the dead worker had written before it died
    await t.db.tx({ tenantId: tenant.id }, (tx) =>
      insertCodes(tx, tenant.id, campaign.id, id, generateCodes(10_000, 15, '')),
    );

    await t.app.jobRunner.drain();
    expect((await jobState(id)).attempts).toBe(1); // beat 1 s ago: still its worker's

    t.clock.advance(DEFAULT_JOB_TIMING.staleMs);
    await t.app.jobRunner.drain();
    const state = await jobState(id);
    expect(state).toMatchObject({ status: 'succeeded', attempts: 2, progress: 25_000, lease: null });
    const [counts] = await t.db.ownerQuery<{ n: number; distinct_codes: number }>(
      'select count(*)::int as n, count(distinct code)::int as distinct_codes from reward_codes where batch_id = $1',
      [id],
    );
    expect(counts).toEqual({ n: 25_000, distinct_codes: 25_000 });
  });

  it('gives up a job that was claimed the most times without finishing', async () => {
    const tenant = await t.createTenant();
    const id = await orphanedJob(tenant.id, {
      kind: 'generate-codes',
      params: {},
      total: 1,
      progress: 0,
      attempts: DEFAULT_JOB_TIMING.maxAttempts,
      beatAgoMs: DEFAULT_JOB_TIMING.staleMs + 1,
    });
    await t.app.jobRunner.drain();
    expect(await jobState(id)).toMatchObject({ status: 'failed', error: 'INTERNAL_ERROR', lease: null });
  });

  it('stops a worker that lost its lease without writing, and hands a job back on shutdown', async () => {
    await t.app.jobRunner.stop(); // this file's runners only, below
    const tenant = await t.createTenant();
    const seen: string[] = [];
    let started = () => {};
    let ended = () => {};
    const slow: JobHandler = async (_job, progress, signal, lease) => {
      started();
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      seen.push('aborted');
      await t.db
        .tx({ tenantId: tenant.id }, (tx) => lease.check(tx))
        .catch((error) => seen.push(error instanceof JobInterrupted ? 'check refused' : 'check ?'));
      await progress(1, 1).catch((error) =>
        seen.push(error instanceof JobInterrupted ? 'progress refused' : '?'),
      );
      ended();
      throw new JobInterrupted();
    };
    const runner = () =>
      new JobRunner(t.db, t.clock, t.app.log, { slow }, { heartbeatMs: 20, pollMs: 60_000 });
    const enqueue = async () => {
      const [row] = await t.db.tx({ tenantId: tenant.id }, (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`insert into jobs (tenant_id, kind, status, params, progress, total)
              values (${tenant.id}, 'slow', 'queued', '{}', 0, 1) returning id`,
        ),
      );
      return row?.id as string;
    };

    const lost = await enqueue();
    const a = runner();
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const handlerEnded = new Promise<void>((resolve) => {
      ended = resolve;
    });
    a.start();
    await running;
    // another worker takes it over (what its claim does): the next heartbeat finds the lease gone
    // and aborts the handler, which is what ends it (no stop, no timer of its own)
    const taker = randomUUID();
    await t.db.ownerQuery('update jobs set lease = $2, attempts = attempts + 1 where id = $1', [lost, taker]);
    await handlerEnded;
    expect(seen).toEqual(['aborted', 'check refused', 'progress refused']);
    // once the runner has finished with it too, nothing it did touched the taker's job
    await a.stop();
    expect(await jobState(lost)).toMatchObject({ status: 'running', lease: taker, progress: 0, attempts: 2 });

    const handedBack = await enqueue();
    const b = runner();
    const runningB = new Promise<void>((resolve) => {
      started = resolve;
    });
    b.start();
    await runningB;
    expect((await jobState(handedBack)).status).toBe('running');
    await b.stop();
    expect(await jobState(handedBack)).toMatchObject({ status: 'queued', lease: null, attempts: 0 });
  });
});
