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
  const bytes = random(count * length);
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let code = prefix;
    for (let j = 0; j < length; j++) code += CODE_ALPHABET[(bytes[i * length + j] as number) & 31];
    codes[i] = code;
  }
  return codes;
}
