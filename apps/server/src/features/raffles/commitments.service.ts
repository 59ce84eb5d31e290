import { createHash } from 'node:crypto';
import type { Commitment, CreateCommitment, DrawResult } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError, isUniqueViolation } from '../../platform/errors.ts';
import {
  drawOptionsOf,
  frozenSpec,
  newSeed,
  raffleCampaign,
  readEntryList,
  recordDraw,
} from './draw-winners.ts';
import {
  type CommitmentRow,
  findCommitment,
  findCommitments,
  insertCommitment,
  markCommitmentDrawn,
} from './raffles.repository.ts';

function toCommitment(row: CommitmentRow): Commitment {
  return {
    id: row.id,
    campaignId: row.campaignId,
    kind: row.kind,
    source: row.source,
    seedCommitment: row.seedCommitment,
    options: row.options as Commitment['options'],
    entriesCount: row.entriesCount,
    totalWeight: Number(row.totalWeight),
    entriesHash: row.entriesHash,
    committedAt: row.committedAt.toISOString(),
    committedBy: row.committedBy,
    drawId: row.drawId,
  };
}

/** The seed of a public value: SHA-256 of its UTF-8 bytes (what `verify-draw` recomputes). */
export function publicSeed(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Records a seed commitment ahead of the draw: the entry list (with the options' filters) is
 * frozen and hashed now; a server secret is kept and only its SHA-256 shown, or a public future
 * value is named, to be entered at the draw. One commitment waits at a time per campaign.
 */
export async function createCommitment(
  ctx: Ctx,
  campaignId: string,
  input: CreateCommitment,
): Promise<Commitment> {
  const actor = actorOf(ctx);
  const { tenantId } = actor;
  if (input.kind === 'public_value' && !input.source) throw fieldError('source', 'FIELD_REQUIRED');
  const options = drawOptionsOf({
    ...input.options,
    department: input.options.department || undefined,
  });
  try {
    return await inTenant(ctx, async (tx) => {
      const campaign = await raffleCampaign(tx, tenantId, campaignId, true);
      const spec = await frozenSpec(tx, tenantId, campaign.id, options);
      const { list, hash } = await readEntryList(tx, tenantId, spec);
      if (list.count === 0) throw new AppError('RAFFLE_WITHOUT_ENTRIES');
      const secret = input.kind === 'server_secret' ? newSeed() : null;
      const row = await insertCommitment(tx, {
        tenantId,
        campaignId,
        kind: input.kind,
        source: input.kind === 'public_value' ? (input.source ?? null) : null,
        secret: secret?.seed ?? null,
        seedCommitment: secret?.commitment ?? null,
        options,
        lastEntryId: spec.lastEntryId,
        excluded: spec.excluded,
        entriesCount: list.count,
        totalWeight: list.total,
        entriesHash: hash,
        committedBy: actor.userId,
        committedAt: ctx.clock.now(),
      });
      await audit(tx, ctx, {
        tenantId,
        action: 'raffle.commit',
        entityType: 'raffle_commitment',
        entityId: row.id,
        details: { campaignId, kind: row.kind, entriesHash: hash, seedCommitment: row.seedCommitment },
      });
      return toCommitment(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('RAFFLE_COMMITMENT_PENDING');
    throw error;
  }
}

export async function listCommitments(ctx: Ctx, campaignId: string): Promise<{ items: Commitment[] }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await raffleCampaign(tx, tenantId, campaignId);
    return { items: (await findCommitments(tx, tenantId, campaignId)).map(toCommitment) };
  });
}

/**
 * Draws from a recorded commitment: the frozen list is read again (same hash), the seed is
 * revealed (the server's secret, or the SHA-256 of the public value now entered) and the draw is
 * recorded with the commitment on its certificate. A commitment is drawn once.
 */
export async function drawCommitment(
  ctx: Ctx,
  id: string,
  input: { value?: string | undefined },
): Promise<DrawResult> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const found = await findCommitment(tx, tenantId, id);
    if (!found) throw new AppError('NOT_FOUND');
    const campaign = await raffleCampaign(tx, tenantId, found.campaignId, true);
    const row = (await findCommitment(tx, tenantId, id, true)) as CommitmentRow;
    if (row.drawId) throw new AppError('RAFFLE_COMMITMENT_USED');
    let seed: string;
    let value: string | null = null;
    if (row.kind === 'public_value') {
      if (!input.value) throw fieldError('value', 'FIELD_REQUIRED');
      value = input.value;
      seed = publicSeed(value);
    } else seed = row.secret as string;
    const result = await recordDraw(
      tx,
      ctx,
      campaign,
      {
        campaignId: row.campaignId,
        lastEntryId: row.lastEntryId,
        options: row.options as Commitment['options'],
        excluded: row.excluded as string[],
      },
      {
        seed,
        commitment: row.seedCommitment ?? createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
        expectedHash: row.entriesHash,
        recorded: {
          id: row.id,
          kind: row.kind,
          source: row.source,
          value,
          committedAt: row.committedAt.toISOString(),
          committedBy: row.committedBy,
        },
      },
    );
    await markCommitmentDrawn(tx, tenantId, row.id, result.drawId);
    return result;
  });
}
