import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  campaigns,
  participants,
  redemptionCentres,
  redemptions,
  rewardCodes,
  users,
} from '../../db/schema.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';

export type RewardCodeRow = typeof rewardCodes.$inferSelect;

/**
 * Inserts codes in one statement whatever their number (they travel as one JSON parameter);
 * codes already in the tenant are skipped. Answers the codes taken.
 */
export async function insertCodes(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  batchId: string | null,
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`insert into reward_codes (tenant_id, code, campaign_id, batch_id)
        select ${tenantId}, c, ${campaignId}, ${batchId} from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as c
        on conflict do nothing returning code`,
  );
  return rows.map((r) => r.code);
}

/** Codes that could still be used (the denominator of guessing). */
export async function countLiveCodes(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reward_codes where tenant_id = ${tenantId} and status in ('available', 'assigned')`,
  );
  return Number(row?.n ?? 0);
}

export async function countBatch(tx: Tx, tenantId: string, batchId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from reward_codes where tenant_id = ${tenantId} and batch_id = ${batchId}`,
  );
  return Number(row?.n ?? 0);
}

// crosses into campaigns: a code with its campaign and holder in one read (redeem path)
// crosses into participants: a code with its campaign and holder in one read (redeem path)
export async function findCodeRow(tx: Tx, tenantId: string, code: string) {
  const [row] = await tx
    .select({
      code: rewardCodes,
      campaign: campaigns,
      person: { id: participants.id, name: participants.name, cedula: participants.cedula },
    })
    .from(rewardCodes)
    .innerJoin(
      campaigns,
      and(eq(campaigns.tenantId, rewardCodes.tenantId), eq(campaigns.id, rewardCodes.campaignId)),
    )
    .leftJoin(
      participants,
      and(eq(participants.tenantId, rewardCodes.tenantId), eq(participants.id, rewardCodes.participantId)),
    )
    .where(and(eq(rewardCodes.tenantId, tenantId), eq(rewardCodes.code, code)));
  return row;
}

// crosses into campaigns: a person's codes by identity number, with campaigns, in one read
// crosses into participants: a person's codes by identity number, with campaigns, in one read
export async function codesOfPerson(tx: Tx, tenantId: string, cedula: string) {
  return tx
    .select({
      code: rewardCodes,
      campaign: campaigns,
      person: { id: participants.id, name: participants.name, cedula: participants.cedula },
    })
    .from(rewardCodes)
    .innerJoin(
      participants,
      and(eq(participants.tenantId, rewardCodes.tenantId), eq(participants.id, rewardCodes.participantId)),
    )
    .innerJoin(
      campaigns,
      and(eq(campaigns.tenantId, rewardCodes.tenantId), eq(campaigns.id, rewardCodes.campaignId)),
    )
    .where(and(eq(rewardCodes.tenantId, tenantId), eq(participants.cedula, cedula)))
    .orderBy(desc(rewardCodes.assignedAt));
}

// crosses into centres: redemptions with their centre names, one read
export async function redemptionsOf(tx: Tx, tenantId: string, codes: string[]) {
  if (codes.length === 0) return [];
  return tx
    .select({
      redemption: redemptions,
      centre: { code: redemptionCentres.code, name: redemptionCentres.name },
    })
    .from(redemptions)
    .innerJoin(
      redemptionCentres,
      and(
        eq(redemptionCentres.tenantId, redemptions.tenantId),
        eq(redemptionCentres.id, redemptions.centreId),
      ),
    )
    .where(and(eq(redemptions.tenantId, tenantId), inArray(redemptions.code, codes)))
    .orderBy(desc(redemptions.redeemedAt));
}

/** The person's codes in a campaign that count against their limit (assigned or redeemed). */
export async function codesOfParticipant(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  participantId: string,
): Promise<string[]> {
  const rows = await tx
    .select({ code: rewardCodes.code })
    .from(rewardCodes)
    .where(
      and(
        eq(rewardCodes.tenantId, tenantId),
        eq(rewardCodes.campaignId, campaignId),
        eq(rewardCodes.participantId, participantId),
        inArray(rewardCodes.status, ['assigned', 'redeemed']),
      ),
    )
    .orderBy(desc(rewardCodes.assignedAt));
  return rows.map((r) => r.code);
}

/** Gives one available code of the campaign to a person; concurrent claims skip each other's rows. */
export async function claimCode(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string | null;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await queryRows<{ code: string }>(
    tx,
    sql`update reward_codes set status = 'assigned', participant_id = ${values.participantId},
          participation_id = ${values.participationId}, assigned_at = ${values.now}
        where (tenant_id, code) = (
          select tenant_id, code from reward_codes
          where tenant_id = ${values.tenantId} and campaign_id = ${values.campaignId} and status = 'available'
          limit 1 for update skip locked)
        returning code`,
  );
  return row?.code ?? null;
}

/** Revokes a code that is available or assigned; answers whether it was. */
export async function revokeCodeRow(
  tx: Tx,
  tenantId: string,
  code: string,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(rewardCodes)
    .set({ status: 'revoked', revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(rewardCodes.tenantId, tenantId),
        eq(rewardCodes.code, code),
        inArray(rewardCodes.status, ['available', 'assigned']),
      ),
    )
    .returning({ code: rewardCodes.code });
  return rows.length > 0;
}

/**
 * Redeems a code at a centre in one statement: the code must be available or assigned, its
 * campaign not archived and inside its redemption window, and the centre one of the campaign's
 * (or, for a code bound to a shop — a marketplace pickup voucher — that shop).
 * No row back means one of those failed (the caller says which); the unique index on standing
 * redemptions is the last line against a double redemption.
 */
