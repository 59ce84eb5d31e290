import { type ErrorCode, isErrorCode } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { type Database, onlyRow, queryOne, type Tx } from '../../db/client.ts';
import { participations } from '../../db/schema.ts';
import type { OneCallWork } from './participation-kinds.ts';
import type { RuleCheck } from './rules.ts';

export type PersonFields = {
  cedula: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  birthdate: string | null;
  sex: 'female' | 'male' | 'other' | null;
  department: string | null;
};

/** What `participation_gate` is given: the person, how they are looked up in the blacklist, what to count. */
export type GateValues = {
  tenantId: string;
  campaignId: string;
  person: PersonFields;
  blacklist: { cedula: string; phone: string | null; email: string | null };
  now: Date;
  day: string;
  countCampaign: boolean;
  groupId: string | null;
};

/**
 * The person's side of a participation in one round trip (`participation_gate`, migration 0019,
 * decision 019): the blacklist entry that refuses them, or their row created or updated and
 * locked until the transaction ends (concurrent participations of one identity take turns, so
 * per-identity limits hold: decision 005) with the first refusal of the rules' `checks` compared
 * with their earlier participations (`participation_refusal`, the comparison the one-call path
 * makes too), or null.
 */
// crosses into blacklist: the refusal is decided in the statement that takes the person's lock
// crosses into participants: creates or updates the person and locks the row, so per-identity limits hold under races
export async function participationGate(
  tx: Tx,
  values: GateValues & { checks: RuleCheck[] },
): Promise<{ blacklisted: string } | { participantId: string; refusal: ErrorCode | null }> {
  const { person, blacklist } = values;
  const row = await queryOne<{
    blacklisted: string | null;
    participant_id: string;
    refusal: string | null;
  }>(
    tx,
    sql`select g.blacklisted, g.participant_id,
               participation_refusal(${JSON.stringify(values.checks)}::jsonb, g.campaign_total, g.campaign_today,
                                     g.group_total, g.group_today) as refusal
          from participation_gate(${values.tenantId}, ${values.campaignId}, ${person.cedula},
          ${person.name}, ${person.email}, ${person.phone}, ${person.birthdate}, ${person.sex}, ${person.department},
          ${blacklist.cedula}, ${blacklist.phone}, ${blacklist.email}, ${values.now.toISOString()}, ${values.day},
          ${values.countCampaign}, ${values.groupId}) g`,
    'participation_gate',
  );
  if (row.blacklisted) return { blacklisted: row.blacklisted };
  if (row.refusal !== null && !isErrorCode(row.refusal))
    throw new Error(`participation_refusal answered ${row.refusal}`);
  return { participantId: row.participant_id, refusal: row.refusal };
}

export async function insertParticipation(
  tx: Tx,
  values: typeof participations.$inferInsert,
): Promise<string> {
  const row = onlyRow(
    await tx.insert(participations).values(values).returning({ id: participations.id }),
    'the participation insert',
  );
  return row.id;
}

/** What `participate_in_one_call` answers (migrations 0026, 0031 and 0032). */
export type OneCallOutcome =
  | { outcome: 'done' | 'replayed'; blacklisted: null; status: number; body: unknown }
  | { outcome: 'blacklisted'; blacklisted: string; status: null; body: null }
  | { outcome: 'stale'; blacklisted: null; status: null; body: null };

const REFUSED = /participation refused: ([A-Z_]+)(?: (email|phone))?/;

/** A refusal the SQL raised: the rule's code and, for a contact that differs, its field type. */
export type SqlRefusal = { refused: ErrorCode; field?: 'email' | 'phone' };

/**
 * The whole participation in one round trip (`participate_in_one_call`, migration 0026, decision
 * 027): the campaign still as read (`version`, else 'stale'), the gate (blacklist, the person's
 * upsert and lock, counts), the Idempotency-Key, the rules' checks in order, the kind's `work`
 * (a raffle entry, a reward code, an instant award's try, a points credit, or none), the participation row and the
 * stored answer. A rule's refusal rolls it all back
 * and is answered as `{ refused: code }`.
 */
// crosses into campaigns: the campaign's key-share lock and version are checked in the call that writes the participation
// crosses into blacklist: the refusal is decided in the call that takes the person's lock
// crosses into participants: creates or updates the person and locks the row, so per-identity limits hold under races
// crosses into raffles: a registration's entry is written in the same call as its participation
// crosses into reward-codes: the code is claimed in the call that holds the person's lock, so one person's limit holds
// crosses into instant-awards: the moment is claimed in the call that holds the person's lock
// crosses into points: a points campaign's credit is posted in the call that holds the person's lock
export async function participateInOneCall(
  db: Database,
  values: GateValues & {
    version: string;
    checks: RuleCheck[];
    idempotencyKey: string | null;
    requestHash: string;
    participationId: string;
    answers: Record<string, unknown>;
    landingId: string | null;
    deviceClass: number;
    work: OneCallWork | { work: 'none' };
  },
): Promise<OneCallOutcome | SqlRefusal> {
  const { person, blacklist } = values;
  try {
    const rows = await db.call<OneCallOutcome>(
      { tenantId: values.tenantId },
      {
        name: 'participate_in_one_call',
        args: [
          values.tenantId,
          values.campaignId,
          values.version,
          person.cedula,
          person.name,
          person.email,
          person.phone,
          person.birthdate,
          person.sex,
          person.department,
          blacklist.cedula,
          blacklist.phone,
          blacklist.email,
          values.now.toISOString(),
          values.day,
          String(values.countCampaign),
          values.groupId,
          JSON.stringify(values.checks),
          values.idempotencyKey,
          values.requestHash,
          values.participationId,
          JSON.stringify(values.answers),
          values.landingId,
          values.deviceClass,
          values.work.work,
          values.work.work === 'reward_code' ? values.work.maxCodes : null,
          values.work.work === 'instant_award' ? String(values.work.onePerIdentity) : null,
          values.work.work === 'points' ? values.work.points : null,
          values.work.work === 'points' ? (values.work.expiresAt?.toISOString() ?? null) : null,
        ],
        // the person's row, which the call holds to the end
        lockOrder: person.cedula,
      },
    );
    return onlyRow(rows, 'participate_in_one_call');
  } catch (error) {
    const refusal = refusalIn(error);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * The rule's refusal raised by a function (`participation refused: CODE [field]`), through any
 * wrapping; null for any other error.
 */
export function refusalIn(error: unknown): SqlRefusal | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const match = REFUSED.exec(e.message);
    if (match && isErrorCode(match[1]))
      return match[2] ? { refused: match[1], field: match[2] as 'email' | 'phone' } : { refused: match[1] };
  }
  return null;
}
