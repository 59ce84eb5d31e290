import { AppError } from '../errors.ts';

export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

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
/** Control characters no CSV holds: C0 but tab and line ends, and DEL (as the byte check below). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** The first bytes kept to tell a format by (magic numbers, byte order marks, UTF-16 without one). */
const HEAD_BYTES = 64;

export function notText(): AppError {
  return new AppError('UPLOAD_NOT_TEXT', [{ path: 'file', code: 'UPLOAD_NOT_TEXT' }]);
}

function utf16WithoutBom(): AppError {
  return new AppError('UPLOAD_UTF16_WITHOUT_BOM', [{ path: 'file', code: 'UPLOAD_UTF16_WITHOUT_BOM' }]);
}

/** The UTF-16 a byte order mark at the start announces (what Excel's "Unicode text" writes), if any. */
function utf16ByBom(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * Whether the first bytes read as UTF-16 without a byte order mark: text whose characters are
 * mostly ASCII (a CSV's header always is) then has a NUL in the same half of most byte pairs.
 */
function looksLikeUtf16(head: Buffer): boolean {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 2) return false;
  let nulFirst = 0;
  let nulSecond = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0 && head[i + 1] !== 0) nulFirst++;
    if (head[i] !== 0 && head[i + 1] === 0) nulSecond++;
  }
  return Math.max(nulFirst, nulSecond) >= pairs * 0.75;
}

/**
 * Decides, chunk by chunk, whether a file is text and in which encoding: UTF-16 (little or big
 * endian) when it starts with that byte order mark; else UTF-8 when every byte sequence is valid
 * UTF-8 (a BOM or none), else Windows-1252 (what Spanish Excel saves as "CSV"). Control
 * characters (NUL included), the magic numbers of binary formats, and bytes or sequences the
 * encoding cannot hold make it "not text"; UTF-16 without a byte order mark (NUL in every other
 * byte) is refused with its own message, which asks for UTF-8.
 */
export class TextCheck {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private utf16: { encoding: 'utf-16le' | 'utf-16be'; decoder: TextDecoder } | null = null;
  private isUtf8 = true;
  private has1252Gaps = false;
  private head = Buffer.alloc(0);
  private decided = false;
  /** What arrived before there were two bytes to tell a byte order mark by (one byte at most). */
  private pending = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.decided) {
      this.check(chunk);
      return;
    }
    const received = Buffer.concat([this.pending, chunk]);
    if (received.length < 2) {
      this.pending = received;
      return;
    }
    this.decide();
    this.check(received);
  }

  private decide(): void {
    this.decided = true;
    const encoding = utf16ByBom(this.head);
    if (encoding) this.utf16 = { encoding, decoder: new TextDecoder(encoding, { fatal: true }) };
  }

  private check(chunk: Buffer): void {
    const utf16 = this.utf16;
    if (utf16) {
      this.checkUtf16(() => utf16.decoder.decode(chunk, { stream: true }));
      return;
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) {
        throw byte === 0 && looksLikeUtf16(this.head) ? utf16WithoutBom() : notText();
      }
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

  /** UTF-16 text, decoded: a sequence it cannot hold (a lone surrogate, an odd byte) or a control character is not text. */
  private checkUtf16(decode: () => string): void {
    let text: string;
    try {
      text = decode();
    } catch {
      throw notText();
    }
    if (CONTROL_CHARACTER.test(text)) throw notText();
  }

  /** The encoding, once the whole file was pushed; throws UPLOAD_NOT_TEXT. */
  finish(): TextEncoding {
    if (!this.decided) {
      this.decide();
      this.check(this.pending);
    }
    const head = this.head;
    if (MAGIC_NUMBERS.some((magic) => magic.every((byte, i) => head[i] === byte))) throw notText();
    const utf16 = this.utf16;
    if (utf16) {
      this.checkUtf16(() => utf16.decoder.decode());
      return utf16.encoding;
    }
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
