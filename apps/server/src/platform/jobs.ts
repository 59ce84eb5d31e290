import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows, type Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { isDatabaseUnavailable } from './database-availability.ts';
import { AppError } from './errors.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler may check inside its own transactions: that its worker still holds the job. */
export type JobLease = {
  /**
   * Locks the job's row (FOR SHARE) until `tx` ends and throws `JobInterrupted` if another worker
   * has taken the job over: a write made in the same transaction is then made by the lease holder
   * only, so a worker that was presumed dead and comes back never adds to another's work.
   */
  check(tx: Tx): Promise<void>;
};

/**
 * What a job kind does. `progress(done, total)` records progress; the runner itself renews the
 * job's lease every second while the handler runs. `signal` aborts when the process shuts down or
 * the lease is lost: stop between steps by throwing `JobInterrupted`, and the job is resumed later
 * (by this or another server), so handlers must be resumable.
 */
export type JobHandler = (
  job: JobRow,
  progress: (done: number, total: number) => Promise<void>,
  signal: AbortSignal,
  lease: JobLease,
) => Promise<unknown>;

export class JobInterrupted extends Error {}

/**
 * How the runner looks for work and holds it. A dead worker's job is taken over after at most
 * `staleMs + pollMs` (4 s by default).
 */
export type JobTiming = {
  /** How often the runner looks for queued (or abandoned) work; it is also woken on enqueue. */
  pollMs: number;
  /** How often a running job's lease is renewed. */
  heartbeatMs: number;
  /** A lease not renewed for this long is taken over (its worker is dead). */
  staleMs: number;
  /** Claims of one job before it is given up as failed (a job that kills its worker). */
  maxAttempts: number;
};

export const DEFAULT_JOB_TIMING: JobTiming = {
  pollMs: 1000,
  heartbeatMs: 1000,
  staleMs: 3000,
  maxAttempts: 5,
};

type NewJob = { tenantId: string; kind: string; params: unknown; total: number; createdBy: string | null };

function jobValues(job: NewJob) {
  return { ...job, progress: 0, status: 'queued' as const };
}

export async function enqueueJob(tx: Tx, job: NewJob): Promise<string> {
  const [row] = await tx.insert(jobs).values(jobValues(job)).returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned no row');
  return row.id;
}

/**
 * Queues the run named `runKey` (a scheduled run, e.g. `expire-points:{campaign}:{day}`) unless
 * that run was queued before, whatever its state: answers the new job's id, or null.
 */
export async function enqueueRun(tx: Tx, job: NewJob, runKey: string): Promise<string | null> {
  const [row] = await tx
    .insert(jobs)
    .values({ ...jobValues(job), runKey })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

export async function findJob(tx: Tx, tenantId: string, id: string): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, id)));
  return row;
}

/**
 * Something the runner does before it looks for queued work, on every poll: typically queues the
 * runs of a daily job that are due (`enqueueRun`). It is given the clock's time and throttles itself.
 */
export type JobSchedule = (now: Date) => Promise<void>;

