import { awardInstantPrize } from './instant-awards/index.ts';
import {
  maxCodesPerIdentity,
  type ParticipationKindHandler,
  type ParticipationKinds,
} from './participations/index.ts';
import { creditParticipation, participationCredit } from './points/index.ts';
import { addRaffleEntries } from './raffles/index.ts';
import { assignCode } from './reward-codes/index.ts';

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
 * What each campaign kind does with a participation, wired here (the composition root) so that
 * the participation engine and the kinds' features do not import each other. Marketplace is not
 * listed: people spend there, they do not take part.
 */
export const participationKinds: ParticipationKinds = {
  raffle: {
    steps: raffleEntry,
    // raffle codes are checked and consumed statement by statement
    inOneCall: ({ codes }) => (codes.length === 0 ? { work: 'raffle_entry' } : null),
  },
  reward_code: {
    steps: rewardCode,
    inOneCall: ({ rules }) => ({ work: 'reward_code', maxCodes: maxCodesPerIdentity(rules) }),
  },
  instant_award: {
    steps: instantAward,
    inOneCall: ({ rules }) => ({
      work: 'instant_award',
      onePerIdentity: rules.some((r) => r.kind === 'one_prize_per_identity'),
    }),
  },
  points: {
    steps: pointsCredit,
    inOneCall: ({ campaign, now }) => ({ work: 'points', ...participationCredit(campaign, now) }),
  },
};
