import { describe, expect, it } from 'vitest';
import { codesFromFile } from './codes-file.ts';

describe('codes from a file', () => {
  it('reads the first column of each line, skipping the header, blanks and repeats', () => {
    const file =
      '\uFEFFCódigo,Estado\r\nABCD1234,Disponible\r\n"EFGH5678",Asignado\r\n\r\nABCD1234\r\n  IJKL9999 ;x\n';
    expect(codesFromFile(file)).toEqual(['ABCD1234', 'EFGH5678', 'IJKL9999']);
  });

  it('keeps a first line that is a code', () => {
    expect(codesFromFile('ZZZZ0000\nYYYY1111')).toEqual(['ZZZZ0000', 'YYYY1111']);
  });
});
