import type { UploadReport } from '@promo/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type AuditEntry, audit } from '../audit.ts';
import type { Ctx } from '../context.ts';
import type { UploadOptions } from '../http/uploads.ts';
import { csvRecords } from './csv-records.ts';
import { Refusals, type RowError } from './refusals.ts';
import type { SpooledUpload } from './spool.ts';
import { importStagedCodes, type StagedCode } from './staged-codes.ts';

/**
 * One uploaded file of codes imported inside the caller's transaction, as every code kind does
 * it: rows read and checked (`toCode`), staged, refused where repeated or `existing`, then all or
 * nothing (or only the valid rows when asked), audited with the counts. Answers the report.
 */
export async function importCodeFile<C extends string>(
  tx: Tx,
  ctx: Ctx,
  upload: SpooledUpload,
  options: UploadOptions & {
    columns: readonly C[];
    toCode: (row: Record<C, string>) => StagedCode | RowError[];
    /** A condition on the staged code `s.code`: it exists already. */
    existing: SQL;
    /** `insert into … select … from upload_codes s where ${notRefused}`, answering `count(*) as n`. */
    insert: SQL;
    audit: Omit<AuditEntry, 'details'>;
  },
): Promise<UploadReport> {
  const refusals = new Refusals(ctx.locale);
  const { total, created } = await importStagedCodes(tx, {
    records: csvRecords(upload, { columns: options.columns, required: ['code' as C] }),
    toCode: options.toCode,
    refusals,
    existing: options.existing,
    insert: options.insert,
  });
  refusals.settle(total, options.onlyValid);
  await audit(tx, ctx, { ...options.audit, details: { total, created, refused: refusals.count } });
  return { total, created, updated: 0, ...refusals.report() };
}
