import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { queryOne, type Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type Stored<T> = { status: number; body: T; replayed: boolean };

export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * What idempotent work answers. `last`, when given, runs after the answer is stored, as the
 * transaction's last statement: the place for an update of a row many requests wait on (a
 * product's stock), so that its lock is held only until the commit right after it. If it throws,
 * the whole transaction (the stored answer too) rolls back.
 */
export type Work<T> = { status: number; body: T; last?: () => Promise<void> };

/**
 * Runs `work` once per (tenant, key) inside the caller's transaction and stores its answer; a
 * retry with the same key gets the stored answer. A concurrent retry waits on the key's row until
 * the first transaction ends. The same key with another request is refused. The key is claimed by
 * `claim_idempotency_key`, as the one-call SQL paths claim theirs; a refusal of `work` rolls the
 * claim back with the transaction (the SQL paths delete it).
 */
export async function idempotent<T>(
  tx: Tx,
  tenantId: string,
  key: string | undefined,
  hash: string,
  work: () => Promise<Work<T>>,
): Promise<Stored<T>> {
  if (!key) {
    const { last, ...result } = await work();
    await last?.();
    return { ...result, replayed: false };
  }
  // the claim is the SQL function the one-call paths make too: one home for the rule
  const claim = await queryOne<{
    outcome: 'claimed' | 'replayed' | 'key_reused';
    status: number | null;
    body: T;
  }>(tx, sql`select * from claim_idempotency_key(${tenantId}, ${key}, ${hash})`, 'claim_idempotency_key');
  if (claim.outcome === 'key_reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (claim.outcome === 'replayed') return { status: claim.status ?? 200, body: claim.body, replayed: true };
  const { last, ...result } = await work();
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: result.status, responseBody: result.body })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  await last?.();
  return { ...result, replayed: false };
}