/**
 * Runs queued jobs in this process, one at a time: claims the oldest with FOR UPDATE SKIP LOCKED
 * (several servers share the queue) under a new lease, renews the lease on a timer while its
 * handler runs scoped to its tenant, and records the result or the error, as long as it still holds
 * the lease. A job whose lease went stale (its process was killed) is taken over; one that was
 * claimed `maxAttempts` times without finishing is failed. On shutdown the job in hand is handed
 * back to the queue. Before each pass it runs the schedules, which queue the runs that are due.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private passes: Promise<void> = Promise.resolve();
  private stopped = false;
  private abort = new AbortController();
  private readonly timing: JobTiming;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    timing: Partial<JobTiming> = {},
    private readonly schedules: JobSchedule[] = [],
  ) {
    this.timing = { ...DEFAULT_JOB_TIMING, ...timing };
  }

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(0);
  }

  /** Looks for work now (after an enqueue in this process). */
  wake(): void {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.passes;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) this.log.warn('job runner: the database is unavailable');
          else this.log.error({ err: error }, 'job runner pass failed');
        })
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.timing.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /**
   * Runs the schedules, then jobs until none is waiting. Passes of this process run one after
   * the other (the poll and a caller that wants the queue empty now).
   */
  drain(): Promise<void> {
    const pass = this.passes.then(() => this.pass());
    this.passes = pass.catch(() => {});
    return pass;
  }

  private async pass(): Promise<void> {
    for (const schedule of this.schedules) {
      if (this.stopped) return;
      try {
        await schedule(this.clock.now());
      } catch (error) {
        this.log.error({ err: error }, 'job schedule failed');
      }
    }
    while (!this.stopped) {
      const claimed = await this.claim();
      if (!claimed) return;
      await this.run(claimed.job, claimed.lease);
    }
  }

  private async claim(): Promise<{ job: JobRow; lease: string } | undefined> {
    const now = this.clock.now();
    const stale = new Date(now.getTime() - this.timing.staleMs);
    const lease = randomUUID();
    const { abandoned, row } = await this.db.tx({ tenantId: null, jobWorker: true }, async (tx) => ({
      abandoned: await queryRows<{ tenant_id: string; id: string; attempts: number }>(
        tx,
        sql`update jobs set status = 'failed', error = 'INTERNAL_ERROR', finished_at = ${now}, lease = null
            where status = 'running' and heartbeat_at < ${stale} and attempts >= ${this.timing.maxAttempts}
            returning tenant_id, id, attempts`,
      ),
      row: (
        await queryRows<{ tenant_id: string; id: string }>(
          tx,
          sql`update jobs set status = 'running', started_at = coalesce(started_at, ${now}), heartbeat_at = ${now},
                lease = ${lease}, attempts = attempts + 1
              where (tenant_id, id) = (
                select tenant_id, id from jobs
                where status = 'queued' or (status = 'running' and heartbeat_at < ${stale})
                order by created_at limit 1 for update skip locked)
              returning tenant_id, id`,
        )
      )[0],
    }));
    for (const job of abandoned)
      this.log.error(
        { jobId: job.id, attempts: job.attempts },
        'job given up: its worker stopped every time',
      );
    if (!row) return undefined;
    const job = await this.db.tx({ tenantId: row.tenant_id }, (tx) => findJob(tx, row.tenant_id, row.id));
    return job ? { job, lease } : undefined;
  }

  private async run(job: JobRow, lease: string): Promise<void> {
    const handler = this.handlers[job.kind];
    const held = sql`tenant_id = ${job.tenantId} and id = ${job.id} and lease = ${lease}`;
    /** Runs `values` on the job's row if this worker still holds it; answers whether it did. */
    const write = (values: SQL) =>
      this.db.tx(
        { tenantId: job.tenantId },
        async (tx) =>
          (await queryRows(tx, sql`update jobs set ${values} where ${held} returning id`)).length > 0,
      );
    const lost = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, lost.signal]);
    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      write(sql`heartbeat_at = ${this.clock.now()}`)
        .then((holds) => {
          if (!holds) lost.abort();
        })
        .catch(() => {}) // the database is away: the next beat tries again
        .finally(() => {
          beating = false;
        });
    }, this.timing.heartbeatMs);
    heartbeat.unref();
    const finish = (status: 'succeeded' | 'failed', values: SQL) =>
      write(sql`status = ${status}, ${values}, finished_at = ${this.clock.now()}, lease = null`);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(
        job,
        async (done, total) => {
          if (!(await write(sql`progress = ${done}, total = ${total}, heartbeat_at = ${this.clock.now()}`))) {
            lost.abort();
            throw new JobInterrupted();
          }
        },
        signal,
        {
          check: async (tx) => {
            const rows = await queryRows(tx, sql`select 1 from jobs where ${held} for share`);
            if (rows.length === 0) {
              lost.abort();
              throw new JobInterrupted();
            }
          },
        },
      );
      await finish('succeeded', sql`result = ${JSON.stringify(result ?? null)}::jsonb`);
    } catch (error) {
      if (error instanceof JobInterrupted) {
        // shutting down: hand the job back at once (not counted as an attempt); lease lost: nothing
        if (!lost.signal.aborted)
          await write(sql`status = 'queued', lease = null, attempts = greatest(attempts - 1, 0)`).catch(
            () => {},
          );
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // left running: its lease goes stale and it is resumed once the database is back
        this.log.warn({ jobId: job.id, kind: job.kind }, 'job paused: the database is unavailable');
        return;
      }
      this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await finish('failed', sql`error = ${error instanceof AppError ? error.code : 'INTERNAL_ERROR'}`);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
