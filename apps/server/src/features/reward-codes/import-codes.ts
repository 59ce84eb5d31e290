import { randomUUID } from 'node:crypto';
import type { ErrorDetail, UploadReport } from '@promo/contract';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { UploadOptions } from '../../platform/http/uploads.ts';
import { importCodeFile } from '../../platform/uploads/code-file-import.ts';
import type { SpooledUpload } from '../../platform/uploads/spool.ts';
import { rewardCodeCampaign } from './reward-code-campaign.ts';
import { insertCodes, stagedCodeStatements } from './reward-codes.repository.ts';

/** Codes inserted per statement, when generating or importing. */
export const BATCH = 10_000;
const UPLOADED_CODE = /^[A-Z0-9]{4,64}$/;

/** A given code as stored: in capitals, without the spaces or hyphens it may be written with. */
const asStoredCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * Creates the codes given in a request (`codes.N`), all or none: malformed codes and repeats
 * (DUPLICATE_VALUE) are refused before anything is written; codes the tenant already has are
 * found by the insert itself, and then the whole insert is rolled back. Answers how many were
 * created.
 */
export async function createGivenCodes(ctx: Ctx, campaignId: string, given: string[]): Promise<number> {
  const { tenantId } = actorOf(ctx);
  const codes = given.map(asStoredCode);
  const malformed: Array<Omit<ErrorDetail, 'message'>> = [];
  const seen = new Set<string>();
  codes.forEach((code, i) => {
    if (!UPLOADED_CODE.test(code)) malformed.push({ path: `codes.${i}`, code: 'FIELD_INVALID' });
    else if (seen.has(code)) malformed.push({ path: `codes.${i}`, code: 'DUPLICATE_VALUE' });
    seen.add(code);
  });
  if (malformed.length > 0) throw new AppError('VALIDATION_FAILED', malformed);
  return inTenant(ctx, async (tx) => {
    await rewardCodeCampaign(tx, tenantId, campaignId);
    const batchId = randomUUID();
    const taken = new Set<string>();
    for (let i = 0; i < codes.length; i += BATCH)
      for (const code of await insertCodes(tx, tenantId, campaignId, batchId, codes.slice(i, i + BATCH)))
        taken.add(code);
    const existing = codes.flatMap((code, i) =>
      taken.has(code) ? [] : [{ path: `codes.${i}`, code: 'CODE_EXISTS' as const }],
    );
    // thrown inside the transaction: the codes inserted before are rolled back with it
    if (existing.length > 0) throw new AppError('VALIDATION_FAILED', existing);
    await audit(tx, ctx, {
      tenantId,
      action: 'codes.import',
      entityType: 'campaign',
      entityId: campaignId,
      details: { total: codes.length, created: taken.size },
    });
    return taken.size;
  });
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
        const code = asStoredCode(row.code);
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
