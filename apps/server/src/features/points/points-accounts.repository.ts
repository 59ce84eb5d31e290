import type { PointsAccount } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { oneByOne } from '../../platform/one-by-one.ts';
import { maskIdentity } from '../../platform/privacy.ts';

type AccountRow = {
  participant_id: string;
  cedula: string | null;
  name: string | null;
  campaign_id: string;
  campaign_name: string;
  balance: number;
  updated_at: Date;
};

/** An account as the back office sees it; `mask` hides the identity number (analysts). */
export function toAccount(r: AccountRow, mask: boolean): PointsAccount {
  return {
    participantId: r.participant_id,
    cedula: mask ? maskIdentity(r.cedula) : r.cedula,
    name: r.name,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    balance: Number(r.balance),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

// crosses into participants: the accounts page filters on the identity number and shows names, paged and counted in one statement
// crosses into campaigns: the accounts page shows campaign names, paged in one statement
function accountsQuery(
  tenantId: string,
  f: { campaignId?: string | undefined; cedula?: string | undefined; participantId?: string },
) {
  return sql`from points_accounts a
    join participants p on p.tenant_id = a.tenant_id and p.id = a.participant_id
    join campaigns c on c.tenant_id = a.tenant_id and c.id = a.campaign_id
    where a.tenant_id = ${tenantId}
      ${f.campaignId ? sql`and a.campaign_id = ${f.campaignId}` : sql``}
      ${f.cedula ? sql`and p.cedula = ${f.cedula}` : sql``}
      ${f.participantId ? sql`and a.participant_id = ${f.participantId}` : sql``}`;
}

const ACCOUNT_COLUMNS = sql`select a.participant_id, p.cedula, p.name, a.campaign_id, c.name as campaign_name, a.balance, a.updated_at`;

/** Accounts, most recently moved first, and how many match. */
export async function accountsPage(
  tx: Tx,
  tenantId: string,
  query: { campaignId?: string | undefined; cedula?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const from = accountsQuery(tenantId, query);
  const [rows, [counted]] = await oneByOne(
    () =>
      queryRows<AccountRow>(
        tx,
        sql`${ACCOUNT_COLUMNS} ${from} order by a.updated_at desc, a.participant_id
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
      ),
    () => queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from}`),
  );
  return { rows, total: Number(counted?.n ?? 0) };
}

/** A person's accounts, by campaign name. */
export async function accountsOfPerson(
  tx: Tx,
  tenantId: string,
  participantId: string,
): Promise<AccountRow[]> {
  return queryRows<AccountRow>(
    tx,
    sql`${ACCOUNT_COLUMNS} ${accountsQuery(tenantId, { participantId })} order by c.name`,
  );
}
