import { randomBytes } from 'node:crypto';
import type {
  CreatePrize,
  InstantAwardResult,
  MomentsView,
  ParticipationOutcome,
  Prize,
  SetMoments,
  UpdatePrize,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isForeignKeyViolation } from '../../platform/errors.ts';
import { iso } from '../../platform/iso.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import { type CampaignRow, findCampaignByName, getCampaignRow } from '../campaigns/index.ts';
import { findTenantBySlugCached } from '../tenants/index.ts';
import {
  claimInstantMoment,
  deletePrizeRow,
  findAward,
  findAwards,
  findMoments,
  findPersonParticipation,
  findPrize,
  findPrizes,
  findSeal,
  insertPrize,
  replaceMoments,
  toPrize,
  updatePrizeRow,
  upsertSeal,
} from './instant-awards.repository.ts';
import { generateMoments, type PlannedMoment, sealOf, sortMoments } from './moments.ts';

const ALGORITHM = 'sha256(salt + "\\n" + lines "ISO-time,prizeId\\n" ordered by time, prize)' as const;

async function instantCampaign(tx: Tx, tenantId: string, id: string): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, id, { lock: true });
  if (campaign.kind !== 'instant_award') throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}

/**
 * Prizes and moments are fixed once people can take part: from the start of a campaign that has
 * been activated (or from its activation, when that comes later). A draft whose start date has
 * passed can still be set up. The campaign row is locked by the caller, so an activation waits.
 */
function assertNotStarted(ctx: Ctx, campaign: CampaignRow) {
  if (campaign.activatedAt && ctx.clock.now() >= campaign.startsAt)
    throw new AppError('INSTANT_AWARDS_FROZEN');
}

export async function listPrizes(ctx: Ctx, campaignId: string): Promise<{ items: Prize[] }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await instantCampaign(tx, tenantId, campaignId);
    return { items: (await findPrizes(tx, tenantId, campaignId)).map(toPrize) };
  });
}

function translateCentre(error: unknown): never {
  if (isForeignKeyViolation(error)) throw fieldError('centreId', 'FIELD_INVALID');
  throw error;
}

/** Adds a prize to an instant-award campaign that has not started. */
export async function createPrize(ctx: Ctx, campaignId: string, input: CreatePrize): Promise<Prize> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const campaign = await instantCampaign(tx, tenantId, campaignId);
    assertNotStarted(ctx, campaign);
    const row = await insertPrize(tx, {
      tenantId,
      campaignId,
      name: input.name,
      value: input.value,
      stock: input.stock,
      centreId: input.centreId ?? null,
      department: input.department ?? null,
    }).catch(translateCentre);
    await audit(tx, ctx, { tenantId, action: 'prize.create', entityType: 'prize', entityId: row.id });
    return toPrize(row);
  });
}

async function prizeOfUnstarted(ctx: Ctx, tx: Tx, tenantId: string, id: string) {
  const prize = await findPrize(tx, tenantId, id);
  if (!prize) throw new AppError('NOT_FOUND');
  assertNotStarted(ctx, await instantCampaign(tx, tenantId, prize.campaignId));
  return prize;
}

export async function updatePrize(ctx: Ctx, id: string, input: UpdatePrize): Promise<Prize> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await prizeOfUnstarted(ctx, tx, tenantId, id);
    const row = await updatePrizeRow(tx, tenantId, id, input).catch(translateCentre);
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, ctx, { tenantId, action: 'prize.update', entityType: 'prize', entityId: id });
    return toPrize(row);
  });
}

/** Deletes a prize (and its moments, resealing the list) before the campaign starts. */
export async function deletePrize(ctx: Ctx, id: string): Promise<void> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    const prize = await prizeOfUnstarted(ctx, tx, tenantId, id);
    await deletePrizeRow(tx, tenantId, id);
    const rest = await findMoments(tx, tenantId, prize.campaignId);
    await seal(
      ctx,
      tx,
      tenantId,
      prize.campaignId,
      rest.map((r) => r.moment),
    );
    await audit(tx, ctx, { tenantId, action: 'prize.delete', entityType: 'prize', entityId: id });
  });
}

async function seal(ctx: Ctx, tx: Tx, tenantId: string, campaignId: string, moments: PlannedMoment[]) {
  const salt = randomBytes(16).toString('hex');
  await upsertSeal(tx, {
    tenantId,
    campaignId,
    salt,
    hash: sealOf(salt, moments),
    moments: moments.length,
    sealedAt: ctx.clock.now(),
  });
}

/**
 * Replaces the winning moments of a campaign that has not started: generated (one per unit of
 * stock, uniform over the window) or given by hand; the new list is sealed at once.
 */
