import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/** The campaigns the home speaks of: switched on and not archived. */
const ACTIVE = sql`c.active and not c.archived`;

const at = (value: unknown): string => new Date(value as string).toISOString();
const atOrNull = (value: unknown): string | null => (value === null ? null : at(value));

// crosses into campaigns: the home is a read-only summary and owns no table; it counts active campaigns
export async function activeCampaignCount(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from campaigns c where c.tenant_id = ${tenantId} and ${ACTIVE}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Participations in active campaigns on each campaign's local today and over its last seven local
 * days; `now` is the service clock's instant, so tests and the server agree on "today".
 */
// crosses into participations: counted by local day; crosses into campaigns: only active ones;
// crosses into countries: each campaign's country gives its local today
export async function participationCounts(tx: Tx, tenantId: string, now: Date) {
  const [row] = await queryRows<{ today: number; week: number }>(
    tx,
    sql`with days as (
          select c.id, (${now.toISOString()}::timestamptz at time zone k.time_zone)::date as today
          from campaigns c join countries k on k.code = c.country_code
          where c.tenant_id = ${tenantId} and ${ACTIVE})
        select count(*) filter (where p.local_day = d.today)::int as today,
               count(*)::int as week
        from participations p join days d on d.id = p.campaign_id
        where p.tenant_id = ${tenantId} and p.local_day between d.today - 6 and d.today`,
  );
  return { today: Number(row?.today ?? 0), week: Number(row?.week ?? 0) };
}

// crosses into reward-codes: codes handed out and redeemed; crosses into campaigns: only active ones
export async function codeCounts(tx: Tx, tenantId: string) {
  const [row] = await queryRows<{ assigned: number; redeemed: number }>(
    tx,
    sql`select count(*) filter (where r.status in ('assigned', 'redeemed'))::int as assigned,
               count(*) filter (where r.status = 'redeemed')::int as redeemed
        from reward_codes r join campaigns c on c.tenant_id = r.tenant_id and c.id = r.campaign_id
        where r.tenant_id = ${tenantId} and ${ACTIVE}`,
  );
  return { assigned: Number(row?.assigned ?? 0), redeemed: Number(row?.redeemed ?? 0) };
}

// crosses into reward-codes: standing redemptions; crosses into campaigns: only active ones;
// crosses into centres: the centre's name
export async function topCentres(tx: Tx, tenantId: string, limit = 5) {
  const rows = await queryRows<{ id: string; name: string; redemptions: number }>(
    tx,
    sql`select e.id, e.name, count(*)::int as redemptions
        from redemptions r
        join campaigns c on c.tenant_id = r.tenant_id and c.id = r.campaign_id
        join redemption_centres e on e.tenant_id = r.tenant_id and e.id = r.centre_id
        where r.tenant_id = ${tenantId} and r.reversed_at is null and ${ACTIVE}
        group by e.id, e.name order by 3 desc, 2 limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, redemptions: Number(r.redemptions) }));
}

/** Points credited (codes, purchases, positive adjustments) and spent in the marketplace. */
// crosses into points: the ledger summed; crosses into campaigns: only active ones
export async function pointsTotals(tx: Tx, tenantId: string) {
  const [row] = await queryRows<{ issued: number; spent: number }>(
    tx,
    sql`select coalesce(sum(l.amount) filter (where l.amount > 0 and l.kind <> 'expiry'), 0)::bigint as issued,
               coalesce(-sum(l.amount) filter (where l.kind = 'redemption'), 0)::bigint as spent
        from points_ledger l join campaigns c on c.tenant_id = l.tenant_id and c.id = l.campaign_id
        where l.tenant_id = ${tenantId} and ${ACTIVE}`,
  );
  return { issued: Number(row?.issued ?? 0), spent: Number(row?.spent ?? 0) };
}

type CampaignRow = { id: string; name: string; title: string; kind: string; endsAt: unknown };
const campaignDue = (r: CampaignRow) => ({
  id: r.id,
  name: r.name,
  title: r.title,
  kind: r.kind,
  endsAt: at(r.endsAt),
});

// crosses into campaigns: active campaigns whose end is near
export async function campaignsEndingSoon(tx: Tx, tenantId: string, now: Date, days = 7) {
  const rows = await queryRows<CampaignRow>(
    tx,
    sql`select c.id, c.name, c.title, c.kind, c.ends_at as "endsAt" from campaigns c
        where c.tenant_id = ${tenantId} and ${ACTIVE}
          and c.ends_at > ${now.toISOString()}::timestamptz
          and c.ends_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${days})
        order by c.ends_at, c.name`,
  );
  return rows.map(campaignDue);
}

// crosses into campaigns: raffles past their end; crosses into raffles: with no draw yet
export async function rafflesAwaitingDraw(tx: Tx, tenantId: string, now: Date) {
  const rows = await queryRows<CampaignRow>(
    tx,
    sql`select c.id, c.name, c.title, c.kind, c.ends_at as "endsAt" from campaigns c
        where c.tenant_id = ${tenantId} and c.kind = 'raffle' and c.activated_at is not null and not c.archived
          and c.ends_at <= ${now.toISOString()}::timestamptz
          and not exists (select 1 from raffle_draws d where d.tenant_id = c.tenant_id and d.campaign_id = c.id)
        order by c.ends_at, c.name`,
  );
  return rows.map(campaignDue);
}

// crosses into platform: the job runner's table; the home lists the failures
export async function recentlyFailedJobs(tx: Tx, tenantId: string, now: Date, days = 7) {
  const rows = await queryRows<{ id: string; kind: string; finishedAt: unknown; error: string | null }>(
    tx,
    sql`select j.id, j.kind, j.finished_at as "finishedAt", j.error from jobs j
        where j.tenant_id = ${tenantId} and j.status = 'failed'
          and coalesce(j.finished_at, j.created_at) > ${now.toISOString()}::timestamptz - make_interval(days => ${days})
        order by j.finished_at desc nulls last limit 20`,
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, finishedAt: atOrNull(r.finishedAt), error: r.error }));
}
