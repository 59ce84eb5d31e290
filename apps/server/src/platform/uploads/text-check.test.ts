import { describe, expect, it } from 'vitest';
import { TextCheck } from './text-check.ts';

/** The encoding TextCheck finds when the bytes arrive `size` at a time. */
function encodingOf(bytes: Buffer, size: number): string {
  const check = new TextCheck();
  try {
    for (let i = 0; i < bytes.length; i += size) check.push(bytes.subarray(i, i + size));
    return check.finish();
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const utf16le = Buffer.from('\ufeffcedula;nombre\r\n1;Muñoz José 😀\r\n', 'utf16le');
const utf16be = Buffer.from(utf16le).swap16();

describe('TextCheck', () => {
  it('tells the encoding however the file is cut into chunks (a byte order mark split, a character split)', () => {
    for (const size of [1, 2, 3, 7, 1024]) {
      expect(encodingOf(utf16le, size), `${size}`).toBe('utf-16le');
      expect(encodingOf(utf16be, size), `${size}`).toBe('utf-16be');
      expect(encodingOf(Buffer.from('code\nAÑO\n'), size), `${size}`).toBe('utf-8');
      expect(encodingOf(Buffer.from('code\nA\u00d1O\n', 'latin1'), size), `${size}`).toBe('windows-1252');
    }
  });

  it('refuses UTF-16 that ends in half a character, and tiny files by their one byte', () => {
    expect(encodingOf(utf16le.subarray(0, utf16le.length - 1), 64)).toBe('UPLOAD_NOT_TEXT');
    expect(encodingOf(Buffer.from('a'), 1)).toBe('utf-8');
    expect(encodingOf(Buffer.from([0]), 1)).toBe('UPLOAD_NOT_TEXT');
    expect(encodingOf(Buffer.alloc(0), 1)).toBe('utf-8');
  });

  it('tells UTF-16 without a byte order mark (NUL in every other byte) from a NUL in text', () => {
    expect(encodingOf(Buffer.from('code\nAAAA1111\n', 'utf16le'), 1024)).toBe('UPLOAD_UTF16_WITHOUT_BOM');
    expect(encodingOf(Buffer.from('code\nAAAA1111\n', 'utf16le').swap16(), 5)).toBe(
      'UPLOAD_UTF16_WITHOUT_BOM',
    );
    expect(encodingOf(Buffer.from('code\nAAAA\u00001111\n'), 1024)).toBe('UPLOAD_NOT_TEXT');
  });
});
