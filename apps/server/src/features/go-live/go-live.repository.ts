import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The counts behind a campaign's go-live checklist, read in one statement. The checklist owns no
 * table: each count is another feature's, read where it lives.
 */
// crosses into landings: published pages and their groups; crosses into reward-codes: codes still
// available; crosses into instant-awards: prizes with stock; crosses into marketplace: the
// marketplace's products
export async function goLiveCounts(tx: Tx, tenantId: string, campaignId: string) {
  const [row] = await queryRows<{
    publishedGroup: string | null;
    codes: number;
    prizes: number;
    marketplaces: number;
    products: number;
  }>(
    tx,
    sql`select
          (select g.name from landing_groups g
            where g.tenant_id = ${tenantId} and g.campaign_id = ${campaignId}
              and exists (select 1 from landings l where l.tenant_id = g.tenant_id
                            and l.id = any (g.landing_ids) and l.published_version is not null)
            order by g.created_at limit 1) as "publishedGroup",
          (select count(*)::int from reward_codes r
            where r.tenant_id = ${tenantId} and r.campaign_id = ${campaignId} and r.status = 'available') as codes,
          (select count(*)::int from instant_award_prizes p
            where p.tenant_id = ${tenantId} and p.campaign_id = ${campaignId} and p.stock > p.awarded) as prizes,
          (select count(*)::int from marketplaces m
            where m.tenant_id = ${tenantId} and m.campaign_id = ${campaignId}) as marketplaces,
          (select count(*)::int from marketplace_products mp join marketplaces m
              on m.tenant_id = mp.tenant_id and m.id = mp.marketplace_id
            where m.tenant_id = ${tenantId} and m.campaign_id = ${campaignId}) as products`,
  );
  return {
    publishedGroup: row?.publishedGroup ?? null,
    codes: Number(row?.codes ?? 0),
    prizes: Number(row?.prizes ?? 0),
    marketplaces: Number(row?.marketplaces ?? 0),
    products: Number(row?.products ?? 0),
  };
}
