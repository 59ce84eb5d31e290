import type { Tx } from '../../db/client.ts';
import { listedValuesFor } from './blacklist.repository.ts';

/**
 * What the blacklist holds against a campaign's participants (entries for the whole tenant and
 * for the campaign), by kind, normalised as `normaliseBlacklistValue` stores them.
 */
export function blacklistedValues(
  tx: Tx,
  tenantId: string,
  campaignId: string,
): Promise<{ cedulas: string[]; phones: string[]; emails: string[] }> {
  return listedValuesFor(tx, tenantId, campaignId);
}
