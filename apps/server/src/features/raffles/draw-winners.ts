import { createHash, randomBytes } from 'node:crypto';
import type { DrawCertificate, DrawnEntry, DrawOptions, DrawQuery, DrawResult } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import { maskIdentity, shouldMask } from '../../platform/privacy.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { getCampaignRow } from '../campaigns/index.ts';
import { findCountryCached } from '../countries/index.ts';
import { participantsByIds } from '../participants/index.ts';
import { findTenantById } from '../tenants/index.ts';
import { userNames } from '../users/index.ts';
import { ALGORITHM, drawPositionsAsync, EntryListReader } from './draw-algorithm.ts';
import { excludedFromDraw } from './draw-exclusions.ts';
import { winnerNotification } from './notifications.ts';
import {
  type DrawRow,
  type EntryListSpec,
  findDraw,
  findPendingCommitment,
  insertDraw,
  lastEntryId,
  participantsOfEntries,
  streamEntryList,
} from './raffles.repository.ts';

/** A fresh 32-byte seed and its commitment (SHA-256 of the seed bytes). */
export function newSeed(): { seed: string; commitment: string } {
  const bytes = randomBytes(32);
  return { seed: bytes.toString('hex'), commitment: createHash('sha256').update(bytes).digest('hex') };
}

export async function raffleCampaign(
  tx: Tx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, id, { lock });
  if (campaign.kind !== 'raffle') throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}

/**
 * Reads the frozen list of a draw as it streams and hashes it exactly as the entry list download
 * writes it, keeping only ids and weights (and the people, up to `participantsCap`).
 */
export async function readEntryList(tx: Tx, tenantId: string, spec: EntryListSpec, participantsCap = 0) {
  const list = new EntryListReader(participantsCap);
  for await (const bytes of streamEntryList(tx, tenantId, spec)) list.add(bytes);
  return { list, hash: list.digest() };
}

const asEntries = (value: unknown) => value as DrawnEntry[];

export function toCertificate(row: DrawRow, campaignName: string): DrawCertificate {
  const options = row.options as DrawOptions & { disqualified?: DrawnEntry[] };
  const { disqualified = [], ...drawOptions } = options;
  return {
    drawId: row.id,
    campaignId: row.campaignId,
    campaignName,
    algorithm: row.algorithm,
    entriesCount: row.entriesCount,
    totalWeight: Number(row.totalWeight),
    entriesHash: row.entriesHash,
    seed: row.seed,
    seedCommitment: row.seedCommitment,
    options: drawOptions,
    winners: asEntries(row.winners),
    alternates: asEntries(row.alternates),
    disqualified,
    replacesDrawId: row.replacesDrawId,
    reason: row.reason,
    drawnAt: row.drawnAt.toISOString(),
    drawnBy: row.drawnBy,
    commitment: (row.commitment as DrawCertificate['commitment']) ?? null,
  };
}

/** The people drawn, with the winners' notification text in the caller's language. */
export async function toResult(
  tx: Tx,
  ctx: Ctx,
  campaign: Pick<CampaignRow, 'title'>,
  certificate: DrawCertificate,
): Promise<DrawResult> {
  const people = await participantsByIds(tx, actorOf(ctx).tenantId, [
    ...new Set([...certificate.winners, ...certificate.alternates].map((e) => e.participantId)),
  ]);
  const mask = shouldMask(actorOf(ctx).role);
  const { tenantId } = actorOf(ctx);
  const tenant = await findTenantById(tx, tenantId);
  const country = tenant?.countryCode ? await findCountryCached(ctx, tenant.countryCode, tx) : undefined;
  const timeZone = country?.timeZone ?? 'UTC';
  const person = (isWinner: boolean) => (e: DrawnEntry) => {
    const name = people.get(e.participantId)?.name ?? null;
    const cedula = people.get(e.participantId)?.cedula ?? '';
    return {
      position: e.position,
      entryId: e.entryId,
      cedula: mask ? (maskIdentity(cedula) ?? '') : cedula,
      name,
      notification: isWinner
        ? winnerNotification(ctx.locale, {
            name,
            position: e.position,
            campaign: campaign.title,
            certificate,
            timeZone,
          })
        : null,
    };
  };
  const drawnBy = certificate.drawnBy ? await userNames(tx, tenantId, [certificate.drawnBy]) : new Map();
  return {
    drawId: certificate.drawId,
    winners: certificate.winners.map(person(true)),
    alternates: certificate.alternates.map(person(false)),
    certificate,
    drawnByName: (certificate.drawnBy && drawnBy.get(certificate.drawnBy)) || null,
    timeZone,
  };
}

/** The options of a draw as recorded (dates normalised to ISO UTC). */
export function drawOptionsOf(query: DrawQuery): DrawOptions {
  if (query.from && query.to && query.from >= query.to) throw fieldError('to', 'DATE_RANGE_INVALID');
  return {
    count: query.count,
    alternates: query.alternates,
    onePerIdentity: query.onePerIdentity,
    excludePreviousWinners: query.excludePreviousWinners ?? false,
    weighting: query.weighting,
    department: query.department ?? null,
    from: query.from ? new Date(query.from).toISOString() : null,
    to: query.to ? new Date(query.to).toISOString() : null,
  };
}

/** Freezes the entry list of a draw: every entry up to the last one, with the options' filters, less the people left out. */
export async function frozenSpec(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  options: DrawOptions,
): Promise<EntryListSpec> {
  return {
    campaignId,
    lastEntryId: await lastEntryId(tx, tenantId, campaignId),
    options,
    excluded: await excludedFromDraw(tx, tenantId, campaignId, options),
  };
}

/**
 * Draws the positions over a frozen list with a revealed seed and records the draw (never
 * redone: each call is a new recorded draw).
 */
