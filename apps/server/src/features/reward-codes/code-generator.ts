import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET } from '@promo/contract';

/** Bits of unguessability a code must carry beyond the number of live codes. */
export const SECURITY_BITS = 60;
const BITS_PER_SYMBOL = 5; // 32 symbols
export const MIN_LENGTH = 12;

/**
 * The random part's length so that a guess hits any live code with probability at most 2^-60:
 * the space (32^length = 2^(5·length)) must be at least 2^60 times the live codes, so
 * length = ceil((60 + log2(live)) / 5). 1,000 live codes: 14 symbols (70 bits); 1,000,000: 16
 * (80 bits); 10,000,000: 17 (85 bits). Never fewer than 12.
 */
export function codeLength(liveCodes: number): number {
  const needed = SECURITY_BITS + Math.log2(Math.max(1, liveCodes));
  return Math.max(MIN_LENGTH, Math.ceil(needed / BITS_PER_SYMBOL));
}

export type RandomSource = (bytes: number) => Uint8Array;
export const cryptoRandom: RandomSource = (bytes) => randomBytes(bytes);

/**
 * `count` codes of `length` random symbols after `prefix`, from a cryptographic source. With 32
 * symbols each byte's low 5 bits pick one symbol exactly: no modulo bias.
 */
export function generateCodes(
  count: number,
  length: number,
  prefix = '',
  random: RandomSource = cryptoRandom,
): string[] {
  if (count === 0) return [];
  return generateCodeLines(count, length, prefix, random).toString('latin1').slice(0, -1).split('\n');
}

const SYMBOLS = Buffer.from(CODE_ALPHABET, 'latin1');
const NEWLINE = 10;

/**
 * The same codes as lines of text (`CODE\n` each), built straight into one buffer: the form a
 * `COPY … FROM STDIN` reads, with no JavaScript string per code (10,000,000 codes are generated a
 * buffer at a time in bounded memory).
 */
export function generateCodeLines(
  count: number,
  length: number,
  prefix = '',
  random: RandomSource = cryptoRandom,
): Buffer {
  const head = Buffer.from(prefix, 'latin1');
  const width = head.length + length + 1;
  const out = Buffer.allocUnsafe(count * width);
  const bytes = random(count * length);
  for (let i = 0; i < count; i++) {
    const at = i * width;
    head.copy(out, at);
    const from = i * length;
    for (let j = 0; j < length; j++)
      out[at + head.length + j] = SYMBOLS[(bytes[from + j] as number) & 31] as number;
    out[at + width - 1] = NEWLINE;
  }
  return out;
}