export async function setMoments(ctx: Ctx, campaignId: string, input: SetMoments): Promise<MomentsView> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const campaign = await instantCampaign(tx, tenantId, campaignId);
    assertNotStarted(ctx, campaign);
    const prizes = await findPrizes(tx, tenantId, campaignId);
    let moments: PlannedMoment[];
    if ('generate' in input) {
      if (prizes.length === 0) throw new AppError('MOMENT_INVALID');
      moments = generateMoments(prizes, campaign);
    } else {
      const known = new Set(prizes.map((p) => p.id));
      moments = input.moments.map((m) => ({ at: new Date(m.at), prizeId: m.prizeId }));
      const wrong = moments.findIndex(
        (m) => !known.has(m.prizeId) || m.at < campaign.startsAt || m.at >= campaign.endsAt,
      );
      if (wrong >= 0) throw fieldError(`moments.${wrong}`, 'MOMENT_INVALID');
    }
    moments = sortMoments(moments);
    await replaceMoments(tx, tenantId, campaignId, moments);
    await seal(ctx, tx, tenantId, campaignId, moments);
    await audit(tx, ctx, {
      tenantId,
      action: 'moments.set',
      entityType: 'campaign',
      entityId: campaignId,
      details: { count: moments.length, generated: 'generate' in input },
    });
    return view(ctx, tx, tenantId, campaign);
  });
}

async function view(ctx: Ctx, tx: Tx, tenantId: string, campaign: CampaignRow): Promise<MomentsView> {
  const row = await findSeal(tx, tenantId, campaign.id);
  const revealed = ctx.clock.now() >= campaign.endsAt;
  const result: MomentsView = {
    seal: row
      ? { hash: row.hash, algorithm: ALGORITHM, moments: row.moments, sealedAt: row.sealedAt.toISOString() }
      : null,
    revealed,
  };
  if (revealed && row) {
    result.salt = row.salt;
    result.moments = (await findMoments(tx, tenantId, campaign.id)).map(({ moment, prizeName }) => ({
      id: moment.id,
      at: moment.at.toISOString(),
      prizeId: moment.prizeId,
      prizeName,
      participationId: moment.participationId,
      awardedAt: iso(moment.awardedAt),
    }));
  }
  return result;
}

/** The seal and count of a campaign's moments; the list and salt only once it has ended. */
export async function getMoments(ctx: Ctx, campaignId: string): Promise<MomentsView> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) =>
    view(ctx, tx, tenantId, await instantCampaign(tx, tenantId, campaignId)),
  );
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Who won what, in the order the prizes were awarded. */
export async function listAwards(ctx: Ctx, campaignId: string) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await instantCampaign(tx, tenantId, campaignId);
    const rows = await findAwards(tx, tenantId, campaignId);
    const mask = shouldMask(actorOf(ctx).role);
    return {
      items: rows.map((r) => ({
        momentAt: isoOf(r.moment_at),
        awardedAt: isoOf(r.awarded_at),
        prizeId: r.prize_id,
        prizeName: r.prize_name,
        participationId: r.participation_id,
        cedula: mask ? (maskIdentity(r.cedula) ?? '') : r.cedula,
        name: r.name,
      })),
    };
  });
}

/**
 * The public result of one participation: the tenant slug, campaign name, the person's identity
 * number and the participation id must all match, else NOT_FOUND.
 */
export async function getInstantAwardResult(
  ctx: Ctx,
  params: { tenant: string; campaign: string; identity: string; participation: string },
): Promise<InstantAwardResult> {
  // the checks of participate.ts's publicTenant, without importing the participation engine (a cycle)
  const tenant = await findTenantBySlugCached(ctx, params.tenant);
  if (!tenant) throw new AppError('NOT_FOUND');
  if (tenant.status === 'suspended') throw new AppError('TENANT_SUSPENDED');
  return ctx.db.tx({ tenantId: tenant.id }, async (tx) => {
    const campaign = await findCampaignByName(tx, tenant.id, params.campaign);
    if (
      campaign?.kind !== 'instant_award' ||
      !(await findPersonParticipation(tx, tenant.id, campaign.id, params.participation, params.identity))
    )
      throw new AppError('NOT_FOUND');
    const award = await findAward(tx, tenant.id, params.participation);
    if (!award) return { won: false };
    return { won: true, prize: prizeOf(award), awardedAt: isoOf(award.awarded_at) };
  });
}

/** A won prize as the public page shows it: what, and where to claim it. */
function prizeOf(award: NonNullable<Awaited<ReturnType<typeof findAward>>>) {
  return {
    name: award.name,
    value: Number(award.value),
    department: award.department,
    centre: award.centre_name ? { name: award.centre_name, address: award.centre_address } : null,
  };
}

/**
 * The instant-award participation handler: the participation claims the earliest open winning
 * moment whose prize has stock (one statement, SKIP LOCKED), unless the campaign gives one
 * prize per identity and the person already holds one.
 */
export async function awardInstantPrize(
  tx: Tx,
  ctx: Ctx,
  p: {
    tenantId: string;
    campaign: CampaignRow;
    participantId: string;
    participationId: string;
    onePerIdentity: boolean;
  },
): Promise<Extract<ParticipationOutcome, { kind: 'instant_award' }>> {
  return claimInstantMoment(tx, {
    tenantId: p.tenantId,
    campaignId: p.campaign.id,
    participationId: p.participationId,
    participantId: p.participantId,
    now: ctx.clock.now(),
    onePerIdentity: p.onePerIdentity,
  });
}
