import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxWorkbook } from './xlsx.ts';

const BATCHES = 60;
const ROWS = 500;

/** Batches of rows as a report's keyset reads give them, counting how many were asked for. */
function counted() {
  const state = { pulled: 0 };
  async function* rows() {
    for (let b = 0; b < BATCHES; b++) {
      // each batch a query's answer: a turn of the event loop, as a database read is
      await new Promise((resolve) => setTimeout(resolve, 1));
      state.pulled += 1;
      yield Array.from({ length: ROWS }, (_, i) => [`CODE-${b}-${i}-${'x'.repeat(20)}`, b * ROWS + i]);
    }
  }
  return { state, rows: rows() };
}

const settled = async (state: { pulled: number }) => {
  let last = -1;
  while (state.pulled !== last) {
    last = state.pulled;
    await new Promise((r) => setTimeout(r, 150));
  }
};

describe('an XLSX download', () => {
  it('reads its rows only as fast as the reader takes the file, and the file holds them all', async () => {
    const { state, rows } = counted();
    const out = xlsxWorkbook([{ name: 'Canjes', columns: [{ header: 'Código' }, { header: 'N' }], rows }]);
    // nobody reads yet: the rows stop being read once the stream's buffer is full
    await settled(state);
    expect(state.pulled).toBeLessThan(BATCHES / 3);

    const chunks: Buffer[] = [];
    for await (const chunk of out) chunks.push(chunk as Buffer);
    expect(state.pulled).toBe(BATCHES);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Canjes');
    expect(sheet?.rowCount).toBe(1 + BATCHES * ROWS);
    expect(sheet?.getRow(2 + ROWS).values).toEqual([undefined, `CODE-1-0-${'x'.repeat(20)}`, ROWS]);
  });
});
