import type { Participant, ParticipantClaim } from '@promo/contract';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { campaigns, participantClaims, participants, participations } from '../../db/schema.ts';
import { iso } from '../../platform/iso.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { containsPattern, orderBy } from '../../platform/sql.ts';

export type ParticipantRow = typeof participants.$inferSelect;

export function toParticipant(row: ParticipantRow, participationCount: number): Participant {
  return {
    id: row.id,
    cedula: row.cedula,
    name: row.name,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    sex: row.sex,
    department: row.department,
    consentAt: iso(row.consentAt),
    emailVerified: row.emailVerifiedAt !== null,
    phoneVerified: row.phoneVerifiedAt !== null,
    erased: row.erasedAt !== null,
    participations: participationCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// written out: drizzle renders bare column names inside a sub-select, which would bind to `pp`
// crosses into participations: the count beside each person of a page, in the same statement
const participationCount = sql<number>`(select count(*)::int from participations pp where pp.tenant_id = "participants"."tenant_id" and pp.participant_id = "participants"."id")`;

// crosses into participations: the page filters on the campaign a person took part in
export async function listParticipants(
  tx: Tx,
  tenantId: string,
  query: {
    page: number;
    pageSize: number;
    sort?: string | undefined;
    q?: string | undefined;
    campaignId?: string | undefined;
  },
) {
  const where = and(
    eq(participants.tenantId, tenantId),
    query.q
      ? or(
          ilike(participants.cedula, containsPattern(query.q)),
          ilike(participants.name, containsPattern(query.q)),
          ilike(participants.email, containsPattern(query.q)),
          ilike(participants.phone, containsPattern(query.q)),
        )
      : undefined,
    query.campaignId
      ? sql`exists (select 1 from participations pp where pp.tenant_id = "participants"."tenant_id" and pp.participant_id = "participants"."id" and pp.campaign_id = ${query.campaignId})`
      : undefined,
  );
  const order = orderBy(
    query.sort,
    {
      name: participants.name,
      cedula: participants.cedula,
      department: participants.department,
      createdAt: participants.createdAt,
      updatedAt: participants.updatedAt,
    },
    sql`${participants.updatedAt} desc`,
  );
  const [rows, [total]] = await oneByOne(
    () =>
      tx
        .select({ row: participants, n: participationCount })
        .from(participants)
        .where(where)
        .orderBy(order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    () => tx.select({ n: count() }).from(participants).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The next `limit` participants after id `after`, in id order (exports page by keyset). */
export async function participantsAfter(
  tx: Tx,
  tenantId: string,
  after: string,
  limit: number,
): Promise<ParticipantRow[]> {
  return tx
    .select()
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), sql`${participants.id} > ${after}`))
    .orderBy(participants.id)
    .limit(limit);
}

export async function findParticipant(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ row: participants, n: participationCount })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, id)));
  return row;
}

export async function findParticipantByCedula(tx: Tx, tenantId: string, cedula: string) {
  const [row] = await tx
    .select({ row: participants, n: participationCount })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.cedula, cedula)));
  return row;
}

// crosses into participations: a person's participations with their campaign names, one read
// crosses into campaigns: a person's participations with their campaign names, one read
export async function participationsOf(tx: Tx, tenantId: string, participantId: string) {
  return tx
    .select({
      id: participations.id,
      campaignId: participations.campaignId,
      campaignName: campaigns.name,
      campaignTitle: campaigns.title,
      kind: campaigns.kind,
      createdAt: participations.createdAt,
      deviceClass: participations.deviceClass,
      outcome: participations.outcome,
      answers: participations.answers,
    })
    .from(participations)
    .innerJoin(
      campaigns,
      and(eq(campaigns.tenantId, participations.tenantId), eq(campaigns.id, participations.campaignId)),
    )
    .where(and(eq(participations.tenantId, tenantId), eq(participations.participantId, participantId)))
    .orderBy(sql`${participations.createdAt} desc`);
}

/** The details typed under the person's identity number that differ from the stored ones, newest first. */
export async function claimsOf(tx: Tx, tenantId: string, participantId: string): Promise<ParticipantClaim[]> {
  const rows = await tx
    .select()
    .from(participantClaims)
    .where(and(eq(participantClaims.tenantId, tenantId), eq(participantClaims.participantId, participantId)))
    .orderBy(sql`${participantClaims.lastAt} desc`, participantClaims.field);
  return rows.map((row) => ({
    field: row.field,
    value: row.value,
    times: row.times,
    firstAt: row.firstAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
    campaignId: row.campaignId,
  }));
}

