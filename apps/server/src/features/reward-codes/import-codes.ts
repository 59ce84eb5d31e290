import { randomUUID } from 'node:crypto';
import { errorMessage, type UploadReport } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { uniqueOn } from '../../platform/csv-upload.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { rewardCodeCampaign } from './reward-code-campaign.ts';
import { insertCodes, stagedCodeStatements } from './reward-codes.repository.ts';

/** Codes inserted per statement, when generating or importing. */
export const BATCH = 10_000;
const UPLOADED_CODE = /^[A-Z0-9]{4,64}$/;

/**
 * Imports existing codes into a campaign, in one transaction: malformed codes and repeats in the
 * file are refused by line; codes that already exist in the tenant are refused after the insert
 * (the database decides). The report names every refused line.
 */
export async function importCodes(
  ctx: Ctx,
  campaignId: string,
  rows: Array<{ code: string }>,
  lines?: number[],
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  const firstSeen = uniqueOn('code');
  const report: UploadReport = { total: rows.length, created: 0, updated: 0, refused: [] };
  const valid: Array<{ line: number; code: string }> = [];
  rows.forEach((row, index) => {
    const line = lines?.[index] ?? index + 2;
    const code = row.code.toUpperCase().replace(/[\s-]/g, '');
    const errors = UPLOADED_CODE.test(code)
      ? firstSeen(code, line)
      : [{ field: 'code', code: 'FIELD_INVALID' as const }];
    if (errors.length > 0) {
      report.refused.push({
        row: line,
        errors: errors.map((e) => ({
          field: e.field,
          code: e.code,
          message: errorMessage(e.code, ctx.locale, e.params),
        })),
      });
    } else valid.push({ line, code });
  });
  await inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, campaignId);
    const batchId = randomUUID();
    const taken = new Set<string>();
    for (let i = 0; i < valid.length; i += BATCH) {
      for (const code of await insertCodes(
        tx,
        tenantId,
        campaignId,
        batchId,
        valid.slice(i, i + BATCH).map((v) => v.code),
      ))
        taken.add(code);
    }
    for (const { line, code } of valid) {
      if (!taken.has(code))
        report.refused.push({
          row: line,
          errors: [{ field: 'code', code: 'CODE_EXISTS', message: errorMessage('CODE_EXISTS', ctx.locale) }],
        });
    }
    report.created = taken.size;
    await audit(tx, ctx, {
      tenantId,
      action: 'codes.import',
      entityType: 'campaign',
      entityId: campaignId,
      details: { total: rows.length, created: taken.size },
    });
  });
  report.refused.sort((a, b) => a.row - b.row);
  return report;
}

/**
 * CSV upload of existing codes (column `code`) with the per-line report, streamed through a
 * staging table (2,000,000 codes fit in bounded memory). All or nothing unless `onlyValid`.
 */
export async function uploadCodes(
  ctx: Ctx,
  campaignId: string,
  upload: SpooledUpload,
  options: UploadOptions,
): Promise<UploadReport> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, campaignId);
    const batchId = randomUUID();
    return importCodeFile(tx, ctx, upload, {
      ...options,
      columns: ['code'],
      toCode: (row) => {
        const code = row.code.toUpperCase().replace(/[\s-]/g, '');
        return UPLOADED_CODE.test(code) ? { code } : [{ field: 'code', code: 'FIELD_INVALID' }];
      },
      ...stagedCodeStatements(tenantId, campaignId, batchId),
      audit: {
        tenantId,
        action: 'codes.import',
        entityType: 'campaign',
        entityId: campaignId,
      },
    });
  });
}
