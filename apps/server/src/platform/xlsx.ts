import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An XLSX body streamed from batches of rows (exceljs' streaming writer: rows are committed and
 * dropped as they are written, so memory stays bounded). Cells are typed strings, numbers or
 * dates, never formulas, so a value such as "=1+1" is shown, not run.
 */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<unknown[][]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  void (async () => {
    try {
      sheet.addRow([...header]).commit();
      for await (const rows of batches) {
        for (const row of rows)
          sheet.addRow(row.map((v) => (v === null || v === undefined ? '' : v))).commit();
      }
      sheet.commit();
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