// crosses into campaigns: the campaign's window is checked in the same statement that redeems the code
// crosses into centres: the centre is allowed in the same statement that redeems the code, so a code is redeemed once where it may be
export async function redeemCodeRow(
  tx: Tx,
  values: { tenantId: string; code: string; centreId: string; operatorId: string; now: Date },
): Promise<{ id: string; code: string; redeemed_at: Date } | undefined> {
  const [row] = await queryRows<{ id: string; code: string; redeemed_at: Date }>(
    tx,
    sql`with target as (
          update reward_codes rc set status = 'redeemed', redeemed_at = ${values.now}
          from campaigns ca
          where rc.tenant_id = ${values.tenantId} and rc.code = ${values.code} and rc.status in ('available', 'assigned')
            and ca.tenant_id = rc.tenant_id and ca.id = rc.campaign_id and not ca.archived
            and (ca.redeem_from is null or ca.redeem_from <= ${values.now})
            and (ca.redeem_until is null or ${values.now} < ca.redeem_until)
            and (case when rc.centre_id is not null then rc.centre_id = ${values.centreId} else exists (
              select 1 from campaign_centres cc
              left join centre_group_members m on m.tenant_id = cc.tenant_id and m.group_id = cc.group_id
              where cc.tenant_id = rc.tenant_id and cc.campaign_id = rc.campaign_id
                and coalesce(cc.centre_id, m.centre_id) = ${values.centreId}) end)
          returning rc.code, rc.campaign_id)
        insert into redemptions (tenant_id, code, campaign_id, centre_id, operator_id, redeemed_at)
        select ${values.tenantId}, code, campaign_id, ${values.centreId}, ${values.operatorId}, ${values.now} from target
        returning id, code, redeemed_at`,
  );
  return row;
}

// crosses into centres: the standing redemption with its centre name, one read
export async function standingRedemption(tx: Tx, tenantId: string, code: string) {
  const [row] = await tx
    .select({
      redemption: redemptions,
      centre: { code: redemptionCentres.code, name: redemptionCentres.name },
    })
    .from(redemptions)
    .innerJoin(
      redemptionCentres,
      and(
        eq(redemptionCentres.tenantId, redemptions.tenantId),
        eq(redemptionCentres.id, redemptions.centreId),
      ),
    )
    .where(
      and(
        eq(redemptions.tenantId, tenantId),
        eq(redemptions.code, code),
        sql`${redemptions.reversedAt} is null`,
      ),
    );
  return row;
}

/** Reverses a standing redemption and gives the code back its earlier state; answers the code. */
export async function reverseRedemptionRow(
  tx: Tx,
  values: { tenantId: string; id: string; by: string; reason: string; now: Date },
): Promise<string | null> {
  const [row] = await tx
    .update(redemptions)
    .set({ reversedAt: values.now, reversedBy: values.by, reversalReason: values.reason })
    .where(
      and(
        eq(redemptions.tenantId, values.tenantId),
        eq(redemptions.id, values.id),
        sql`${redemptions.reversedAt} is null`,
      ),
    )
    .returning({ code: redemptions.code });
  if (!row) return null;
  await tx
    .update(rewardCodes)
    .set({
      status: sql`case when ${rewardCodes.participantId} is null then 'available' else 'assigned' end`,
      redeemedAt: null,
    })
    .where(and(eq(rewardCodes.tenantId, values.tenantId), eq(rewardCodes.code, row.code)));
  return row.code;
}

export async function findRedemption(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.tenantId, tenantId), eq(redemptions.id, id)));
  return row;
}

/** The active centre of an operator, or null. */
// crosses into centres: the operator's active centre in one read (redeem path)
// crosses into users: the operator's active centre in one read (redeem path)
export async function operatorCentre(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<{ id: string; code: string; name: string } | null> {
  const [row] = await tx
    .select({ id: redemptionCentres.id, code: redemptionCentres.code, name: redemptionCentres.name })
    .from(users)
    .innerJoin(
      redemptionCentres,
      and(eq(redemptionCentres.tenantId, users.tenantId), eq(redemptionCentres.id, users.centreId)),
    )
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(redemptionCentres.active, true)));
  return row ?? null;
}

/**
 * How a staged code file (platform/uploads/code-file-import.ts) meets the tenant's reward codes:
 * which staged codes already exist, and the insert of the others into the campaign's batch.
 */
export function stagedCodeStatements(
  tenantId: string,
  campaignId: string,
  batchId: string,
): { existing: SQL; insert: SQL } {
  return {
    existing: sql`exists (select 1 from reward_codes t where t.tenant_id = ${tenantId} and t.code = s.code)`,
    insert: sql`with inserted as (
          insert into reward_codes (tenant_id, code, campaign_id, batch_id)
          select ${tenantId}, s.code, ${campaignId}, ${batchId} from upload_codes s where ${notRefused}
          on conflict do nothing returning 1)
        select count(*)::int as n from inserted`,
  };
}

/** Writes a pickup voucher (a reward code assigned to the person, bound to the shop); none if the code is taken. */
export async function insertVoucherCode(
  tx: Tx,
  v: {
    tenantId: string;
    code: string;
    campaignId: string;
    participantId: string;
    centreId: string;
    now: Date;
  },
): Promise<string | undefined> {
  const [row] = await queryRows<{ code: string }>(
    tx,
    sql`insert into reward_codes (tenant_id, code, campaign_id, status, participant_id, assigned_at, centre_id)
          values (${v.tenantId}, ${v.code}, ${v.campaignId}, 'assigned', ${v.participantId}, ${v.now}, ${v.centreId})
          on conflict do nothing returning code`,
  );
  return row?.code;
}
