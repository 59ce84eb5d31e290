import { AppError } from '../errors.ts';

export type TextEncoding = 'utf-8' | 'windows-1252';

/** First bytes of formats people upload by mistake instead of their CSV export. */
const MAGIC_NUMBERS: readonly number[][] = [
  [0x50, 0x4b, 0x03, 0x04], // zip, xlsx, docx, ods
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0xd0, 0xcf, 0x11, 0xe0], // xls, doc (OLE)
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x52, 0x49, 0x46, 0x46], // RIFF (webp, wav, avi)
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x61, 0x72, 0x21], // Rar!
];
/** Bytes Windows-1252 leaves undefined: a file that has them is not 1252 text either. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

export function notText(): AppError {
  return new AppError('UPLOAD_NOT_TEXT', [{ path: 'file', code: 'UPLOAD_NOT_TEXT' }]);
}

/**
 * Decides, chunk by chunk, whether a file is text and in which encoding: UTF-8 when every byte
 * sequence is valid UTF-8 (a BOM or none), else Windows-1252 (what Spanish Excel saves as "CSV").
 * NUL and other control characters, the magic numbers of binary formats, and bytes neither
 * encoding can hold make it "not text".
 */
export class TextCheck {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private isUtf8 = true;
  private has1252Gaps = false;
  private head: number[] = [];

  push(chunk: Buffer): void {
    if (this.head.length < 8) this.head.push(...chunk.subarray(0, 8 - this.head.length));
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) throw notText();
      if (UNDEFINED_IN_1252.has(byte)) this.has1252Gaps = true;
    }
    if (this.isUtf8) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.isUtf8 = false;
      }
    }
  }

  /** The encoding, once the whole file was pushed; throws UPLOAD_NOT_TEXT. */
  finish(): TextEncoding {
    const head = this.head;
    if (MAGIC_NUMBERS.some((magic) => magic.every((byte, i) => head[i] === byte))) throw notText();
    if (this.isUtf8) {
      try {
        this.utf8.decode();
        return 'utf-8';
      } catch {
        this.isUtf8 = false;
      }
    }
    if (this.has1252Gaps) throw notText();
    return 'windows-1252';
  }
}
