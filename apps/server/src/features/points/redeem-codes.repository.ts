import type { RedeemCodeBatch } from '@promo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { redeemCodeBatches } from '../../db/schema.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';

const INSERT_BATCH = 10_000;

type BatchRow = {
  id: string;
  campaign_id: string;
  name: string | null;
  points: number | null;
  product_id: string | null;
  product_name: string | null;
  source: 'generated' | 'uploaded';
  codes: number;
  used: number;
  created_at: Date;
};

function toBatch(r: BatchRow): RedeemCodeBatch {
  return {
    id: r.id,
    campaignId: r.campaign_id,
    name: r.name,
    points: r.points === null ? null : Number(r.points),
    productId: r.product_id,
    productName: r.product_name,
    source: r.source,
    codes: Number(r.codes),
    used: Number(r.used),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Batches with their code counts, newest first (one by id, or a page of a campaign's). */
// crosses into products: the batches list shows the product name, paged in one statement
export async function findBatches(
  tx: Tx,
  tenantId: string,
  f: { id?: string; campaignId?: string | undefined },
  page = 1,
  pageSize = 1,
): Promise<RedeemCodeBatch[]> {
  const rows = await queryRows<BatchRow>(
    tx,
    // a batch made before batches had names is called by its place in the campaign ("Lote 2")
    sql`select b.id, b.campaign_id, coalesce(b.name, 'Lote ' || (select count(*) from redeem_code_batches o
            where o.tenant_id = b.tenant_id and o.campaign_id = b.campaign_id
              and (o.created_at, o.id) <= (b.created_at, b.id))) as name, b.points, b.product_id, p.name as product_name, b.source, b.created_at,
          (select count(*)::int from redeem_codes r where r.tenant_id = b.tenant_id and r.batch_id = b.id) as codes,
          (select count(*)::int from redeem_codes r where r.tenant_id = b.tenant_id and r.batch_id = b.id and r.status = 'used') as used
        from redeem_code_batches b
        left join products p on p.tenant_id = b.tenant_id and p.id = b.product_id
        where b.tenant_id = ${tenantId}
          ${f.id ? sql`and b.id = ${f.id}` : sql``}
          ${f.campaignId ? sql`and b.campaign_id = ${f.campaignId}` : sql``}
        order by b.created_at desc, b.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return rows.map(toBatch);
}

export async function countBatches(
  tx: Tx,
  tenantId: string,
  campaignId: string | undefined,
): Promise<number> {
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from redeem_code_batches where tenant_id = ${tenantId}
        ${campaignId ? sql`and campaign_id = ${campaignId}` : sql``}`,
  );
  return Number(counted?.n ?? 0);
}

export async function insertBatch(
  tx: Tx,
  values: {
    tenantId: string;
    campaignId: string;
    name: string | null;
    points: number | null;
    productId: string | null;
    source: 'generated' | 'uploaded';
    createdBy: string;
  },
): Promise<string> {
  const [row] = await tx.insert(redeemCodeBatches).values(values).returning({ id: redeemCodeBatches.id });
  if (!row) throw new Error('batch insert returned no row');
  return row.id;
}

/** Inserts codes into a batch, 10,000 per statement; answers those that were free (not taken). */
export async function insertCodes(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  batchId: string,
  codes: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += INSERT_BATCH) {
    const rows = await queryRows<{ code: string }>(
      tx,
      sql`insert into redeem_codes (tenant_id, code, batch_id, campaign_id)
          select ${tenantId}, c, ${batchId}, ${campaignId}
          from jsonb_array_elements_text(${JSON.stringify(codes.slice(i, i + INSERT_BATCH))}::jsonb) as c
          on conflict do nothing returning code`,
    );
    for (const r of rows) taken.add(r.code);
  }
  return taken;
}

/** The statements of an uploaded batch's import: which staged codes exist, and the insert. */
export function stagedCodeStatements(
  tenantId: string,
  campaignId: string,
  batchId: string,
): { existing: SQL; insert: SQL } {
  return {
    existing: sql`exists (select 1 from redeem_codes t where t.tenant_id = ${tenantId} and t.code = s.code)`,
    insert: sql`with inserted as (
        insert into redeem_codes (tenant_id, code, batch_id, campaign_id)
        select ${tenantId}, s.code, ${batchId}, ${campaignId} from upload_codes s where ${notRefused}
        on conflict do nothing returning 1)
      select count(*)::int as n from inserted`,
  };
}

/** A page of a batch's codes after `after`, in code order (keyset). */
export async function batchCodesAfter(
  tx: Tx,
  tenantId: string,
  batchId: string,
  after: string,
): Promise<Array<{ code: string; status: 'available' | 'used'; used_at: Date | null }>> {
  return queryRows<{ code: string; status: 'available' | 'used'; used_at: Date | null }>(
    tx,
    sql`select code, status, used_at from redeem_codes where tenant_id = ${tenantId} and batch_id = ${batchId}
        and code > ${after} order by code limit 5000`,
  );
}

/**
 * Marks an available code of the campaign used by the person, in one conditional UPDATE (which
 * decides under any concurrency), answering what its batch is worth; none when it was not available.
 */
export async function markCodeUsed(
  tx: Tx,
  v: { tenantId: string; campaignId: string; code: string; participantId: string; now: Date },
): Promise<{ code: string; points: number | null; product_id: string | null } | undefined> {
  const [row] = await queryRows<{ code: string; points: number | null; product_id: string | null }>(
    tx,
    sql`with used as (
          update redeem_codes set status = 'used', participant_id = ${v.participantId}, used_at = ${v.now}
          where tenant_id = ${v.tenantId} and code = ${v.code} and campaign_id = ${v.campaignId}
            and status = 'available'
          returning code, batch_id)
        select used.code, b.points, b.product_id from used
        join redeem_code_batches b on b.tenant_id = ${v.tenantId} and b.id = used.batch_id`,
  );
  return row;
}

/** Whether the campaign has this code (in any status). */
export async function codeExists(
  tx: Tx,
  v: { tenantId: string; campaignId: string; code: string },
): Promise<boolean> {
  const [existing] = await queryRows<{ status: string }>(
    tx,
    sql`select status from redeem_codes where tenant_id = ${v.tenantId} and code = ${v.code}
        and campaign_id = ${v.campaignId}`,
  );
  return Boolean(existing);
}
