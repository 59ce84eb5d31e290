import type { ParticipationOutcome, Prize } from '@promo/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryOne, queryRows, type Tx } from '../../db/client.ts';
import { instantAwardMoments, instantAwardPrizes, instantAwardSeals } from '../../db/schema.ts';

export type PrizeRow = typeof instantAwardPrizes.$inferSelect;
export type SealRow = typeof instantAwardSeals.$inferSelect;

export function toPrize(row: PrizeRow): Prize {
  return {
    id: row.id,
    campaignId: row.campaignId,
    name: row.name,
    value: row.value,
    stock: row.stock,
    awarded: row.awarded,
    centreId: row.centreId,
    department: row.department,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPrizes(tx: Tx, tenantId: string, campaignId: string): Promise<PrizeRow[]> {
  return tx
    .select()
    .from(instantAwardPrizes)
    .where(and(eq(instantAwardPrizes.tenantId, tenantId), eq(instantAwardPrizes.campaignId, campaignId)))
    .orderBy(asc(instantAwardPrizes.createdAt), asc(instantAwardPrizes.id));
}

export async function findPrize(tx: Tx, tenantId: string, id: string): Promise<PrizeRow | undefined> {
  const [row] = await tx
    .select()
    .from(instantAwardPrizes)
    .where(and(eq(instantAwardPrizes.tenantId, tenantId), eq(instantAwardPrizes.id, id)));
  return row;
}

export async function insertPrize(
  tx: Tx,
  values: Omit<typeof instantAwardPrizes.$inferInsert, 'awarded'>,
): Promise<PrizeRow> {
  const [row] = await tx
    .insert(instantAwardPrizes)
    .values({ ...values, awarded: 0 })
    .returning();
  return row as PrizeRow;
}

export async function updatePrizeRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<typeof instantAwardPrizes.$inferInsert>,
): Promise<PrizeRow | undefined> {
  const [row] = await tx
    .update(instantAwardPrizes)
    .set(values)
    .where(and(eq(instantAwardPrizes.tenantId, tenantId), eq(instantAwardPrizes.id, id)))
    .returning();
  return row;
}

export async function deletePrizeRow(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx
    .delete(instantAwardPrizes)
    .where(and(eq(instantAwardPrizes.tenantId, tenantId), eq(instantAwardPrizes.id, id)));
}

/** Replaces the campaign's moment list in one statement. */
export async function replaceMoments(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  moments: { at: Date; prizeId: string }[],
): Promise<void> {
  await tx
    .delete(instantAwardMoments)
    .where(and(eq(instantAwardMoments.tenantId, tenantId), eq(instantAwardMoments.campaignId, campaignId)));
  if (moments.length === 0) return;
  const list = JSON.stringify(moments.map((m) => ({ at: m.at.toISOString(), prize: m.prizeId })));
  await tx.execute(
    sql`insert into instant_award_moments (tenant_id, campaign_id, prize_id, at)
        select ${tenantId}, ${campaignId}, (m->>'prize')::uuid, (m->>'at')::timestamptz
        from jsonb_array_elements(${list}::jsonb) as m`,
  );
}

export async function findMoments(tx: Tx, tenantId: string, campaignId: string) {
  return tx
    .select({ moment: instantAwardMoments, prizeName: instantAwardPrizes.name })
    .from(instantAwardMoments)
    .innerJoin(
      instantAwardPrizes,
      and(
        eq(instantAwardPrizes.tenantId, instantAwardMoments.tenantId),
        eq(instantAwardPrizes.id, instantAwardMoments.prizeId),
      ),
    )
    .where(and(eq(instantAwardMoments.tenantId, tenantId), eq(instantAwardMoments.campaignId, campaignId)))
    .orderBy(asc(instantAwardMoments.at), asc(instantAwardMoments.prizeId));
}

export async function findSeal(tx: Tx, tenantId: string, campaignId: string): Promise<SealRow | undefined> {
  const [row] = await tx
    .select()
    .from(instantAwardSeals)
    .where(and(eq(instantAwardSeals.tenantId, tenantId), eq(instantAwardSeals.campaignId, campaignId)));
  return row;
}

export async function upsertSeal(tx: Tx, seal: SealRow): Promise<void> {
  await tx
    .insert(instantAwardSeals)
    .values(seal)
    .onConflictDoUpdate({
      target: [instantAwardSeals.tenantId, instantAwardSeals.campaignId],
      set: { hash: seal.hash, salt: seal.salt, moments: seal.moments, sealedAt: seal.sealedAt },
    });
}

/**
 * An instant-award participation's try in one statement (`claim_instant_moment`, migration 0026):
 * the earliest open winning moment whose prize has stock, claimed with the prize's count (SKIP
 * LOCKED), unless one prize per identity and the person already won; answers the outcome.
 */
export async function claimInstantMoment(
  tx: Tx,
  p: {
    tenantId: string;
    campaignId: string;
    participationId: string;
    participantId: string;
    now: Date;
    onePerIdentity: boolean;
  },
): Promise<Extract<ParticipationOutcome, { kind: 'instant_award' }>> {
  const row = await queryOne<{ outcome: Extract<ParticipationOutcome, { kind: 'instant_award' }> }>(
    tx,
    sql`select claim_instant_moment(${p.tenantId}, ${p.campaignId}, ${p.participantId}, ${p.participationId},
          ${p.now.toISOString()}, ${p.onePerIdentity}) as outcome`,
    'claim_instant_moment',
  );
  return typeof row.outcome === 'string' ? JSON.parse(row.outcome) : row.outcome;
}

/** The award of one participation, with where to claim it. */
// crosses into centres: the award answer with its centre, one read on the participation path
export async function findAward(tx: Tx, tenantId: string, participationId: string) {
  const [row] = await queryRows<{
    name: string;
    value: number;
    department: string | null;
    centre_name: string | null;
    centre_address: string | null;
    awarded_at: Date | string;
  }>(
    tx,
    sql`select pr.name, pr.value, pr.department, c.name as centre_name, c.address as centre_address, mo.awarded_at
        from instant_award_moments mo
        join instant_award_prizes pr on pr.tenant_id = mo.tenant_id and pr.id = mo.prize_id
        left join redemption_centres c on c.tenant_id = pr.tenant_id and c.id = pr.centre_id
        where mo.tenant_id = ${tenantId} and mo.participation_id = ${participationId}`,
  );
  return row;
}

/** The participation of a campaign by a person with this identity number. */
// crosses into participants: the participation and its identity number checked in one read
// crosses into participations: the participation and its identity number checked in one read
export async function findPersonParticipation(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  participationId: string,
  cedula: string,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from participations pa
        join participants pe on pe.tenant_id = pa.tenant_id and pe.id = pa.participant_id
        where pa.tenant_id = ${tenantId} and pa.id = ${participationId}
          and pa.campaign_id = ${campaignId} and pe.cedula = ${cedula}`,
  );
  return rows.length > 0;
}

// crosses into participants: the awards list shows who won, ordered and read in one statement
export async function findAwards(tx: Tx, tenantId: string, campaignId: string) {
  return queryRows<{
    moment_at: Date | string;
    awarded_at: Date | string;
    prize_id: string;
    prize_name: string;
    participation_id: string;
    cedula: string;
    name: string | null;
  }>(
    tx,
    sql`select mo.at as moment_at, mo.awarded_at, pr.id as prize_id, pr.name as prize_name,
               mo.participation_id, pe.cedula, pe.name
        from instant_award_moments mo
        join instant_award_prizes pr on pr.tenant_id = mo.tenant_id and pr.id = mo.prize_id
        join participants pe on pe.tenant_id = mo.tenant_id and pe.id = mo.participant_id
        where mo.tenant_id = ${tenantId} and mo.campaign_id = ${campaignId} and mo.participation_id is not null
        order by mo.awarded_at, mo.at`,
  );
}
