import type { Readable } from 'node:stream';
import { type ErrorCode, errorMessage, type Locale } from '@promo/contract';
import { parse } from 'csv-parse';
import { AppError } from './errors.ts';

export type RowError = { field: string; code: ErrorCode; params?: Record<string, string | number> };
export type RefusedRow = { row: number; errors: Array<{ field: string; code: string; message: string }> };

/**
 * Reads an uploaded CSV row by row (header on line 1, names case-insensitive, UTF-8 with or without
 * BOM, comma separated) and sorts the rows: `check` answers a row's errors, or none to take it.
 * A file without the `required` columns, unreadable, or too large is refused as a whole.
 */
export async function readCsvUpload<T extends Record<string, string>>(
  file: Readable,
  options: {
    columns: readonly string[];
    required: readonly string[];
    locale: Locale;
    check: (row: T, line: number) => RowError[];
  },
): Promise<{ total: number; accepted: Array<{ line: number; row: T }>; refused: RefusedRow[] }> {
  const result = { total: 0, accepted: [] as Array<{ line: number; row: T }>, refused: [] as RefusedRow[] };
  const parser = file.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (result.total === 0 && options.required.some((c) => !(c in record))) {
        throw new AppError('UPLOAD_INVALID', [{ path: 'file', code: 'UPLOAD_INVALID' }]);
      }
      result.total += 1;
      const line = result.total + 1;
      const row = Object.fromEntries(options.columns.map((c) => [c, record[c] ?? ''])) as T;
      const errors = options.check(row, line);
      if (errors.length === 0) result.accepted.push({ line, row });
      else {
        result.refused.push({
          row: line,
          errors: errors.map((e) => ({
            field: e.field,
            code: e.code,
            message: errorMessage(e.code, options.locale, e.params),
          })),
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('UPLOAD_INVALID', [{ path: 'file', code: 'UPLOAD_INVALID' }]);
  }
  return result;
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

/**
 * The report of an upload whose accepted values were inserted with ON CONFLICT DO NOTHING: the
 * values the database did not take already existed and are refused line by line (CODE_EXISTS).
 */
export function insertReport(
  read: { total: number; refused: RefusedRow[] },
  accepted: Array<{ line: number; value: string }>,
  taken: ReadonlySet<string>,
  locale: Locale,
): { total: number; created: number; updated: number; refused: RefusedRow[] } {
  const refused = [...read.refused];
  for (const a of accepted) {
    if (!taken.has(a.value))
      refused.push({
        row: a.line,
        errors: [{ field: 'code', code: 'CODE_EXISTS', message: errorMessage('CODE_EXISTS', locale) }],
      });
  }
  refused.sort((a, b) => a.row - b.row);
  return { total: read.total, created: taken.size, updated: 0, refused };
}
