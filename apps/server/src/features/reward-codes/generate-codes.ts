import { randomUUID } from 'node:crypto';
import type { GenerateCodes, Job } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { iso } from '../../platform/iso.ts';
import { enqueueJob, findJob, type JobHandler, JobInterrupted, type JobLease } from '../../platform/jobs.ts';
import { codeLength, generateCodeLines } from './code-generator.ts';
import { createGivenCodes } from './import-codes.ts';
import { rewardCodeCampaign } from './reward-code-campaign.ts';
import { countBatch, countLiveCodes, insertCodeLines } from './reward-codes.repository.ts';

/** Counts up to this are generated in the request; larger ones run as a job with progress. */
export const SYNC_GENERATION_LIMIT = 20_000;

/**
 * Codes written per transaction (one progress step), copied in pieces of `PIECE`: a run (and a
 * run taken over after a crash) starts with one piece, so that progress shows at once, then each
 * chunk is sized to take about `CHUNK_MS` after the last one (at most twice as many codes), up to
 * `MAX_CHUNK`. Only the speed depends on the sizes, never which codes are written.
 */
const PIECE = 10_000;
const MAX_CHUNK = 200_000;
const CHUNK_MS = 1000;

function nextChunk(size: number, elapsedMs: number): number {
  const fitting = Math.round((size * CHUNK_MS) / Math.max(1, elapsedMs) / PIECE) * PIECE;
  return Math.min(MAX_CHUNK, 2 * size, Math.max(PIECE, fitting));
}

/** `count` generated codes as text lines, a piece at a time (one buffer in memory per piece). */
function* codeLines(count: number, length: number, prefix: string): Generator<Buffer> {
  for (let made = 0; made < count; made += PIECE)
    yield generateCodeLines(Math.min(PIECE, count - made), length, prefix);
}

/**
 * Generates `count` codes of a batch until the batch holds them all (resumable: a restart counts
 * what is there). Each chunk is one transaction: the codes are copied into a staging table and
 * taken into the indexed table in one statement; collisions with existing codes are skipped and
 * drawn again in the next chunk. The lease is checked after the writes and before the commit, so
 * the job row is locked only for the commit (its heartbeat is never held up by a chunk's work).
 */
async function fillBatch(
  ctx: Ctx,
  tenantId: string,
  params: { campaignId: string; count: number; prefix?: string | undefined; length: number },
  batchId: string,
  onProgress?: (done: number) => Promise<void>,
  signal?: AbortSignal,
  lease?: JobLease,
): Promise<number> {
  let done = await ctx.db.tx({ tenantId }, (tx) => countBatch(tx, tenantId, batchId));
  let chunk = PIECE;
  while (done < params.count) {
    if (signal?.aborted) throw new JobInterrupted();
    const size = Math.min(chunk, params.count - done);
    const started = performance.now();
    const taken = await ctx.db.tx({ tenantId }, async (tx) => {
      const inserted = await insertCodeLines(
        tx,
        tenantId,
        params.campaignId,
        batchId,
        codeLines(size, params.length, params.prefix ?? ''),
      );
      // a job's worker commits only while it holds the job: never two workers on one batch
      await lease?.check(tx);
      return inserted;
    });
    done += taken;
    chunk = nextChunk(chunk, performance.now() - started);
    await onProgress?.(done);
  }
  return done;
}

/** Creates codes for a reward-code campaign: generated (`count`, optional prefix) or given (`codes`). */
export async function createCodes(
  ctx: Ctx,
  input: GenerateCodes,
): Promise<
  { status: 201; body: { generated: number; length: number } } | { status: 202; body: { jobId: string } }
> {
  const actor = actorOf(ctx);
  if ('codes' in input) {
    const generated = await createGivenCodes(ctx, input.campaignId, input.codes);
    return { status: 201, body: { generated, length: 0 } };
  }
  const { length } = await inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, actor.tenantId, input.campaignId);
    return { length: codeLength((await countLiveCodes(tx, actor.tenantId)) + input.count) };
  });
  const params = { campaignId: input.campaignId, count: input.count, prefix: input.prefix, length };
  if (input.count > SYNC_GENERATION_LIMIT) {
    const jobId = await inTenant(ctx, async (tx) => {
      const id = await enqueueJob(tx, {
        tenantId: actor.tenantId,
        kind: 'generate-codes',
        params,
        total: input.count,
        createdBy: actor.userId,
      });
      await audit(tx, ctx, {
        tenantId: actor.tenantId,
        action: 'codes.generate-queued',
        entityType: 'campaign',
        entityId: input.campaignId,
        details: { count: input.count, jobId: id },
      });
      return id;
    });
    ctx.jobs.wake();
    return { status: 202, body: { jobId } };
  }
  // in the request: one transaction, so that an error leaves no codes behind
  const generated = await inTenant(ctx, async (tx) => {
    const batchId = randomUUID();
    let done = 0;
    while (done < input.count)
      done += await insertCodeLines(
        tx,
        actor.tenantId,
        input.campaignId,
        batchId,
        codeLines(input.count - done, length, input.prefix ?? ''),
      );
    await audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'codes.generate',
      entityType: 'campaign',
      entityId: input.campaignId,
      details: { count: done, length },
    });
    return done;
  });
  return { status: 201, body: { generated, length } };
}

/** The job kind that generates large batches, reporting progress as it goes. */
export function generateCodesJob(ctxFor: (tenantId: string) => Ctx): JobHandler {
  return async (job, progress, signal, lease) => {
    const params = job.params as { campaignId: string; count: number; prefix?: string; length: number };
    const generated = await fillBatch(
      ctxFor(job.tenantId),
      job.tenantId,
      params,
      job.id,
      (done) => progress(done, params.count),
      signal,
      lease,
    );
    return { generated, length: params.length };
  };
}

export async function getJob(ctx: Ctx, id: string): Promise<Job> {
  const { tenantId } = actorOf(ctx);
  const job = await inTenant(ctx, (tx) => findJob(tx, tenantId, id));
  if (!job) throw new AppError('NOT_FOUND');
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    total: job.total,
    ...(job.result !== null ? { result: job.result } : {}),
    ...(job.error ? { error: job.error } : {}),
    createdAt: job.createdAt.toISOString(),
    finishedAt: iso(job.finishedAt),
  };
}
