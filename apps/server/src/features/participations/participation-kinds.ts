import type { CampaignKind, ParticipationOutcome } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CampaignRow, CampaignRule } from '../campaigns/campaigns.repository.ts';

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
  },
) => Promise<ParticipationOutcome>;

/** A raffle registration: each accepted participation is one entry of the person. */
const raffleEntry: ParticipationKindHandler = async (_tx, _ctx, p) => ({
  kind: 'raffle',
  entries: p.earlier.total + 1,
});

/**
 * The kinds that act on a participation. Kinds not listed yet (reward codes, instant awards,
 * points: their issues plug in here) record the participation and answer `registered`.
 */
export const participationKinds: Partial<Record<CampaignKind, ParticipationKindHandler>> = {
  raffle: raffleEntry,
};
