import type { CampaignKind, ParticipationOutcome } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/context.ts';
import type { CampaignRow, RuleRow } from '../campaigns/campaigns.repository.ts';
import { countCampaignParticipations } from './participations.repository.ts';

/** What a campaign kind does with an accepted participation, inside its transaction. */
export type ParticipationKindHandler = (
  tx: Tx,
  ctx: Ctx,
  participation: {
    tenantId: string;
    campaign: CampaignRow;
    participantId: string;
    participationId: string;
    rules: RuleRow[];
  },
) => Promise<ParticipationOutcome>;

/** A raffle registration: each accepted participation is one entry of the person. */
const raffleEntry: ParticipationKindHandler = async (tx, _ctx, p) => ({
  kind: 'raffle',
  entries: await countCampaignParticipations(tx, p.tenantId, p.participantId, [p.campaign.id]),
});

/**
 * The kinds that act on a participation. Kinds not listed yet (reward codes, instant awards,
 * points: their issues plug in here) record the participation and answer `registered`.
 */
export const participationKinds: Partial<Record<CampaignKind, ParticipationKindHandler>> = {
  raffle: raffleEntry,
};
