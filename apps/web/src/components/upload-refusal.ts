import type { UploadReport } from '@promo/contract';
import { ApiError } from '../lib/api.ts';

/** What the upload form sends besides the file. */
export type UploadChoice = { onlyValid: boolean };

/** The query of an upload: `onlyValid=true` only when chosen (the server's default is all or nothing). */
export function uploadQuery(choice: UploadChoice | undefined): { onlyValid?: true } {
  return choice?.onlyValid ? { onlyValid: true } : {};
}

/**
 * The per-row report of an all-or-nothing upload the server refused (422 UPLOAD_ROWS_REFUSED):
 * the summary detail at `file` and one detail per refused field at `file.line.N.field`. Nothing
 * was imported, so `created` and `updated` are 0. Null for any other failure.
 */
export function reportOfRefusal(error: unknown): UploadReport | null {
  if (!(error instanceof ApiError) || error.code !== 'UPLOAD_ROWS_REFUSED') return null;
  const summary = error.details.find((d) => d.path === 'file');
  const rows = new Map<number, UploadReport['refused'][number]>();
  for (const detail of error.details) {
    const match = /^file\.line\.(\d+)(?:\.(.+))?$/.exec(detail.path);
    if (!match) continue;
    const row = Number(match[1]);
    const refused = rows.get(row) ?? { row, errors: [] };
    refused.errors.push({ field: match[2] ?? '', code: detail.code, message: detail.message });
    rows.set(row, refused);
  }
  const refused = [...rows.values()].sort((a, b) => a.row - b.row);
  return {
    total: Number(summary?.params?.total ?? refused.length),
    created: 0,
    updated: 0,
    refused,
    refusedTotal: Number(summary?.params?.refused ?? refused.length),
  };
}
