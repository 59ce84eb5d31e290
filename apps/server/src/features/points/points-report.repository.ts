import type { PointsSummary } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

type SummaryRow = {
  campaign_id: string;
  campaign_name: string;
  issued: number;
  spent: number;
  expired: number;
  adjusted_down: number;
  outstanding: number;
  people: number;
};

function toSummary(r: SummaryRow): PointsSummary {
  return {
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    issued: Number(r.issued),
    spent: Number(r.spent),
    expired: Number(r.expired),
    adjustedDown: Number(r.adjusted_down),
    outstanding: Number(r.outstanding),
    people: Number(r.people),
  };
}

/**
 * Per campaign holding points: what the ledger issued, spent, expired and adjusted down in the
 * window (`from` inclusive, `to` exclusive), and what the accounts hold now.
 */
// crosses into campaigns: a summary row for each campaign, with none moved too, in one statement
export async function pointsSummaries(
  tx: Tx,
  tenantId: string,
  f: { campaignId?: string | undefined; from: Date | null; to: Date | null },
): Promise<PointsSummary[]> {
  const rows = await queryRows<SummaryRow>(
    tx,
    sql`select c.id as campaign_id, c.name as campaign_name,
          coalesce(l.issued, 0)::int as issued, coalesce(l.spent, 0)::int as spent,
          coalesce(l.expired, 0)::int as expired, coalesce(l.adjusted_down, 0)::int as adjusted_down,
          coalesce(a.outstanding, 0)::int as outstanding, coalesce(a.people, 0)::int as people
        from campaigns c
        left join (
          select campaign_id,
            sum(amount) filter (where amount > 0) as issued,
            -sum(amount) filter (where kind = 'redemption') as spent,
            -sum(amount) filter (where kind = 'expiry') as expired,
            -sum(amount) filter (where kind = 'adjustment' and amount < 0) as adjusted_down
          from points_ledger where tenant_id = ${tenantId}
            ${f.from ? sql`and created_at >= ${f.from}` : sql``} ${f.to ? sql`and created_at < ${f.to}` : sql``}
          group by campaign_id) l on l.campaign_id = c.id
        left join (
          select campaign_id, sum(balance) as outstanding, count(*) filter (where balance > 0) as people
          from points_accounts where tenant_id = ${tenantId} group by campaign_id) a on a.campaign_id = c.id
        where c.tenant_id = ${tenantId} and c.kind in ('points', 'marketplace')
          ${f.campaignId ? sql`and c.id = ${f.campaignId}` : sql``}
        order by c.name`,
  );
  return rows.map(toSummary);
}
