import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { signInAttempts } from '../../db/schema.ts';

/**
 * The account's attempts as the sign-in gate reads them: this address's lock, if any, and the
 * failures of every address since the window's start.
 */
export async function findSignInAttempts(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
  windowStart: Date,
): Promise<{ lockedUntil: string | null; failures: number } | undefined> {
  const [row] = await tx
    .select({
      lockedUntil: sql<
        string | null
      >`max(${signInAttempts.lockedUntil}) filter (where ${signInAttempts.address} = ${address})`,
      failures: sql<number>`coalesce(sum(${signInAttempts.failures}) filter (where ${signInAttempts.firstFailureAt} >= ${windowStart}), 0)::int`,
    })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.tenantId, tenantId), eq(signInAttempts.accountKey, account)));
  return row;
}

/**
 * Counts one failure of the address on the account in one statement (exact under concurrency):
 * failures older than `windowStart` start a new run; reaching `maxFailures` locks the address out
 * until `lockUntil`. The account's stale rows (run over, lock over) are removed on the way.
 */
export async function countSignInFailure(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
  at: { now: Date; windowStart: Date; lockUntil: Date; maxFailures: number },
): Promise<void> {
  const { now, windowStart, lockUntil, maxFailures } = at;
  await tx.execute(sql`
    delete from sign_in_attempts
    where tenant_id = ${tenantId} and account_key = ${account} and address <> ${address}
      and first_failure_at < ${windowStart} and (locked_until is null or locked_until <= ${now})`);
  await tx.execute(sql`
    insert into sign_in_attempts as a (tenant_id, account_key, address, failures, first_failure_at, locked_until)
    values (${tenantId}, ${account}, ${address}, 1, ${now}, ${maxFailures <= 1 ? lockUntil : null})
    on conflict (tenant_id, account_key, address) do update set
      failures = case when a.first_failure_at < ${windowStart} then 1 else a.failures + 1 end,
      first_failure_at = case when a.first_failure_at < ${windowStart} then ${now} else a.first_failure_at end,
      locked_until = case
        when a.first_failure_at >= ${windowStart} and a.failures + 1 >= ${maxFailures}
        then ${lockUntil}::timestamptz else a.locked_until end`);
}

/** Removes the address's run on the account. */
export async function deleteSignInAttempts(
  tx: Tx,
  tenantId: string,
  account: string,
  address: string,
): Promise<void> {
  await tx
    .delete(signInAttempts)
    .where(
      and(
        eq(signInAttempts.tenantId, tenantId),
        eq(signInAttempts.accountKey, account),
        eq(signInAttempts.address, address),
      ),
    );
}
