import { randomUUID } from 'node:crypto';
import {
  errorMessage,
  type GenerateCodes,
  type Job,
  type RewardCode,
  type UploadReport,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { uniqueOn } from '../../platform/csv-upload.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { iso } from '../../platform/iso.ts';
import { enqueueJob, findJob, type JobHandler, JobInterrupted, type JobLease } from '../../platform/jobs.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { getCampaignRow, rulesOfCampaign } from '../campaigns/index.ts';
import { lockParticipantByCedula } from '../participants/index.ts';
import { maxCodesPerIdentity } from '../participations/index.ts';
import { codeLength, generateCodes } from './code-generator.ts';
import {
  centreAllowed,
  claimCode,
  codesOfParticipant,
  codesOfPerson,
  countBatch,
  countLiveCodes,
  findCodeRow,
  insertCodes,
  redemptionsOf,
  revokeCodeRow,
  stagedCodeStatements,
} from './reward-codes.repository.ts';

/** Counts up to this are generated in the request; larger ones run as a job with progress. */
export const SYNC_GENERATION_LIMIT = 20_000;
const BATCH = 10_000;
const UPLOADED_CODE = /^[A-Z0-9]{4,64}$/;

async function rewardCodeCampaign(tx: Tx, tenantId: string, campaignId: string): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, campaignId).catch(() => {
    throw fieldError('campaignId', 'FIELD_INVALID');
  });
  if (campaign.kind !== 'reward_code') throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}

/**
 * Generates `count` codes of a batch until the batch holds them all (resumable: a restart counts
 * what is there). Collisions with existing codes are skipped and drawn again.
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
  while (done < params.count) {
    if (signal?.aborted) throw new JobInterrupted();
    const size = Math.min(BATCH, params.count - done);
    const taken = await ctx.db.tx({ tenantId }, async (tx) => {
      // a job's worker writes only while it holds the job: never two workers on one batch
      await lease?.check(tx);
      return insertCodes(
        tx,
        tenantId,
        params.campaignId,
        batchId,
        generateCodes(size, params.length, params.prefix ?? ''),
      );
    });
    done += taken.length;
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
    const report = await importCodes(
      ctx,
      input.campaignId,
      input.codes.map((code) => ({ code })),
    );
    if (report.refused.length > 0)
      throw new AppError(
        'VALIDATION_FAILED',
        report.refused.flatMap((r) =>
          r.errors.map((e) => ({ path: `codes.${r.row - 2}`, code: e.code as 'FIELD_INVALID' })),
        ),
      );
    return { status: 201, body: { generated: report.created, length: 0 } };
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
  const generated = await fillBatch(ctx, actor.tenantId, params, randomUUID());
  await inTenant(ctx, (tx) =>
    audit(tx, ctx, {
      tenantId: actor.tenantId,
      action: 'codes.generate',
      entityType: 'campaign',
      entityId: input.campaignId,
      details: { count: generated, length },
    }),
  );
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

/**
 * Imports existing codes into a campaign, in one transaction: malformed codes and repeats in the
 * file are refused by line; codes that already exist in the tenant are refused after the insert
 * (the database decides). The report names every refused line.
 */
async function importCodes(
  ctx: Ctx,
  campaignId: string,
  rows: Array<{ code: string }>,
  lines?: number[],
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  const firstSeen = uniqueOn('code');
  const report: UploadReport = { total: rows.length, created: 0, updated: 0, refused: [] };
  const valid: Array<{ line: number; code: string }> = [];
  rows.forEach((row, index) => {
    const line = lines?.[index] ?? index + 2;
    const code = row.code.toUpperCase().replace(/[\s-]/g, '');
    const errors = UPLOADED_CODE.test(code)
      ? firstSeen(code, line)
      : [{ field: 'code', code: 'FIELD_INVALID' as const }];
    if (errors.length > 0) {
      report.refused.push({
        row: line,
        errors: errors.map((e) => ({
          field: e.field,
          code: e.code,
          message: errorMessage(e.code, ctx.locale, e.params),
        })),
      });
    } else valid.push({ line, code });
  });
  await inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, campaignId);
    const batchId = randomUUID();
    const taken = new Set<string>();
    for (let i = 0; i < valid.length; i += BATCH) {
      for (const code of await insertCodes(
        tx,
        tenantId,
        campaignId,
        batchId,
        valid.slice(i, i + BATCH).map((v) => v.code),
      ))
        taken.add(code);
    }
    for (const { line, code } of valid) {
      if (!taken.has(code))
        report.refused.push({
          row: line,
          errors: [{ field: 'code', code: 'CODE_EXISTS', message: errorMessage('CODE_EXISTS', ctx.locale) }],
        });
    }
    report.created = taken.size;
    await audit(tx, ctx, {
      tenantId,
      action: 'codes.import',
      entityType: 'campaign',
      entityId: campaignId,
      details: { total: rows.length, created: taken.size },
    });
  });
  report.refused.sort((a, b) => a.row - b.row);
  return report;
}

/**
 * CSV upload of existing codes (column `code`) with the per-line report, streamed through a
 * staging table (2,000,000 codes fit in bounded memory). All or nothing unless `onlyValid`.
 */
export async function uploadCodes(
  ctx: Ctx,
  campaignId: string,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, campaignId);
    const batchId = randomUUID();
    return importCodeFile(tx, ctx, upload, {
      ...options,
      columns: ['code'],
      toCode: (row) => {
        const code = row.code.toUpperCase().replace(/[\s-]/g, '');
        return UPLOADED_CODE.test(code) ? { code } : [{ field: 'code', code: 'FIELD_INVALID' }];
      },
      ...stagedCodeStatements(tenantId, campaignId, batchId),
      audit: {
        tenantId,
        action: 'codes.import',
        entityType: 'campaign',
        entityId: campaignId,
      },
    });
  });
}

