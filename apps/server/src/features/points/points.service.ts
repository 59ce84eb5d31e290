import type { Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { CampaignRow } from '../campaigns/index.ts';
import { getCampaignRow } from '../campaigns/index.ts';
import { creditParticipationPoints, type LedgerWrite, postEntry } from './ledger.repository.ts';

/** Campaigns whose people hold points: points campaigns and marketplaces' campaigns. */
export function holdsPoints(campaign: CampaignRow): boolean {
  return campaign.kind === 'points' || campaign.kind === 'marketplace';
}

/** The campaign of a points request, which must hold points (else a refusal on `campaignId`). */
export async function pointsCampaign(tx: Tx, tenantId: string, campaignId: string): Promise<CampaignRow> {
  const campaign = await getCampaignRow(tx, tenantId, campaignId).catch(() => {
    throw fieldError('campaignId', 'FIELD_INVALID');
  });
  if (!holdsPoints(campaign)) throw fieldError('campaignId', 'CAMPAIGN_KIND_MISMATCH');
  return campaign;
}

/** When points credited now expire under the campaign's policy (`settings.pointsExpiryDays`). */
function creditExpiry(campaign: CampaignRow, now: Date): Date | null {
  const days = (campaign.settings as { pointsExpiryDays?: unknown }).pointsExpiryDays;
  return typeof days === 'number' && Number.isInteger(days) && days > 0
    ? new Date(now.getTime() + days * 86_400_000)
    : null;
}

/**
 * A credit (code, purchase, positive adjustment) with the campaign's expiry date, or a debit.
 * A debit larger than the balance is refused with POINTS_INSUFFICIENT and writes nothing.
 */
export async function post(tx: Tx, campaign: CampaignRow, w: Omit<LedgerWrite, 'campaignId' | 'expiresAt'>) {
  const entry = await postEntry(tx, {
    ...w,
    campaignId: campaign.id,
    expiresAt: w.amount > 0 ? creditExpiry(campaign, w.now) : null,
  });
  if (!entry) throw new AppError('POINTS_INSUFFICIENT', [{ path: 'amount', code: 'POINTS_INSUFFICIENT' }]);
  return entry;
}

/** Points a participation in a points campaign credits: `settings.pointsPerParticipation`, else none. */
function pointsPerParticipation(campaign: CampaignRow): number {
  const points = (campaign.settings as { pointsPerParticipation?: unknown }).pointsPerParticipation;
  return typeof points === 'number' && Number.isInteger(points) && points > 0 ? points : 0;
}

/** What a participation in a points campaign credits now: its points and when they expire. */
export function participationCredit(
  campaign: CampaignRow,
  now: Date,
): { points: number; expiresAt: Date | null } {
  return { points: pointsPerParticipation(campaign), expiresAt: creditExpiry(campaign, now) };
}

/**
 * A participation in a points campaign (a registered purchase) credits the campaign's points per
 * participation as a `purchase` entry, in the participation's transaction, through the same SQL
 * function the participation's one call uses (`credit_participation_points`, migration 0032). The
 * participation's Idempotency-Key goes on the entry (the ledger's unique index is the last word on
 * a retry). Answers the person's balance afterwards.
 */
export function creditParticipation(
  tx: Tx,
  p: {
    tenantId: string;
    campaign: CampaignRow;
    participantId: string;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<number> {
  return creditParticipationPoints(tx, {
    tenantId: p.tenantId,
    campaignId: p.campaign.id,
    participantId: p.participantId,
    ...participationCredit(p.campaign, p.now),
    idempotencyKey: p.idempotencyKey,
    now: p.now,
  });
}
