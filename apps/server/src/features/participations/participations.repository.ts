import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { participations } from '../../db/schema.ts';

export type PersonFields = {
  cedula: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  birthdate: string | null;
  sex: 'female' | 'male' | 'other' | null;
  department: string | null;
};

/** The person's earlier participations in a scope: in all, and on the local day. */
export type Counts = { total: number; today: number };

/**
 * The person's side of a participation in one round trip (`participation_gate`, migration 0019,
 * decision 019): the blacklist entry that refuses them, or their row created or updated and
 * locked until the transaction ends (concurrent participations of one identity take turns, so
 * per-identity limits hold: decision 005) with their earlier participations counted in the
 * campaign (when `countCampaign`) and in the campaign's group (when `groupId`).
 */
// crosses into blacklist: the refusal is decided in the statement that takes the person's lock
// crosses into participants: creates or updates the person and locks the row, so per-identity limits hold under races
export async function participationGate(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    person: PersonFields;
    blacklist: { cedula: string; phone: string | null; email: string | null };
    now: Date;
    day: string;
    countCampaign: boolean;
    groupId: string | null;
  },
): Promise<{ blacklisted: string } | { participantId: string; campaign: Counts; group: Counts }> {
  const { person, blacklist } = values;
  const [row] = await queryRows<{
    blacklisted: string | null;
    participant_id: string;
    campaign_total: number;
    campaign_today: number;
    group_total: number;
    group_today: number;
  }>(
    tx,
    sql`select * from participation_gate(${values.tenantId}, ${values.campaignId}, ${person.cedula},
          ${person.name}, ${person.email}, ${person.phone}, ${person.birthdate}, ${person.sex}, ${person.department},
          ${blacklist.cedula}, ${blacklist.phone}, ${blacklist.email}, ${values.now.toISOString()}, ${values.day},
          ${values.countCampaign}, ${values.groupId})`,
  );
  if (!row) throw new Error('participation_gate answered no row');
  if (row.blacklisted) return { blacklisted: row.blacklisted };
  return {
    participantId: row.participant_id,
    campaign: { total: row.campaign_total, today: row.campaign_today },
    group: { total: row.group_total, today: row.group_today },
  };
}

export async function insertParticipation(
  tx: Tx,
  values: typeof participations.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(participations).values(values).returning({ id: participations.id });
  if (!row) throw new Error('participation insert returned no row');
  return row.id;
}