// --- assignment --------------------------------------------------------------------------------

/**
 * Gives a person a code of the campaign, or answers the code they already hold when the campaign's
 * limit (`max_codes_per_identity`, 1 by default) is reached. The caller holds the person's row lock.
 */
export async function assignCode(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string | null;
    maxCodes: number;
    now: Date;
  },
): Promise<{ code: string; assigned: boolean }> {
  const held = await codesOfParticipant(tx, values.tenantId, values.campaignId, values.participantId);
  if (held.length >= values.maxCodes && held[0]) return { code: held[0], assigned: false };
  const code = await claimCode(tx, values);
  if (!code) throw new AppError('CODES_EXHAUSTED');
  return { code, assigned: true };
}

// --- look-ups and revocation --------------------------------------------------------------------

async function describe(
  tx: Tx,
  tenantId: string,
  rows: NonNullable<Awaited<ReturnType<typeof findCodeRow>>>[],
  centreId: string | null,
  now: Date,
  mask: boolean,
): Promise<RewardCode[]> {
  const history = await redemptionsOf(
    tx,
    tenantId,
    rows.map((r) => r.code.code),
  );
  return Promise.all(
    rows.map(async ({ code, campaign, person }) => {
      const inWindow =
        (!campaign.redeemFrom || campaign.redeemFrom <= now) &&
        (!campaign.redeemUntil || now < campaign.redeemUntil);
      const redeemableHere =
        centreId === null
          ? undefined
          : (code.status === 'available' || code.status === 'assigned') &&
            inWindow &&
            !campaign.archived &&
            (await centreAllowed(tx, tenantId, campaign.id, centreId, code.centreId));
      return {
        code: code.code,
        status: code.status,
        campaign: {
          id: campaign.id,
          name: campaign.name,
          title: campaign.title,
          redeemFrom: iso(campaign.redeemFrom),
          redeemUntil: iso(campaign.redeemUntil),
        },
        person: person?.id
          ? {
              id: person.id,
              name: person.name,
              cedula: mask ? (maskIdentity(person.cedula) ?? '') : person.cedula,
            }
          : null,
        assignedAt: iso(code.assignedAt),
        redeemedAt: iso(code.redeemedAt),
        revokedAt: iso(code.revokedAt),
        redemptions: history
          .filter((h) => h.redemption.code === code.code)
          .map((h) => ({
            id: h.redemption.id,
            centreId: h.redemption.centreId,
            centreCode: h.centre.code,
            centreName: h.centre.name,
            operatorId: h.redemption.operatorId,
            redeemedAt: h.redemption.redeemedAt.toISOString(),
            reversedAt: iso(h.redemption.reversedAt),
            reversalReason: h.redemption.reversalReason,
          })),
        ...(redeemableHere === undefined ? {} : { redeemableHere }),
      };
    }),
  );
}

/** A code's full state; unknown codes are 'Invalid prize code'. `centreId` adds whether it is redeemable there. */
export async function lookUpCode(ctx: Ctx, code: string, centreId: string | null): Promise<RewardCode> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const row = await findCodeRow(tx, tenantId, code);
    if (!row) throw new AppError('INVALID_PRIZE_CODE');
    const mask = shouldMask(actorOf(ctx).role);
    const [described] = await describe(tx, tenantId, [row], centreId, ctx.clock.now(), mask);
    return described as RewardCode;
  });
}

/** A person's codes by identity number ('Identity number does not exist or is invalid' when none). */
export async function lookUpByCedula(
  ctx: Ctx,
  cedula: string,
  centreId: string | null,
): Promise<RewardCode[]> {
  const { tenantId } = actorOf(ctx);
  if (/[\s-]/.test(cedula)) throw new AppError('IDENTITY_INVALID');
  return inTenant(ctx, async (tx) => {
    const rows = await codesOfPerson(tx, tenantId, cedula);
    if (rows.length === 0) throw new AppError('IDENTITY_INVALID');
    return describe(tx, tenantId, rows, centreId, ctx.clock.now(), shouldMask(actorOf(ctx).role));
  });
}

/** Revokes an available or assigned code ('Code not revoked' when redeemed, revoked or unknown). */
export async function revokeCode(
  ctx: Ctx,
  code: string,
  reason: string | undefined,
): Promise<{ code: string; status: 'revoked' }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    if (!(await revokeCodeRow(tx, tenantId, code, reason ?? null, ctx.clock.now())))
      throw new AppError('CODE_NOT_REVOKED');
    await audit(tx, ctx, { tenantId, action: 'code.revoke', entityType: 'reward-code', entityId: code });
    return { code, status: 'revoked' as const };
  });
}

/**
 * Assigns a code of a campaign to a person known by identity number, or answers the code they
 * already hold: a second call never gives a second code unless the campaign's rule allows it.
 */
export async function assignByCedula(
  ctx: Ctx,
  campaignId: string,
  cedula: string,
): Promise<{ code: string; assigned: boolean }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const campaign = await rewardCodeCampaign(tx, tenantId, campaignId);
    const participantId = await lockParticipantByCedula(tx, tenantId, cedula);
    if (!participantId) throw new AppError('IDENTITY_INVALID');
    const rules = await rulesOfCampaign(tx, tenantId, campaign);
    const result = await assignCode(tx, {
      tenantId,
      campaignId,
      participantId,
      participationId: null,
      maxCodes: maxCodesPerIdentity(rules),
      now: ctx.clock.now(),
    });
    if (result.assigned)
      await audit(tx, ctx, {
        tenantId,
        action: 'code.assign',
        entityType: 'reward-code',
        entityId: result.code,
      });
    return result;
  });
}
