import type { RewardCode } from '@promo/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { copyIn, type Database, onlyRow, queryRows, type Tx } from '../../db/client.ts';
import { redemptionCentres, redemptions, rewardCodes, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';
import type { RedeemRefused, RuleRefusal } from './redeem-refusals.ts';

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

/**
 * Inserts generated codes (lines of text, `CODE\n`) through an unindexed staging table: the lines
 * are copied in (`COPY`, no per-row statement work), then taken in one `INSERT … SELECT` into the
 * indexed table. Codes already in the tenant (or repeated in the lines) are skipped: the plain
 * insert is tried first under a savepoint, and only when a code collides (about once in 10^12
 * chunks at 80 bits) is the chunk taken again with `ON CONFLICT DO NOTHING`, whose speculative
 * insertion costs about a tenth more per row (bench/README.md, codes). Answers how many were
 * taken. The lines must be generated ones (the alphabet and a checked prefix): they are not escaped.
 */
export async function insertCodeLines(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  batchId: string,
  lines: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<number> {
  // several calls in one transaction (a request's generation) reuse the staging table
  await tx.execute(sql`create temp table if not exists generated_codes (code text not null) on commit drop`);
  await tx.execute(sql`truncate generated_codes`);
  await copyIn(tx, 'generated_codes (code)', lines);
  const take = (onConflict: SQL) =>
    queryRows<{ n: number }>(
      tx,
      sql`with taken as (
            insert into reward_codes (tenant_id, code, campaign_id, batch_id)
            select ${tenantId}, code, ${campaignId}, ${batchId} from generated_codes
            ${onConflict} returning 1)
          select count(*)::int as n from taken`,
    );
  await tx.execute(sql`savepoint plain_insert`);
  let rows: { n: number }[];
  try {
    rows = await take(sql``);
    await tx.execute(sql`release savepoint plain_insert`);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await tx.execute(sql`rollback to savepoint plain_insert`);
    rows = await take(sql`on conflict do nothing`);
  }
  return Number(rows[0]?.n ?? 0);
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

/**
 * A reward code for a person in one statement (`claim_reward_code`, migration 0026): the one they
 * hold when they hold `maxCodes` already, else an available code of the campaign claimed
 * (concurrent claims skip each other's rows); none when the campaign has none left.
 */
export async function claimRewardCode(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    participationId: string | null;
    maxCodes: number;
    now: Date;
  },
): Promise<{ code: string; assigned: boolean } | undefined> {
  const [row] = await queryRows<{ code: string; assigned: boolean }>(
    tx,
    sql`select * from claim_reward_code(${values.tenantId}, ${values.campaignId}, ${values.participantId},
          ${values.participationId}, ${values.maxCodes}, ${values.now.toISOString()})`,
  );
  return row;
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
 * What `redeem_reward_code` answers: 'done' or 'replayed' with the answer's body; 'redeemed' (a
 * refusal) with where, when and the campaign's country; the other refusals without a body.
 */
export type RedeemOutcome =
  | { outcome: 'done' | 'replayed' | 'redeemed'; body: unknown }
  | {
      outcome: RedeemRefused;
      body: null;
    };

/**
 * Redeems a code at the operator's centre in one round trip: the SQL function
 * `redeem_reward_code` (migration 0016, decision 019) finds the operator's centre, claims the
 * Idempotency-Key, redeems the code with one conditional statement (the rule `reward_code_refusal`
 * finds no reason against it: available or assigned, the campaign not archived and inside its
 * redemption window, the centre one of the campaign's or the code's own shop), writes the audit
 * row and stores the answer. A refusal writes nothing and names which check failed.
 */
// crosses into users: the operator's centre is read in the call that redeems (one round trip)
// crosses into centres: the centre is allowed in the statement that redeems the code, so a code is redeemed once where it may be
// crosses into campaigns: the campaign's window is checked in the statement that redeems the code
export async function redeemAtCentre(
  db: Database,
  values: {
    tenantId: string;
    operatorId: string;
    role: string;
    code: string;
    now: Date;
    ip: string;
    idempotencyKey: string | null;
    requestHash: string;
  },
): Promise<RedeemOutcome> {
  const rows = await db.call<RedeemOutcome>(
    { tenantId: values.tenantId },
    {
      name: 'redeem_reward_code',
      args: [
        values.tenantId,
        values.operatorId,
        values.role,
        values.code,
        values.now.toISOString(),
        values.ip,
        values.idempotencyKey,
        values.requestHash,
      ],
      lockOrder: values.code,
    },
  );
  return onlyRow(rows, 'redeem_reward_code');
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

/** A code as `look_up_reward_codes` writes it: the rule's reason as SQL names it. */
export type CounterCodeRow = Omit<RewardCode, 'redeemRefusal'> & { redeemRefusal?: RuleRefusal | null };

/**
 * The counter's look-up in one round trip: the SQL function `look_up_reward_codes` (migration
 * 0037) reads a code by its text, or a person's codes by identity number (newest assignment
 * first), each with its campaign, holder (identity number not masked), redemptions and voucher
 * product, and with `operatorId` whether the operator's active centre may redeem it now, and if
 * not why (`reward_code_refusal`, the redemption's own rule). Empty when there is none.
 */
// crosses into campaigns: the code's campaign and redemption window, read in the call
// crosses into participants: the code's holder, read in the call
// crosses into centres: the redemptions' centres and whether the operator's may redeem, read in the call
// crosses into users: the operator's centre, read in the call
// crosses into marketplace: the pickup voucher's product, read in the call
export async function lookUpRewardCodes(
  db: Database,
  values: {
    tenantId: string;
    operatorId: string | null;
    code: string | null;
    cedula: string | null;
    now: Date;
  },
): Promise<CounterCodeRow[]> {
  const [row] = await db.call<{ codes: CounterCodeRow[] }>(
    { tenantId: values.tenantId },
    {
      name: 'look_up_reward_codes',
      args: [values.tenantId, values.operatorId, values.code, values.cedula, values.now.toISOString()],
    },
  );
  return row?.codes ?? [];
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
