import type { CampaignKind, ParticipationOutcome } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CampaignRow, CampaignRule } from '../campaigns/index.ts';

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
    /** Codes sent with the participation (raffle codes of the raffle form). */
    codes: string[];
    /** The participation's Idempotency-Key, if the client sent one. */
    idempotencyKey: string | null;
  },
) => Promise<ParticipationOutcome>;

/** A kind's work as `participate_in_one_call` (migration 0026) does it, in the same call. */
export type OneCallWork =
  | { work: 'raffle_entry' }
  | { work: 'reward_code'; maxCodes: number }
  | { work: 'instant_award'; onePerIdentity: boolean }
  | { work: 'points'; points: number; expiresAt: Date | null };

export type ParticipationKind = {
  /** The kind's work statement by statement, in the participation's transaction. */
  steps: ParticipationKindHandler;
  /** The same work inside the participation's one call, or null when this one cannot be (decision 027). */
  inOneCall?: (p: {
    campaign: CampaignRow;
    rules: CampaignRule[];
    codes: string[];
    now: Date;
  }) => OneCallWork | null;
};

/**
 * The kinds that act on a participation, given by the composition root (`features/participation-kinds.ts`)
 * so that the engine does not depend on the features that handle each kind. Kinds not listed
 * record the participation and answer `registered`.
 */
export type ParticipationKinds = Partial<Record<CampaignKind, ParticipationKind>>;
