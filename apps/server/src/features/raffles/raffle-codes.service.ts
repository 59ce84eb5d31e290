import type { CreateRaffleCodes, RaffleForm, UploadReport } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { findCampaignByName } from '../campaigns/index.ts';
import { type ParticipationKinds, participate, publicTenant } from '../participations/index.ts';
import { codeLength, generateCodes } from '../reward-codes/index.ts';
import { raffleCampaign } from './draw-winners.ts';
import {
  consumeCodes,
  findAvailableCode,
  insertRaffleCodes,
  pointsInCampaign,
  stagedCodeStatements,
} from './raffle-codes.repository.ts';
import { insertParticipationEntry } from './raffles.repository.ts';

/** Generates `count` codes (crypto source, 2^60 beyond the live codes) or stores given ones. */
export async function createRaffleCodes(ctx: Ctx, input: CreateRaffleCodes) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, tenantId, input.campaignId);
    const points = input.points ?? 1;
    let generated = 0;
    let length = 0;
    if ('count' in input) {
      // the live count is small next to 2^60; the campaign's own count sets the length
      length = codeLength(input.count);
      while (generated < input.count) {
        const batch = generateCodes(input.count - generated, length, input.prefix ?? '');
        generated += await insertRaffleCodes(tx, tenantId, input.campaignId, points, batch);
      }
    } else {
      generated = await insertRaffleCodes(tx, tenantId, input.campaignId, points, [...new Set(input.codes)]);
      length = Math.max(...input.codes.map((c) => c.length));
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'raffle_codes.create',
      entityType: 'campaign',
      entityId: input.campaignId,
      details: { generated },
    });
    return { generated, length };
  });
}

/** Whether a code can still be entered in the campaign (INVALID_PRIZE_CODE otherwise). */
export async function validateRaffleCode(
  ctx: Ctx,
  input: { tenant: string; campaign: string; code: string },
) {
  const tenant = await publicTenant(ctx, input.tenant);
  return ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const campaign = await findCampaignByName(tx, tenant.id, input.campaign);
    if (campaign?.kind !== 'raffle') throw new AppError('NOT_FOUND');
    const code = await findAvailableCode(tx, tenant.id, campaign.id, input.code);
    if (!code) throw new AppError('INVALID_PRIZE_CODE');
    return { valid: true as const, points: code.points };
  });
}

/** Public raffle form: a participation whose valid codes each add entries worth their points. */
export async function submitRaffleForm(
  ctx: Ctx,
  kinds: ParticipationKinds,
  input: RaffleForm,
  meta: { userAgent: string | undefined; idempotencyKey: string | undefined },
) {
  const tenant = await publicTenant(ctx, input.tenant);
  const kind = await ctx.db.tx(
    { tenantId: tenant.id },
    async (tx) => (await findCampaignByName(tx, tenant.id, input.campaign))?.kind,
  );
  if (kind !== 'raffle') throw new AppError('NOT_FOUND');
  // the codes travel with the participation to the raffle handler, which consumes them in the
  // participation's own transaction (an invalid code refuses the whole participation)
  const result = await participate(
    ctx,
    kinds,
    input.tenant,
    input.campaign,
    {
      answers: input.answers,
      consent: input.consent,
      ...(input.landingId ? { landingId: input.landingId } : {}),
    },
    { ...meta, codes: [...new Set(input.codes)] },
  );
  const outcome = result.body.outcome;
  return {
    participationId: result.body.participationId,
    entries: outcome.kind === 'raffle' ? outcome.entries : 0,
  };
}

/**
 * The raffle participation handler's work: the form's codes (all valid, else refused by name)
 * or, without codes, one entry for the registration. Answers the person's points in the campaign.
 */
export async function addRaffleEntries(
  tx: Tx,
  ctx: Ctx,
  p: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string;
    codes: string[];
  },
): Promise<number> {
  const { codes } = p;
  const now = ctx.clock.now();
  if (codes.length === 0) return insertParticipationEntry(tx, { ...p, now });
  const used = new Set(await consumeCodes(tx, { ...p, now, codes }));
  const invalid = codes.filter((c) => !used.has(c));
  if (invalid.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      invalid.map((code) => ({
        path: `codes.${codes.indexOf(code)}`,
        code: 'INVALID_PRIZE_CODE' as const,
        params: { code },
      })),
    );
  return pointsInCampaign(tx, p.tenantId, p.campaignId, p.participantId);
}

const RAFFLE_CODE = /^[A-Z0-9-]{4,40}$/;

/**
 * A CSV of existing raffle codes (`code`, optional `points`), streamed through a staging table:
 * every line is answered, taken or refused with its reasons (format, repeated in the file, already
 * in the tenant). All or nothing unless `onlyValid`.
 */
export async function uploadRaffleCodes(
  ctx: Ctx,
  campaignId: string,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, tenantId, campaignId);
    return importCodeFile(tx, ctx, upload, {
      ...options,
      columns: ['code', 'points'],
      toCode: (row) => {
        const code = row.code.toUpperCase();
        if (!RAFFLE_CODE.test(code)) return [{ field: 'code', code: 'FIELD_INVALID' }];
        const points = row.points === '' ? 1 : Number(row.points);
        if (!Number.isInteger(points) || points < 1 || points > 1000)
          return [{ field: 'points', code: 'FIELD_INVALID' }];
        return { code, points };
      },
      ...stagedCodeStatements(tenantId, campaignId),
      audit: {
        tenantId,
        action: 'raffle_codes.upload',
        entityType: 'campaign',
        entityId: campaignId,
      },
    });
  });
}
