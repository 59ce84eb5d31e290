import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { blacklist, campaigns, participants, participations } from '../../db/schema.ts';

export type PersonFields = {
  cedula: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  birthdate: string | null;
  sex: 'female' | 'male' | 'other' | null;
  department: string | null;
};

/**
 * Creates or updates the person by identity number and locks their row until the transaction
 * ends: concurrent participations of one identity take turns, so per-identity limits hold.
 */
// crosses into participants: creates or updates the person and locks the row in one statement, so per-identity limits hold under races
export async function upsertParticipant(
  tx: Tx,
  tenantId: string,
  person: PersonFields,
  consentAt: Date | null,
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(participants)
    .values({
      tenantId,
      ...person,
      birthYear: person.birthdate ? Number(person.birthdate.slice(0, 4)) : null,
      consentAt,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [participants.tenantId, participants.cedula],
      set: {
        name: sql`coalesce(excluded.name, ${participants.name})`,
        email: sql`coalesce(excluded.email, ${participants.email})`,
        phone: sql`coalesce(excluded.phone, ${participants.phone})`,
        birthdate: sql`coalesce(excluded.birthdate, ${participants.birthdate})`,
        birthYear: sql`coalesce(excluded.birth_year, ${participants.birthYear})`,
        sex: sql`coalesce(excluded.sex, ${participants.sex})`,
        department: sql`coalesce(excluded.department, ${participants.department})`,
        consentAt: sql`coalesce(excluded.consent_at, ${participants.consentAt})`,
        updatedAt: now,
      },
    })
    .returning({ id: participants.id });
  if (!row) throw new Error('participant upsert returned no row');
  return row.id;
}

/** A person's earlier participations in some campaigns: in all, and on one local day. */
export async function countParticipations(
  tx: Tx,
  tenantId: string,
  participantId: string,
  campaignIds: string[],
  day: string,
): Promise<{ total: number; today: number }> {
  const [row] = await queryRows<{ total: number; today: number }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where local_day = ${day})::int as today
        from participations
        where tenant_id = ${tenantId} and participant_id = ${participantId}
          and campaign_id in (${sql.join(
            campaignIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}

export async function insertParticipation(
  tx: Tx,
  values: typeof participations.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(participations).values(values).returning({ id: participations.id });
  if (!row) throw new Error('participation insert returned no row');
  return row.id;
}
