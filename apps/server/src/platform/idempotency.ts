import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
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
 * the first transaction ends. The same key with another request is refused.
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
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
    if (!row || row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { status: row.responseStatus ?? 200, body: row.responseBody as T, replayed: true };
  }
  const { last, ...result } = await work();
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: result.status, responseBody: result.body })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  await last?.();
  return { ...result, replayed: false };
}
