import type { DrawOptions } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { blacklistedValues } from '../blacklist/index.ts';
import { participantIdsByContact } from '../participants/index.ts';
import { previousWinners } from './raffles.repository.ts';

/**
 * The people left out of a draw's frozen list, in order: the earlier winners when the options ask
 * for it, and everyone the blacklist names now (by identity number, phone or e-mail of record, for
 * the tenant or the campaign): a person blacklisted after entering cannot win.
 */
export async function excludedFromDraw(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  options: Pick<DrawOptions, 'excludePreviousWinners'>,
): Promise<string[]> {
  const earlier = options.excludePreviousWinners ? await previousWinners(tx, tenantId, campaignId) : [];
  const listed = await blacklistedValues(tx, tenantId, campaignId);
  const blacklisted = await participantIdsByContact(tx, tenantId, listed);
  return [...new Set([...earlier, ...blacklisted])].sort();
}
