import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customerOtps } from '../../db/schema.ts';

export type OtpRow = typeof customerOtps.$inferSelect;

/**
 * Writes a one-time code whose hash is bound to its row's id: inserted with a blank hash, then the
 * hash of `id:code` (`hashOf`) set on it.
 */
export async function insertOtp(
  tx: Tx,
  otp: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    sentTo: string;
    expiresAt: Date;
    createdAt: Date;
  },
  hashOf: (id: string) => string,
): Promise<void> {
  const [row] = await tx
    .insert(customerOtps)
    .values({ ...otp, codeHash: ''.padEnd(64, '0'), attempts: 0 })
    .returning({ id: customerOtps.id });
  if (!row) throw new Error('otp insert returned no row');
  await tx
    .update(customerOtps)
    .set({ codeHash: hashOf(row.id) })
    .where(and(eq(customerOtps.tenantId, otp.tenantId), eq(customerOtps.id, row.id)));
}

/**
 * The person's latest unused, unexpired code, locked for the rest of the transaction: only the
 * latest is ever checked, so a new code ends the earlier ones.
 */
export async function lockLatestOtp(
  tx: Tx,
  who: { tenantId: string; campaignId: string; participantId: string },
  now: Date,
): Promise<OtpRow | undefined> {
  const [otp] = await tx
    .select()
    .from(customerOtps)
    .where(
      and(
        eq(customerOtps.tenantId, who.tenantId),
        eq(customerOtps.campaignId, who.campaignId),
        eq(customerOtps.participantId, who.participantId),
        isNull(customerOtps.usedAt),
        sql`${customerOtps.expiresAt} > ${now}`,
      ),
    )
    .orderBy(desc(customerOtps.createdAt))
    .limit(1)
    .for('update');
  return otp;
}

export async function updateOtp(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: { attempts: number } | { usedAt: Date },
): Promise<void> {
  await tx
    .update(customerOtps)
    .set(changes)
    .where(and(eq(customerOtps.tenantId, tenantId), eq(customerOtps.id, id)));
}