export async function recordDraw(
  tx: Tx,
  ctx: Ctx,
  campaign: CampaignRow,
  spec: EntryListSpec,
  seed: { seed: string; commitment: string; recorded: DrawCertificate['commitment']; expectedHash?: string },
): Promise<DrawResult> {
  const actor = actorOf(ctx);
  const { tenantId } = actor;
  const { options } = spec;
  const picks = options.count + options.alternates;
  // one entry per person: each entry is a person already
  const perPerson = options.onePerIdentity && options.weighting !== 'people';
  const { list, hash } = await readEntryList(tx, tenantId, spec, perPerson ? picks : 0);
  if (list.count === 0) throw new AppError('RAFFLE_WITHOUT_ENTRIES');
  // entries are append-only: a frozen list hashes the same at the draw as at the commitment
  if (seed.expectedHash && seed.expectedHash !== hash) throw new AppError('CONFLICT');
  const participants = new Map<number, string>();
  const participantsAt = async (indices: number[]) => {
    const missing = indices.filter((i) => !participants.has(i));
    if (missing.length > 0) {
      const byId = await participantsOfEntries(
        tx,
        tenantId,
        missing.map((i) => list.idAt(i)),
      );
      for (const i of missing) participants.set(i, byId.get(list.idAt(i)) as string);
    }
    return indices.map((i) => participants.get(i));
  };
  const positions = await drawPositionsAsync(
    list,
    perPerson ? (list.participantsCount() ?? picks) : list.count,
    { seed: seed.seed, entriesHash: hash, picks, onePerIdentity: options.onePerIdentity },
    participantsAt,
  );
  const people = await participantsAt(positions);
  const drawn: DrawnEntry[] = positions.map((index, i) => ({
    position: i + 1,
    entryId: String(list.idAt(index)),
    participantId: people[i] as string,
  }));
  const row = await insertDraw(tx, {
    tenantId,
    campaignId: campaign.id,
    options,
    lastEntryId: spec.lastEntryId,
    excluded: spec.excluded,
    entriesCount: list.count,
    totalWeight: list.total,
    entriesHash: hash,
    seed: seed.seed,
    seedCommitment: seed.commitment,
    algorithm: ALGORITHM,
    winners: drawn.slice(0, options.count),
    alternates: drawn.slice(options.count),
    drawnBy: actor.userId,
    drawnAt: ctx.clock.now(),
    commitment: seed.recorded,
  });
  await audit(tx, ctx, {
    tenantId,
    action: 'raffle.draw',
    entityType: 'raffle_draw',
    entityId: row.id,
    details: { campaignId: campaign.id, entriesHash: hash, entriesCount: list.count },
  });
  return toResult(tx, ctx, campaign, toCertificate(row, campaign.name));
}

/**
 * The one-request draw: the entry list up to the last entry is frozen and hashed, a fresh seed is
 * committed and revealed at once. Refused while a commitment recorded ahead waits to be drawn.
 */
export async function drawWinners(ctx: Ctx, campaignId: string, query: DrawQuery): Promise<DrawResult> {
  const { tenantId } = actorOf(ctx);
  const options = drawOptionsOf(query);
  return inTenant(ctx, async (tx) => {
    // the lock makes draws of one campaign take turns (excludePreviousWinners sees the last one)
    const campaign = await raffleCampaign(tx, tenantId, campaignId, true);
    if (await findPendingCommitment(tx, tenantId, campaignId))
      throw new AppError('RAFFLE_COMMITMENT_PENDING');
    const spec = await frozenSpec(tx, tenantId, campaignId, options);
    return recordDraw(tx, ctx, campaign, spec, { ...newSeed(), recorded: null });
  });
}

/**
 * A winner is disqualified: a new recorded draw, with the reason, in which the first remaining
 * alternate takes the winner's place. The earlier draw stays as it was.
 */
export async function redraw(ctx: Ctx, drawId: string, input: { position: number; reason: string }) {
  const actor = actorOf(ctx);
  const { tenantId } = actor;
  try {
    return await inTenant(ctx, async (tx) => {
      const previous = await findDraw(tx, tenantId, drawId);
      if (!previous) throw new AppError('NOT_FOUND');
      const campaign = await raffleCampaign(tx, tenantId, previous.campaignId, true);
      const old = toCertificate(previous, campaign.name);
      const out = old.winners.find((w) => w.position === input.position);
      if (!out) throw fieldError('position', 'FIELD_INVALID');
      const [next, ...rest] = old.alternates;
      if (!next) throw new AppError('RAFFLE_NO_ALTERNATE');
      const row = await insertDraw(tx, {
        tenantId,
        campaignId: previous.campaignId,
        replacesDrawId: previous.id,
        reason: input.reason,
        options: { ...old.options, disqualified: [...old.disqualified, out] },
        lastEntryId: previous.lastEntryId,
        excluded: previous.excluded,
        entriesCount: previous.entriesCount,
        totalWeight: previous.totalWeight,
        entriesHash: previous.entriesHash,
        seed: previous.seed,
        seedCommitment: previous.seedCommitment,
        algorithm: previous.algorithm,
        winners: old.winners.map((w) => (w.position === input.position ? next : w)),
        alternates: rest,
        drawnBy: actor.userId,
        drawnAt: ctx.clock.now(),
        commitment: previous.commitment,
      });
      await audit(tx, ctx, {
        tenantId,
        action: 'raffle.redraw',
        entityType: 'raffle_draw',
        entityId: row.id,
        details: { replaces: previous.id, position: input.position },
      });
      return toResult(tx, ctx, campaign, toCertificate(row, campaign.name));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT');
    throw error;
  }
}
