import { Readable } from 'node:stream';

/**
 * One CSV cell. A value a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) is prefixed with an apostrophe, so that an export never executes anything.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A CSV body streamed from batches of rows (with a BOM so spreadsheets read UTF-8). */
export function csvStream(header: readonly string[], batches: AsyncIterable<unknown[][]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(header)}`;
      for await (const rows of batches) {
        if (rows.length > 0) yield rows.map(csvLine).join('');
      }
    })(),
  );
}

export function attachment(filename: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  };
}
