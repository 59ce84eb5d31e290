import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

export type RedemptionFilter = {
  tenantId: string;
  from?: Date | undefined;
  to?: Date | undefined;
  centreId?: string | undefined;
  campaignId?: string | undefined;
};

function where(f: RedemptionFilter): SQL {
  return sql`r.tenant_id = ${f.tenantId}
    ${f.from ? sql`and r.redeemed_at >= ${f.from}` : sql``}
    ${f.to ? sql`and r.redeemed_at < ${f.to}` : sql``}
    ${f.centreId ? sql`and r.centre_id = ${f.centreId}` : sql``}
    ${f.campaignId ? sql`and r.campaign_id = ${f.campaignId}` : sql``}`;
}

export type RedemptionReportRow = {
  id: string;
  code: string;
  campaign_id: string;
  campaign_title: string;
  centre_id: string;
  centre_code: string;
  centre_name: string;
  operator_id: string | null;
  operator_name: string | null;
  redeemed_at: Date;
  reversed_at: Date | null;
  reversal_reason: string | null;
  /** redeemed_at in full (microsecond) precision: the keyset cursor; a Date would lose digits. */
  cursor_at: string;
};

export type RedemptionCursor = { at: string; id: string };

/** Redemptions in time order after a keyset cursor (reports and lists page this way). */
// crosses into campaigns: the redemptions report filters, sorts and pages over joined names
// crosses into centres: the redemptions report filters, sorts and pages over joined names
// crosses into users: the redemptions report shows the operator, in the same page
export async function redemptionsAfter(
  tx: Tx,
  f: RedemptionFilter,
  after: RedemptionCursor | null,
  limit: number,
  newestFirst = false,
) {
  const cursor = after
    ? newestFirst
      ? sql`and (r.redeemed_at, r.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql`and (r.redeemed_at, r.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const order = newestFirst ? sql`r.redeemed_at desc, r.id desc` : sql`r.redeemed_at, r.id`;
  // the page of redemptions is taken first, by the keyset index alone, and only its rows are
  // joined to their names: the plan then never depends on how well the planner knows the small
  // tables (unanalysed, it sorted every redemption of the tenant for each page)
  return queryRows<RedemptionReportRow>(
    tx,
    sql`select r.id, r.code, r.campaign_id, ca.title as campaign_title, r.centre_id, c.code as centre_code, c.name as centre_name,
               r.operator_id, u.name as operator_name, r.redeemed_at, r.reversed_at, r.reversal_reason,
               r.redeemed_at::text as cursor_at
        from (select * from redemptions r where ${where(f)} ${cursor} order by ${order} limit ${limit}) r
        join campaigns ca on ca.tenant_id = r.tenant_id and ca.id = r.campaign_id
        join redemption_centres c on c.tenant_id = r.tenant_id and c.id = r.centre_id
        left join users u on u.tenant_id = r.tenant_id and u.id = r.operator_id
        order by ${order}`,
  );
}

export async function countRedemptions(tx: Tx, f: RedemptionFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from redemptions r where ${where(f)}`,
  );
  return Number(row?.n ?? 0);
}

/** Standing redemptions per centre and local day (in `timeZone`). */
// crosses into centres: redemptions grouped by centre in one statement
export async function redemptionTotals(tx: Tx, f: RedemptionFilter, timeZone: string) {
  return queryRows<{ centre_code: string; centre_name: string; day: string; redemptions: number }>(
    tx,
    sql`select c.code as centre_code, c.name as centre_name, (r.redeemed_at at time zone ${timeZone})::date::text as day, count(*)::int as redemptions
        from redemptions r join redemption_centres c on c.tenant_id = r.tenant_id and c.id = r.centre_id
        where ${where(f)} and r.reversed_at is null
        group by 1, 2, 3 order by 1, 3`,
  );
}

/** Codes per campaign by state. */
// crosses into campaigns: a row for each campaign, with no codes too, in one statement
export async function codeTotals(tx: Tx, tenantId: string, campaignId?: string) {
  return queryRows<{
    campaign_id: string;
    campaign_name: string;
    generated: number;
    available: number;
    assigned: number;
    redeemed: number;
    revoked: number;
  }>(
    tx,
    sql`select ca.id as campaign_id, ca.name as campaign_name, count(rc.code)::int as generated,
               count(*) filter (where rc.status = 'available')::int as available,
               count(*) filter (where rc.status = 'assigned')::int as assigned,
               count(*) filter (where rc.status = 'redeemed')::int as redeemed,
               count(*) filter (where rc.status = 'revoked')::int as revoked
        from campaigns ca left join reward_codes rc on rc.tenant_id = ca.tenant_id and rc.campaign_id = ca.id
        where ca.tenant_id = ${tenantId} and ca.kind = 'reward_code' ${campaignId ? sql`and ca.id = ${campaignId}` : sql``}
        group by ca.id, ca.name order by ca.name`,
  );
}
