import type { LedgerEntry, LedgerKind } from '@promo/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { pointsAccounts, pointsLedger } from '../../db/schema.ts';
import { iso } from '../../platform/iso.ts';
import { oneByOne } from '../../platform/one-by-one.ts';

export type LedgerRow = typeof pointsLedger.$inferSelect;

export type LedgerWrite = {
  tenantId: string;
  campaignId: string;
  participantId: string;
  kind: LedgerKind;
  /** Signed: credits > 0, debits < 0. */
  amount: number;
  now: Date;
  reason?: string | null;
  redeemCode?: string | null;
  orderId?: string | null;
  expiresAt?: Date | null;
  idempotencyKey?: string | null;
  createdBy?: string | null;
};

type RawLedgerRow = {
  tenant_id: string;
  id: number | string;
  campaign_id: string;
  participant_id: string;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  reason: string | null;
  redeem_code: string | null;
  order_id: string | null;
  expires_at: Date | string | null;
  idempotency_key: string | null;
  created_by: string | null;
  created_at: Date | string;
};

function fromRaw(r: RawLedgerRow): LedgerRow {
  return {
    tenantId: r.tenant_id,
    id: Number(r.id),
    campaignId: r.campaign_id,
    participantId: r.participant_id,
    kind: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    reason: r.reason,
    redeemCode: r.redeem_code,
    orderId: r.order_id,
    expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
    idempotencyKey: r.idempotency_key,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at),
  };
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: Number(row.id),
    campaignId: row.campaignId,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    redeemCode: row.redeemCode,
    orderId: row.orderId,
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Writes one ledger entry and moves the balance, in the caller's transaction, in one statement:
 * the account row is updated only if the balance stays at or above zero (its row lock orders
 * concurrent writes of one person and campaign; its CHECK is the last word), and the entry is
 * inserted with the balance that update returned, and answered. A credit first makes sure the
 * account exists (a debit needs one with a balance). Answers the entry, or null when a debit is
 * larger than the balance (nothing written). One round trip for a debit, two for a credit.
 */
export async function postEntry(tx: Tx, w: LedgerWrite): Promise<LedgerRow | null> {
  if (w.amount > 0)
    await tx
      .insert(pointsAccounts)
      .values({ tenantId: w.tenantId, campaignId: w.campaignId, participantId: w.participantId, balance: 0 })
      .onConflictDoNothing();
  const [row] = await queryRows<RawLedgerRow>(
    tx,
    sql`with account as (
          update points_accounts set balance = balance + ${w.amount}, updated_at = ${w.now}
          where tenant_id = ${w.tenantId} and campaign_id = ${w.campaignId} and participant_id = ${w.participantId}
            and balance + ${w.amount} >= 0
          returning balance)
        insert into points_ledger (tenant_id, campaign_id, participant_id, kind, amount, balance_after, reason,
          redeem_code, order_id, expires_at, idempotency_key, created_by, created_at)
        select ${w.tenantId}, ${w.campaignId}, ${w.participantId}, ${w.kind}, ${w.amount}, account.balance,
          ${w.reason ?? null}, ${w.redeemCode ?? null}, ${w.orderId ?? null}, ${w.expiresAt ?? null},
          ${w.idempotencyKey ?? null}, ${w.createdBy ?? null}, ${w.now}
        from account
        returning *`,
  );
  return row ? fromRaw(row) : null;
}

/**
 * A participation's credit (`credit_participation_points`, migration 0032): `points` (none: nothing
 * written) as a `purchase` entry under the participation's Idempotency-Key. Answers the balance after.
 */
export async function creditParticipationPoints(
  tx: Tx,
  c: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    points: number;
    expiresAt: Date | null;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`select credit_participation_points(${c.tenantId}, ${c.campaignId}, ${c.participantId}, ${c.points},
          ${c.expiresAt?.toISOString() ?? null}, ${c.idempotencyKey}, ${c.now.toISOString()}) as balance`,
  );
  return Number(row?.balance ?? 0);
}

/** A person's balance in a campaign, or null when they have no account there. */
export async function balanceOf(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  participantId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ balance: pointsAccounts.balance })
    .from(pointsAccounts)
    .where(
      and(
        eq(pointsAccounts.tenantId, tenantId),
        eq(pointsAccounts.campaignId, campaignId),
        eq(pointsAccounts.participantId, participantId),
      ),
    );
  return row ? row.balance : null;
}

/** A person's entries, newest first (optionally of one campaign). */
export async function ledgerPage(
  tx: Tx,
  filter: { tenantId: string; participantId: string; campaignId?: string | undefined },
  page: number,
  pageSize: number,
): Promise<{ items: LedgerRow[]; total: number }> {
  const where = and(
    eq(pointsLedger.tenantId, filter.tenantId),
    eq(pointsLedger.participantId, filter.participantId),
    filter.campaignId ? eq(pointsLedger.campaignId, filter.campaignId) : undefined,
  );
  const [items, [counted]] = await oneByOne(
    () =>
      tx
        .select()
        .from(pointsLedger)
        .where(where)
        .orderBy(desc(pointsLedger.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () => tx.select({ n: count() }).from(pointsLedger).where(where),
  );
  return { items, total: Number(counted?.n ?? 0) };
}

/**
 * What expires now in one account: credits whose date has passed, less everything already taken
 * out (spent, adjusted down, expired) — points are spent oldest first — and never more than the
 * balance. Answers 0 when nothing is due.
 */
export async function dueExpiry(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  participantId: string,
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ due: number }>(
    tx,
    sql`select greatest(0, least(a.balance,
               coalesce(sum(l.amount) filter (where l.amount > 0 and l.expires_at <= ${now}), 0)
               + coalesce(sum(l.amount) filter (where l.amount < 0), 0)))::int as due
        from points_accounts a
        left join points_ledger l on l.tenant_id = a.tenant_id and l.campaign_id = a.campaign_id and l.participant_id = a.participant_id
        where a.tenant_id = ${tenantId} and a.campaign_id = ${campaignId} and a.participant_id = ${participantId}
        group by a.balance`,
  );
  return Number(row?.due ?? 0);
}
