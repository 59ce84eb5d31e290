import type { CampaignKind, ParticipationOutcome } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CampaignRow, CampaignRule } from '../campaigns/index.ts';
import { awardInstantPrize } from '../instant-awards/index.ts';
import { creditParticipation } from '../points/index.ts';
import { addRaffleEntries } from '../raffles/index.ts';
import { assignCode } from '../reward-codes/index.ts';

/**
 * What a campaign kind does with an accepted participation, inside its transaction, before the
 * participation row is written (its id is already chosen), so that the outcome is stored with it.
 */
export type ParticipationKindHandler = (
  tx: Tx,
  ctx: Ctx,
  participation: {
    tenantId: string;
    campaign: CampaignRow;
    participantId: string;
    participationId: string;
    rules: CampaignRule[];
    /** The person's earlier participations in this campaign. */
    earlier: { total: number; today: number };
    /** Codes sent with the participation (raffle codes of the raffle form). */
    codes: string[];
    /** The participation's Idempotency-Key, if the client sent one. */
    idempotencyKey: string | null;
  },
) => Promise<ParticipationOutcome>;

/**
 * A raffle participation adds entries to the person: one for a registration, or the points of
 * each valid raffle code of the raffle form. The outcome counts the person's entries.
 */
const raffleEntry: ParticipationKindHandler = async (tx, ctx, p) => ({
  kind: 'raffle',
  entries: await addRaffleEntries(tx, ctx, {
    tenantId: p.tenantId,
    campaignId: p.campaign.id,
    participantId: p.participantId,
    participationId: p.participationId,
    codes: p.codes,
  }),
});

/** The number of codes a person may hold in a campaign: its rule, else one. */
export function maxCodesPerIdentity(rules: CampaignRule[]): number {
  const rule = rules.find((r) => r.kind === 'max_codes_per_identity');
  return rule ? (rule.params as { max: number }).max : 1;
}

/** A reward-code participation gives the person a code (or answers the one they hold). */
const rewardCode: ParticipationKindHandler = async (tx, ctx, p) => {
  const { code } = await assignCode(tx, {
    tenantId: p.tenantId,
    campaignId: p.campaign.id,
    participantId: p.participantId,
    participationId: p.participationId,
    maxCodes: maxCodesPerIdentity(p.rules),
    now: ctx.clock.now(),
  });
  return { kind: 'reward_code', code };
};

/** An instant-award participation may claim the open winning moment (one prize per identity by rule). */
const instantAward: ParticipationKindHandler = (tx, ctx, p) =>
  awardInstantPrize(tx, ctx, {
    tenantId: p.tenantId,
    campaign: p.campaign,
    participantId: p.participantId,
    participationId: p.participationId,
    onePerIdentity: p.rules.some((r) => r.kind === 'one_prize_per_identity'),
  });

/**
 * A points participation (a registered purchase) credits the campaign's
 * `settings.pointsPerParticipation` through the ledger; the outcome is the person's balance.
 */
const pointsCredit: ParticipationKindHandler = async (tx, ctx, p) => ({
  kind: 'points',
  balance: await creditParticipation(tx, {
    tenantId: p.tenantId,
    campaign: p.campaign,
    participantId: p.participantId,
    idempotencyKey: p.idempotencyKey,
    now: ctx.clock.now(),
  }),
});

/**
 * The kinds that act on a participation. Kinds not listed (marketplace: people spend there, they
 * do not take part) record the participation and answer `registered`.
 */
export const participationKinds: Partial<Record<CampaignKind, ParticipationKindHandler>> = {
  raffle: raffleEntry,
  reward_code: rewardCode,
  instant_award: instantAward,
  points: pointsCredit,
};
