import type { Readable } from 'node:stream';
import type {
  CreateRedeemCodeBatch,
  Page,
  RedeemCodeBatch,
  RedeemCodeUploadFields,
  UploadReport,
} from '@promo/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { redeemCodeBatches } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { csvStream } from '../../platform/csv.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { notRefused } from '../../platform/uploads/staged-codes.ts';
import { xlsxStream } from '../../platform/xlsx.ts';
import { codeLength, generateCodes } from '../reward-codes/index.ts';
import { pointsCampaign } from './points.service.ts';

const UPLOADED_CODE = /^[A-Z0-9]{4,64}$/;
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

async function batchRows(
  tx: Tx,
  tenantId: string,
  f: { id?: string; campaignId?: string | undefined },
  page = 1,
  pageSize = 1,
) {
  return queryRows<BatchRow>(
    tx,
    sql`select b.id, b.campaign_id, b.name, b.points, b.product_id, p.name as product_name, b.source, b.created_at,
          (select count(*)::int from redeem_codes r where r.tenant_id = b.tenant_id and r.batch_id = b.id) as codes,
          (select count(*)::int from redeem_codes r where r.tenant_id = b.tenant_id and r.batch_id = b.id and r.status = 'used') as used
        from redeem_code_batches b
        left join products p on p.tenant_id = b.tenant_id and p.id = b.product_id
        where b.tenant_id = ${tenantId}
          ${f.id ? sql`and b.id = ${f.id}` : sql``}
          ${f.campaignId ? sql`and b.campaign_id = ${f.campaignId}` : sql``}
        order by b.created_at desc, b.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
}

async function findBatch(tx: Tx, tenantId: string, id: string): Promise<RedeemCodeBatch> {
  const [row] = await batchRows(tx, tenantId, { id });
  if (!row) throw new AppError('NOT_FOUND');
  return toBatch(row);
}

async function insertCodes(
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

/** A new batch row, after checking the campaign and the product a batch's codes are worth. */
async function newBatch(
  tx: Tx,
  ctx: Ctx,
  input: {
    campaignId: string;
    name?: string | undefined;
    points?: number | undefined;
    productId?: string | undefined;
  },
  source: 'generated' | 'uploaded',
): Promise<string> {
  const actor = actorOf(ctx);
  await pointsCampaign(tx, actor.tenantId, input.campaignId);
  if (input.productId) {
    const [product] = await queryRows<{ id: string }>(
      tx,
      sql`select id from products where tenant_id = ${actor.tenantId} and id = ${input.productId}`,
    );
    if (!product) throw fieldError('productId', 'FIELD_INVALID');
  }
  const [row] = await tx
    .insert(redeemCodeBatches)
    .values({
      tenantId: actor.tenantId,
      campaignId: input.campaignId,
      name: input.name ?? null,
      points: input.points ?? null,
      productId: input.productId ?? null,
      source,
      createdBy: actor.userId,
    })
    .returning({ id: redeemCodeBatches.id });
  if (!row) throw new Error('batch insert returned no row');
  return row.id;
}

/** Generates a batch of codes (crypto source, 2^60 beyond the batch) worth points or a product. */
export async function createBatch(ctx: Ctx, input: CreateRedeemCodeBatch) {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const batchId = await newBatch(tx, ctx, input, 'generated');
    const length = codeLength(input.count);
    let generated = 0;
    while (generated < input.count) {
      const codes = generateCodes(input.count - generated, length, input.prefix ?? '');
      generated += (await insertCodes(tx, tenantId, input.campaignId, batchId, codes)).size;
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'redeem_codes.generate',
      entityType: 'redeem-code-batch',
      entityId: batchId,
      details: { count: generated },
    });
    return { batch: await findBatch(tx, tenantId, batchId), length };
  });
}

/**
 * A CSV of existing codes (column `code`) as a new batch, with the per-line report, streamed
 * through a staging table. All or nothing unless `onlyValid`.
 */
export async function uploadBatch(
  ctx: Ctx,
  fields: RedeemCodeUploadFields,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<{ batch: RedeemCodeBatch; report: UploadReport }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const batchId = await newBatch(tx, ctx, fields, 'uploaded');
    const report = await importCodeFile(tx, ctx, upload, {
      ...options,
      columns: ['code'],
      toCode: (row) => {
        const code = row.code.toUpperCase().replace(/[\s-]/g, '');
        return UPLOADED_CODE.test(code) ? { code } : [{ field: 'code', code: 'FIELD_INVALID' }];
      },
      existing: sql`exists (select 1 from redeem_codes t where t.tenant_id = ${tenantId} and t.code = s.code)`,
      insert: sql`with inserted as (
          insert into redeem_codes (tenant_id, code, batch_id, campaign_id)
          select ${tenantId}, s.code, ${batchId}, ${fields.campaignId} from upload_codes s where ${notRefused}
          on conflict do nothing returning 1)
        select count(*)::int as n from inserted`,
      audit: {
        tenantId,
        action: 'redeem_codes.upload',
        entityType: 'redeem-code-batch',
        entityId: batchId,
      },
    });
    return { batch: await findBatch(tx, tenantId, batchId), report };
  });
}

export async function listBatches(
  ctx: Ctx,
  query: { campaignId?: string | undefined; page: number; pageSize: number },
): Promise<Page<RedeemCodeBatch>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const rows = await batchRows(tx, tenantId, query, query.page, query.pageSize);
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from redeem_code_batches where tenant_id = ${tenantId}
          ${query.campaignId ? sql`and campaign_id = ${query.campaignId}` : sql``}`,
    );
    return {
      items: rows.map(toBatch),
      total: Number(counted?.n ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getBatch(ctx: Ctx, id: string): Promise<RedeemCodeBatch> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, (tx) => findBatch(tx, tenantId, id));
}

/** A batch's codes for printing (CSV or XLSX), streamed in pages of 5,000; audited. */
export async function exportBatchCodes(ctx: Ctx, id: string, format: 'csv' | 'xlsx'): Promise<Readable> {
  const { tenantId } = actorOf(ctx);
  await inTenant(ctx, async (tx) => {
    await findBatch(tx, tenantId, id);
    await audit(tx, ctx, {
      tenantId,
      action: 'redeem_codes.export',
      entityType: 'redeem-code-batch',
      entityId: id,
    });
  });
  async function* batches() {
    let after = '';
    for (;;) {
      const rows = await inTenant(ctx, (tx) =>
        queryRows<{ code: string; status: string; used_at: Date | null }>(
          tx,
          sql`select code, status, used_at from redeem_codes where tenant_id = ${tenantId} and batch_id = ${id}
              and code > ${after} order by code limit 5000`,
        ),
      );
      const last = rows[rows.length - 1];
      if (!last) return;
      after = last.code;
      yield rows.map((r) => [r.code, r.status, r.used_at ? new Date(r.used_at).toISOString() : null]);
    }
  }
  const header = ['code', 'status', 'used_at'];
  return format === 'xlsx' ? xlsxStream('Códigos', header, batches()) : csvStream(header, batches());
}

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
  const [row] = await queryRows<{ code: string; points: number | null; product_id: string | null }>(
    tx,
    sql`with used as (
          update redeem_codes set status = 'used', participant_id = ${values.participantId}, used_at = ${values.now}
          where tenant_id = ${values.tenantId} and code = ${values.code} and campaign_id = ${values.campaignId}
            and status = 'available'
          returning code, batch_id)
        select used.code, b.points, b.product_id from used
        join redeem_code_batches b on b.tenant_id = ${values.tenantId} and b.id = used.batch_id`,
  );
  if (row) return { code: row.code, points: row.points, productId: row.product_id };
  const [existing] = await queryRows<{ status: string }>(
    tx,
    sql`select status from redeem_codes where tenant_id = ${values.tenantId} and code = ${values.code}
        and campaign_id = ${values.campaignId}`,
  );
  if (existing) throw new AppError('REDEEM_CODE_USED', [{ path: 'code', code: 'REDEEM_CODE_USED' }]);
  throw new AppError('INVALID_PRIZE_CODE', [{ path: 'code', code: 'INVALID_PRIZE_CODE' }]);
}
