import {
  type ErrorCode,
  errorMessage,
  type Locale,
  UPLOAD_REPORT_MAX_ROWS,
  type UploadReport,
} from '@promo/contract';
import { AppError } from '../errors.ts';

export type RowError = { field: string; code: ErrorCode; params?: Record<string, string | number> };
export type RefusedRow = UploadReport['refused'][number];

/**
 * The refused rows of one upload: every one counted, the first UPLOAD_REPORT_MAX_ROWS (by line)
 * kept with their reasons, so that a file of millions of bad rows does not fill the memory.
 */
export class Refusals {
  private rows: Array<{ row: number; errors: RowError[] }> = [];
  private sorted = true;
  count = 0;

  constructor(private readonly locale: Locale) {}

  add(row: number, errors: RowError[]): void {
    this.count += 1;
    const last = this.rows.at(-1);
    if (last && last.row > row) this.sorted = false;
    this.rows.push({ row, errors });
    if (this.rows.length > UPLOAD_REPORT_MAX_ROWS * 2) this.trim();
  }

  /** Rows refused beyond those added one by one (counted, never listed). */
  addUnlisted(count: number): void {
    this.count += count;
  }

  private trim(): void {
    if (!this.sorted) this.rows.sort((a, b) => a.row - b.row);
    this.sorted = true;
    this.rows.length = Math.min(this.rows.length, UPLOAD_REPORT_MAX_ROWS);
  }

  /** The listed rows, in line order, with their messages in the caller's language. */
  list(): RefusedRow[] {
    return this.ordered().map(({ row, errors }) => ({
      row,
      errors: errors.map((e) => ({
        field: e.field,
        code: e.code,
        message: errorMessage(e.code, this.locale, e.params),
      })),
    }));
  }

  /** The report's refused part: `refused` (listed) and `refusedTotal`. */
  report(): Pick<UploadReport, 'refused' | 'refusedTotal'> {
    return { refused: this.list(), refusedTotal: this.count };
  }

  /**
   * All or nothing: unless the caller chose to import only the valid rows, any refused row
   * refuses the whole file (thrown inside the import's transaction, it rolls everything back).
   * The error names each listed row: `details` path `file.line.N.field`, after one summary
   * detail at `file` with `{ total, refused }`.
   */
  settle(total: number, onlyValid: boolean): void {
    if (this.count === 0 || onlyValid) return;
    throw new AppError('UPLOAD_ROWS_REFUSED', [
      { path: 'file', code: 'UPLOAD_ROWS_REFUSED', params: { total, refused: this.count } },
      ...this.ordered().flatMap(({ row, errors }) =>
        errors.map((e) => ({
          path: e.field ? `file.line.${row}.${e.field}` : `file.line.${row}`,
          code: e.code,
          ...(e.params ? { params: e.params } : {}),
        })),
      ),
    ]);
  }

  private ordered(): Array<{ row: number; errors: RowError[] }> {
    this.trim();
    return this.rows;
  }
}
