import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { codeExists, markCodeUsed } from './redeem-codes.repository.ts';

export type UsedCode = { code: string; points: number | null; productId: string | null };

/**
 * Uses a redeem code of a campaign for a person, once, in the caller's transaction: one
 * conditional UPDATE (available → used) decides under any concurrency. Unknown codes (or of
 * another campaign) are 'Invalid prize code'; used ones REDEEM_CODE_USED.
 */
export async function useRedeemCode(
  tx: Tx,
  values: { tenantId: string; campaignId: string; code: string; participantId: string; now: Date },
): Promise<UsedCode> {
  const row = await markCodeUsed(tx, values);
  if (row) return { code: row.code, points: row.points, productId: row.product_id };
  if (await codeExists(tx, values))
    throw new AppError('REDEEM_CODE_USED', [{ path: 'code', code: 'REDEEM_CODE_USED' }]);
  throw new AppError('INVALID_PRIZE_CODE', [{ path: 'code', code: 'INVALID_PRIZE_CODE' }]);
}
