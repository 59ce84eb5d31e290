import type { Readable } from 'node:stream';
import { csvStream } from './csv.ts';
import { localDateTimeText, wallClock } from './local-time.ts';
import { type XlsxSheet, xlsxWorkbook } from './xlsx.ts';

/**
 * A download in the reader's language: Spanish headers, instants in the tenant's time zone and,
 * in XLSX, typed cells (numbers as numbers, instants as date cells with a date format).
 * A `datetime` value is a Date (an instant); a `date` value is a 'YYYY-MM-DD' local day.
 */
export type ReportColumn = { header: string; type?: 'text' | 'number' | 'datetime' | 'date' };
export type ReportSheet = {
  name: string;
  columns: readonly ReportColumn[];
  rows: AsyncIterable<unknown[][]>;
};

const FORMATS = { datetime: 'dd/mm/yyyy hh:mm', date: 'dd/mm/yyyy' } as const;

/** Rows of data as one batch (small reports built in memory). */
export async function* once(rows: unknown[][]): AsyncIterable<unknown[][]> {
  yield rows;
}

function cellsFor(columns: readonly ReportColumn[], row: unknown[], typed: boolean, timeZone: string) {
  return row.map((value, i) => {
    const type = columns[i]?.type ?? 'text';
    if (value === null || value === undefined || value === '') return null;
    if (type === 'datetime' && value instanceof Date)
      return typed ? wallClock(value, timeZone) : localDateTimeText(value, timeZone);
    if (type === 'date' && typeof value === 'string' && typed) return new Date(`${value}T00:00:00Z`);
    return value;
  });
}

async function* converted(sheet: ReportSheet, typed: boolean, timeZone: string) {
  for await (const rows of sheet.rows) yield rows.map((row) => cellsFor(sheet.columns, row, typed, timeZone));
}

/**
 * The sheets as a streamed CSV or XLSX body. CSV holds the first sheet only (its data rows); an
 * XLSX holds every sheet (totals go on their own sheet, never among the data rows).
 */
export function reportStream(
  format: 'csv' | 'xlsx',
  timeZone: string,
  sheets: readonly ReportSheet[],
): Readable {
  const [first] = sheets;
  if (!first) throw new Error('a report needs a sheet');
  if (format === 'csv')
    return csvStream(
      first.columns.map((c) => c.header),
      converted(first, false, timeZone),
    );
  return xlsxWorkbook(
    sheets.map(
      (sheet): XlsxSheet => ({
        name: sheet.name,
        columns: sheet.columns.map((c) => ({
          header: c.header,
          ...(c.type === 'datetime' || c.type === 'date' ? { numFmt: FORMATS[c.type] } : {}),
        })),
        rows: converted(sheet, true, timeZone),
      }),
    ),
  );
}
