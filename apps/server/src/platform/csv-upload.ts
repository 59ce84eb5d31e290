import type { Locale } from '@promo/contract';
import { csvRecords } from './uploads/csv-records.ts';
import { Refusals, type RowError } from './uploads/refusals.ts';
import type { SpooledUpload } from './uploads/spool.ts';

export type { RowError } from './uploads/refusals.ts';

/**
 * Reads an uploaded CSV (see `csvRecords`) and sorts its rows: `check` answers a row's errors, or
 * none to take it. For the small kinds of upload (people, centres, blacklist), whose accepted rows
 * are held in memory; code uploads stream through `importStagedCodes` instead.
 */
export async function readCsvUpload<T extends Record<string, string>>(
  upload: SpooledUpload,
  options: {
    columns: readonly string[];
    required: readonly string[];
    locale: Locale;
    check: (row: T, line: number) => RowError[];
  },
): Promise<{ total: number; accepted: Array<{ line: number; row: T }>; refusals: Refusals }> {
  const refusals = new Refusals(options.locale);
  const accepted: Array<{ line: number; row: T }> = [];
  let total = 0;
  for await (const { line, row } of csvRecords(upload, options)) {
    total += 1;
    const errors = options.check(row as T, line);
    if (errors.length === 0) accepted.push({ line, row: row as T });
    else refusals.add(line, errors);
  }
  return { total, accepted, refusals };
}

/** A check that refuses a value seen on an earlier line, naming that line. */
export function uniqueOn(field: string) {
  const seen = new Map<string, number>();
  return (value: string, line: number): RowError[] => {
    if (!value) return [];
    const earlier = seen.get(value);
    if (earlier) return [{ field, code: 'DUPLICATE_IN_FILE', params: { line: earlier } }];
    seen.set(value, line);
    return [];
  };
}
