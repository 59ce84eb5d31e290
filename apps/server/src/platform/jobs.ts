import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows, type Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What a job kind does. `progress(done, total)` records progress and proves the job is alive;
 * `signal` aborts when the process shuts down: stop between steps by throwing `JobInterrupted`,
 * and the job is resumed later (by this or another server).
 */
export type JobHandler = (
  job: JobRow,
  progress: (done: number, total: number) => Promise<void>,
  signal: AbortSignal,
) => Promise<unknown>;

export class JobInterrupted extends Error {}

/** A job whose worker stopped beating for this long is taken over by another worker. */
const STALE_MS = 60_000;

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
 * (several servers share the queue), runs its handler scoped to its tenant, and records the result
 * or the error. A job left running by a stopped process is resumed once its heartbeat is stale, so
 * handlers must be resumable (code generation counts what its batch already holds). Before each
 * pass it runs the schedules, which queue the runs that are due.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private passes: Promise<void> = Promise.resolve();
  private stopped = false;
  private abort = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    private readonly pollMs = 1000,
    private readonly schedules: JobSchedule[] = [],
  ) {}

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
        .catch((error: unknown) => this.log.error({ err: error }, 'job runner pass failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.pollMs);
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
      const job = await this.claim();
      if (!job) return;
      await this.run(job);
    }
  }

  private async claim(): Promise<JobRow | undefined> {
    const now = this.clock.now();
    const stale = new Date(now.getTime() - STALE_MS);
    const [row] = await this.db.tx({ tenantId: null, jobWorker: true }, (tx) =>
      queryRows<{ tenant_id: string; id: string }>(
        tx,
        sql`update jobs set status = 'running', started_at = coalesce(started_at, ${now}), heartbeat_at = ${now}
            where (tenant_id, id) = (
              select tenant_id, id from jobs
              where status = 'queued' or (status = 'running' and heartbeat_at < ${stale})
              order by created_at limit 1 for update skip locked)
            returning tenant_id, id`,
      ),
    );
    if (!row) return undefined;
    return this.db.tx({ tenantId: row.tenant_id }, (tx) => findJob(tx, row.tenant_id, row.id));
  }

  private async run(job: JobRow): Promise<void> {
    const handler = this.handlers[job.kind];
    const finish = (values: Partial<typeof jobs.$inferInsert>) =>
      this.db.tx({ tenantId: job.tenantId }, (tx) =>
        tx
          .update(jobs)
          .set({ ...values, finishedAt: this.clock.now() })
          .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id))),
      );
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const result = await handler(
        job,
        (done, total) =>
          this.db.tx({ tenantId: job.tenantId }, async (tx) => {
            await tx
              .update(jobs)
              .set({ progress: done, total, heartbeatAt: this.clock.now() })
              .where(and(eq(jobs.tenantId, job.tenantId), eq(jobs.id, job.id)));
          }),
        this.abort.signal,
      );
      await finish({ status: 'succeeded', result: result ?? null });
    } catch (error) {
      if (error instanceof JobInterrupted) return; // left running: resumed once its heartbeat is stale
      this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await finish({ status: 'failed', error: error instanceof AppError ? error.code : 'INTERNAL_ERROR' });
    }
  }
}
