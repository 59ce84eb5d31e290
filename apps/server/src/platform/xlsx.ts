import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drained } from './drained.ts';

export type XlsxSheet = {
  name: string;
  columns: readonly { header: string; numFmt?: string }[];
  rows: AsyncIterable<unknown[][]>;
};

/**
 * An XLSX body of one or more sheets, streamed from batches of rows (exceljs' streaming writer:
 * rows are committed and dropped as they are written) at the reader's pace, so memory stays
 * bounded. Cells are typed strings, numbers or dates (with the column's number format), never
 * formulas, so a value such as "=1+1" is shown, not run.
 */
export function xlsxWorkbook(sheets: readonly XlsxSheet[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  void (async () => {
    try {
      for (const { name, columns, rows } of sheets) {
        const sheet = workbook.addWorksheet(name);
        sheet.columns = columns.map((c) => ({
          header: c.header,
          width: Math.max(12, c.header.length + 2),
          ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
        }));
        for await (const batch of rows) {
          for (const row of batch)
            sheet.addRow(row.map((v) => (v === null || v === undefined ? '' : v))).commit();
          // exceljs writes without waiting for the reader: the next batch is read from the
          // database only once the reader has taken what is waiting (a slow download of millions
          // of rows would otherwise hold the whole compressed file in memory)
          if (out.writableNeedDrain) await drained(out);
          if (out.destroyed) return;
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export function xlsxAttachment(filename: string): Record<string, string> {
  return {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  };
}
