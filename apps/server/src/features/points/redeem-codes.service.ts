import type { Readable } from 'node:stream';
import type {
  CreateRedeemCodeBatch,
  Page,
  RedeemCodeBatch,
  RedeemCodeUploadFields,
  UploadReport,
} from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { type ReportColumn, reportStream } from '../../platform/report.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { tenantTimeZone } from '../countries/index.ts';
import { productExists } from '../products/index.ts';
import { codeLength, generateCodes } from '../reward-codes/index.ts';
import { pointsCampaign } from './points.service.ts';
import {
  batchCodesAfter,
  countBatches,
  findBatches,
  insertBatch,
  insertCodes,
  stagedCodeStatements,
} from './redeem-codes.repository.ts';

const UPLOADED_CODE = /^[A-Z0-9]{4,64}$/;

async function findBatch(tx: Tx, tenantId: string, id: string): Promise<RedeemCodeBatch> {
  const [batch] = await findBatches(tx, tenantId, { id });
  if (!batch) throw new AppError('NOT_FOUND');
  return batch;
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
  if (input.productId && !(await productExists(tx, actor.tenantId, input.productId)))
    throw fieldError('productId', 'FIELD_INVALID');
  return insertBatch(tx, {
    tenantId: actor.tenantId,
    campaignId: input.campaignId,
    // unnamed, a batch takes the next "Lote N" of its campaign
    name: input.name || `Lote ${(await countBatches(tx, actor.tenantId, input.campaignId)) + 1}`,
    points: input.points ?? null,
    productId: input.productId ?? null,
    source,
    createdBy: actor.userId,
  });
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
      ...stagedCodeStatements(tenantId, fields.campaignId, batchId),
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

/** Batches, newest first (of one campaign if asked). */
export async function listBatches(
  ctx: Ctx,
  query: { campaignId?: string | undefined; page: number; pageSize: number },
): Promise<Page<RedeemCodeBatch>> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const items = await findBatches(tx, tenantId, query, query.page, query.pageSize);
    const total = await countBatches(tx, tenantId, query.campaignId);
    return { items, total, page: query.page, pageSize: query.pageSize };
  });
}

export async function getBatch(ctx: Ctx, id: string): Promise<RedeemCodeBatch> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, (tx) => findBatch(tx, tenantId, id));
}

const REDEEM_CODE_STATUS_ES = { available: 'Disponible', used: 'Usado' } as const;
const BATCH_EXPORT_COLUMNS: ReportColumn[] = [
  { header: 'Código' },
  { header: 'Estado' },
  { header: 'Usado', type: 'datetime' },
];

/** A batch's codes for printing (CSV or XLSX, named for the batch), streamed in pages of 5,000; audited. */
export async function exportBatchCodes(
  ctx: Ctx,
  id: string,
  format: 'csv' | 'xlsx',
): Promise<{ name: string; stream: Readable }> {
  const { tenantId } = actorOf(ctx);
  const { batch, timeZone } = await inTenant(ctx, async (tx) => {
    const found = await findBatch(tx, tenantId, id);
    await audit(tx, ctx, {
      tenantId,
      action: 'redeem_codes.export',
      entityType: 'redeem-code-batch',
      entityId: id,
    });
    return { batch: found, timeZone: await tenantTimeZone(ctx, tx, tenantId) };
  });
  async function* batches() {
    let after = '';
    for (;;) {
      const rows = await inTenant(ctx, (tx) => batchCodesAfter(tx, tenantId, id, after));
      const last = rows[rows.length - 1];
      if (!last) return;
      after = last.code;
      yield rows.map((r) => [
        r.code,
        REDEEM_CODE_STATUS_ES[r.status],
        r.used_at ? new Date(r.used_at) : null,
      ]);
    }
  }
  return {
    name: `codigos-${batch.name ?? batch.id}`,
    stream: reportStream(format, timeZone, [
      { name: 'Códigos', columns: BATCH_EXPORT_COLUMNS, rows: batches() },
    ]),
  };
}
