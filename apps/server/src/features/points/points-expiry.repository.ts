import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** The accounts with a balance in campaigns with an expiry policy (of one campaign if given). */
// crosses into campaigns: accounts of campaigns with an expiry policy, selected in one statement
export async function expirableAccounts(
  tx: Tx,
  tenantId: string,
  campaignId: string | null,
): Promise<Array<{ campaign_id: string; participant_id: string }>> {
  return queryRows<{ campaign_id: string; participant_id: string }>(
    tx,
    sql`select a.campaign_id, a.participant_id from points_accounts a
        join campaigns c on c.tenant_id = a.tenant_id and c.id = a.campaign_id
        where a.tenant_id = ${tenantId} and a.balance > 0 and (c.settings ? 'pointsExpiryDays')
          ${campaignId ? sql`and a.campaign_id = ${campaignId}` : sql``}
        order by a.campaign_id, a.participant_id`,
  );
}

/** Locks one account row for the rest of the transaction. */
export async function lockAccount(
  tx: Tx,
  tenantId: string,
  account: { campaign_id: string; participant_id: string },
): Promise<void> {
  await queryRows(
    tx,
    sql`select 1 from points_accounts where tenant_id = ${tenantId} and campaign_id = ${account.campaign_id}
        and participant_id = ${account.participant_id} for update`,
  );
}
