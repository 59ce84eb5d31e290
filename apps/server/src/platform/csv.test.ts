import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csv', () => {
  it('neutralises formula injection at the start of a cell', () => {
    for (const payload of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(csvCell(payload).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('María')).toBe('María');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'c"d', 'e\nf', null, 3])).toBe('"a,b","c""d","e\nf",,3\r\n');
  });

  it('never starts a cell with a formula character, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = csvCell(text).replace(/^"/, '');
        expect(/^[=+\-@\t\r]/.test(cell)).toBe(false);
      }),
    );
  });
});