export async function insertParticipant(
  tx: Tx,
  values: typeof participants.$inferInsert,
): Promise<ParticipantRow> {
  const [row] = await tx.insert(participants).values(values).returning();
  if (!row) throw new Error('participant insert returned no row');
  return row;
}

/**
 * Creates or updates by identity number (the tenant's staff importing people); answers whether the
 * row was new. A contact the import changes is the person's contact of record, not yet proved.
 */
export async function upsertParticipantRow(
  tx: Tx,
  values: typeof participants.$inferInsert,
  now: Date,
): Promise<boolean> {
  const [row] = await queryRows<{ created: boolean }>(
    tx,
    sql`insert into participants (tenant_id, cedula, name, email, phone, birthdate, birth_year, sex, department, updated_at)
        values (${values.tenantId}, ${values.cedula}, ${values.name ?? null}, ${values.email ?? null}, ${values.phone ?? null},
                ${values.birthdate ?? null}, ${values.birthYear ?? null}, ${values.sex ?? null}, ${values.department ?? null}, ${now})
        on conflict (tenant_id, cedula) do update set
          name = coalesce(excluded.name, participants.name), email = coalesce(excluded.email, participants.email),
          phone = coalesce(excluded.phone, participants.phone), birthdate = coalesce(excluded.birthdate, participants.birthdate),
          birth_year = coalesce(excluded.birth_year, participants.birth_year), sex = coalesce(excluded.sex, participants.sex),
          department = coalesce(excluded.department, participants.department), updated_at = excluded.updated_at,
          email_verified_at = case when excluded.email is distinct from participants.email and excluded.email is not null
                                   then null else participants.email_verified_at end,
          phone_verified_at = case when excluded.phone is distinct from participants.phone and excluded.phone is not null
                                   then null else participants.phone_verified_at end
        returning (xmax = 0) as created`,
  );
  return Boolean(row?.created);
}

/**
 * Erases a person's personal data: identity, name, contact, birthdate and their form answers.
 * Birth year, sex and department stay, unlinked from anyone, for the campaign statistics.
 */
// crosses into participations: erasing a person blanks their answers in the same transaction (participations depends on participants)
export async function eraseParticipant(tx: Tx, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(participants)
    .set({
      cedula: null,
      name: null,
      email: null,
      phone: null,
      birthdate: null,
      consentAt: null,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, id)))
    .returning({ id: participants.id });
  if (rows.length === 0) return false;
  await tx
    .delete(participantClaims)
    .where(and(eq(participantClaims.tenantId, tenantId), eq(participantClaims.participantId, id)));
  await tx
    .update(participations)
    .set({ answers: {} })
    .where(and(eq(participations.tenantId, tenantId), eq(participations.participantId, id)));
  return true;
}

export async function lockParticipantRow(
  tx: Tx,
  tenantId: string,
  cedula: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.cedula, cedula)))
    .for('update');
  return row?.id;
}

/** What other features see of a person: id, identity number, name and email (no counts). */
export type PersonSummary = { id: string; cedula: string | null; name: string | null; email: string | null };

const personSummary = {
  id: participants.id,
  cedula: participants.cedula,
  name: participants.name,
  email: participants.email,
};

export async function findPersonSummary(
  tx: Tx,
  tenantId: string,
  id: string,
): Promise<PersonSummary | undefined> {
  const [row] = await tx
    .select(personSummary)
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, id)));
  return row;
}

export async function findPersonSummaryByCedula(
  tx: Tx,
  tenantId: string,
  cedula: string,
): Promise<PersonSummary | undefined> {
  const [row] = await tx
    .select(personSummary)
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.cedula, cedula)));
  return row;
}

/**
 * The person proved control of `email` with a one-time code sent to it: it is verified, if it is
 * still the person's e-mail (a staff change meanwhile leaves the new one unverified).
 */
export async function markEmailVerified(
  tx: Tx,
  tenantId: string,
  id: string,
  email: string,
  now: Date,
): Promise<void> {
  await tx
    .update(participants)
    .set({ emailVerifiedAt: sql`coalesce(${participants.emailVerifiedAt}, ${now})` })
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, id), eq(participants.email, email)));
}

/** People by id: identity number and name of each found. */
export async function findPeopleByIds(tx: Tx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { cedula: string; name: string | null }>();
  const rows = await queryRows<{ id: string; cedula: string; name: string | null }>(
    tx,
    sql`select id, cedula, name from participants
        where tenant_id = ${tenantId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
  return new Map(rows.map((r) => [r.id, { cedula: r.cedula, name: r.name }]));
}
