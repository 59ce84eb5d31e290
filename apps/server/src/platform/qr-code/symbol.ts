/**
 * A QR code (model 2, error correction level M) for a short text: the smallest version that holds
 * it, one segment (alphanumeric when the text is digits and capitals, UTF-8 bytes otherwise), and
 * the mask of lowest penalty, scored as the `qrcode` package scores it (`penalty.ts`), so both draw
 * the same symbol (`qr-code.test.ts`). `svg.ts` writes it as SVG.
 *
 * Ours rather than a package's because the mask choice is most of a QR code's cost and a symbol
 * is drawn in every reward code's answer: with each row and column scored as one integer, the
 * drawing takes a fifth of the package's time (decision 037). The construction follows ISO/IEC
 * 18004 as Project Nayuki's reference encoder lays it out.
 */

import { type Lines, linesOf, penaltyOfLines, penaltyOfModules } from './penalty.ts';

/** Error correction codewords per block and number of blocks, level M, by version (index 0 unused). */
const EC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
  31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];
const LEVEL_M_BITS = 0b00;
const ALPHANUMERIC_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const ALPHANUMERIC_ONLY = /^[0-9A-Z]*$/;

/** A drawn symbol: `size` × `size` modules, row by row, 1 for dark. */
export type QrMatrix = { version: number; mask: number; size: number; modules: Uint8Array };

/** Modules of a version's symbol that carry data (not finder, timing, alignment, format, version). */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function dataCodewords(version: number): number {
  return (
    Math.floor(rawDataModules(version) / 8) - (EC_PER_BLOCK[version] as number) * (BLOCKS[version] as number)
  );
}

/** Appends the `length` low bits of `value` to `bits`, most significant first. */
function push(bits: number[], value: number, length: number): void {
  for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

/** The data codewords of `text` in the smallest version that holds them. */
function encodeData(text: string): { version: number; codewords: Uint8Array } {
  const alphanumeric = ALPHANUMERIC_ONLY.test(text);
  const bytes = alphanumeric ? null : new TextEncoder().encode(text);
  const count = bytes ? bytes.length : text.length;
  const payloadBits = bytes ? bytes.length * 8 : 11 * Math.floor(count / 2) + 6 * (count % 2);
  for (let version = 1; version <= 40; version++) {
    const countBits = bytes ? (version < 10 ? 8 : 16) : version < 10 ? 9 : version < 27 ? 11 : 13;
    const capacityBits = dataCodewords(version) * 8;
    if (4 + countBits + payloadBits > capacityBits) continue;
    const bits: number[] = [];
    push(bits, bytes ? 0b0100 : 0b0010, 4);
    push(bits, count, countBits);
    if (bytes) for (const byte of bytes) push(bits, byte, 8);
    else {
      for (let i = 0; i + 1 < count; i += 2)
        push(
          bits,
          ALPHANUMERIC_CHARS.indexOf(text[i] as string) * 45 +
            ALPHANUMERIC_CHARS.indexOf(text[i + 1] as string),
          11,
        );
      if (count % 2) push(bits, ALPHANUMERIC_CHARS.indexOf(text[count - 1] as string), 6);
    }
    push(bits, 0, Math.min(4, capacityBits - bits.length));
    push(bits, 0, (8 - (bits.length % 8)) % 8);
    const codewords = new Uint8Array(capacityBits / 8);
    for (let i = 0; i < bits.length; i += 8) {
      let byte = 0;
      for (let j = 0; j < 8; j++) byte = (byte << 1) | (bits[i + j] as number);
      codewords[i / 8] = byte;
    }
    for (let i = bits.length / 8, pad = 0xec; i < codewords.length; i++, pad ^= 0xec ^ 0x11)
      codewords[i] = pad;
    return { version, codewords };
  }
  throw new RangeError('El texto no cabe en un código QR.');
}

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

const divisors = new Map<number, Uint8Array>();
/** The Reed–Solomon generator polynomial of `degree` (coefficients highest first, leading 1 dropped). */
function rsDivisor(degree: number): Uint8Array {
  let result = divisors.get(degree);
  if (result) return result;
  result = new Uint8Array(degree);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j] as number, root);
      if (j + 1 < degree) result[j] = (result[j] as number) ^ (result[j + 1] as number);
    }
    root = gfMultiply(root, 0x02);
  }
  divisors.set(degree, result);
  return result;
}

function rsRemainder(data: Uint8Array, divisor: Uint8Array): Uint8Array {
  const result = new Uint8Array(divisor.length);
  for (const byte of data) {
    const factor = byte ^ (result[0] as number);
    result.copyWithin(0, 1);
    result[result.length - 1] = 0;
    for (let i = 0; i < result.length; i++)
      result[i] = (result[i] as number) ^ gfMultiply(divisor[i] as number, factor);
  }
  return result;
}

/** The data codewords split in blocks, each with its error correction, interleaved. */
function withErrorCorrection(version: number, data: Uint8Array): Uint8Array {
  const blocks = BLOCKS[version] as number;
  const ecLength = EC_PER_BLOCK[version] as number;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const divisor = rsDivisor(ecLength);
  const split: Uint8Array[] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const dataLength = shortLength - ecLength + (i < shortBlocks ? 0 : 1);
    const part = data.subarray(k, k + dataLength);
    k += dataLength;
    // data, then error correction; a short block keeps a gap where a long block's last data codeword is
    const block = new Uint8Array(shortLength + 1);
    block.set(part);
    block.set(rsRemainder(part, divisor), shortLength + 1 - ecLength);
    split.push(block);
  }
  const result = new Uint8Array(raw);
  let n = 0;
  for (let i = 0; i <= shortLength; i++)
    for (let j = 0; j < blocks; j++)
      if (i !== shortLength - ecLength || j >= shortBlocks)
        result[n++] = (split[j] as Uint8Array)[i] as number;
  return result;
}

/** Centres of the alignment patterns on each axis. */
function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let position = version * 4 + 10; result.length < count; position -= step)
    result.splice(1, 0, position);
  return result;
}

/** The 15 format bits of level M and `mask`, BCH-coded and masked as the standard says. */
function formatBits(mask: number): number {
  const data = (LEVEL_M_BITS << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/**
 * Everything a version's symbol holds before its data: the function modules and which they are,
 * and for each mask what turns the unmasked symbol into the masked one (the mask over the data
 * modules and the mask's format bits), also as row and column integers on symbols of up to 31
 * modules a side.
 */
type Template = {
  size: number;
  modules: Uint8Array;
  isFunction: Uint8Array;
  masks: Uint8Array[];
  maskLines: Lines[] | null;
};
const templates = new Map<number, Template>();

function template(version: number): Template {
  const cached = templates.get(version);
  if (cached) return cached;
  const size = version * 4 + 17;
  const modules = new Uint8Array(size * size);
  const isFunction = new Uint8Array(size * size);
  const set = (x: number, y: number, dark: boolean) => {
    modules[y * size + x] = dark ? 1 : 0;
    isFunction[y * size + x] = 1;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, distance !== 2 && distance !== 4);
      }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) => {
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    });
  });
  // the format areas (drawn per mask) and the dark module
  for (let i = 0; i <= 8; i++) {
    if (i !== 6) {
      set(8, i, false);
      set(i, 8, false);
    }
  }
  for (let i = 0; i < 8; i++) {
    set(size - 1 - i, 8, false);
    set(8, size - 1 - i, false);
  }
  set(8, size - 8, true);
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  const masks = Array.from({ length: 8 }, (_, mask) => {
    const xor = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (!isFunction[y * size + x] && masked(mask, x, y)) xor[y * size + x] = 1;
    drawFormat(xor, size, mask);
    return xor;
  });
  const result = {
    size,
    modules,
    isFunction,
    masks,
    maskLines: size <= 31 ? masks.map((xor) => linesOf(xor, size)) : null,
  };
  templates.set(version, result);
  return result;
}

function masked(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

function drawFormat(modules: Uint8Array, size: number, mask: number): void {
  const bits = formatBits(mask);
  const bit = (i: number) => (bits >>> i) & 1;
  for (let i = 0; i <= 5; i++) modules[i * size + 8] = bit(i);
  modules[7 * size + 8] = bit(6);
  modules[8 * size + 8] = bit(7);
  modules[8 * size + 7] = bit(8);
  for (let i = 9; i < 15; i++) modules[8 * size + 14 - i] = bit(i);
  for (let i = 0; i < 8; i++) modules[8 * size + size - 1 - i] = bit(i);
  for (let i = 8; i < 15; i++) modules[(size - 15 + i) * size + 8] = bit(i);
}

/** The codewords' bits in the standard's zigzag, two columns at a time from the right. */
function drawCodewords(
  modules: Uint8Array,
  isFunction: Uint8Array,
  size: number,
  codewords: Uint8Array,
): void {
  let i = 0;
  const total = codewords.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vertical = 0; vertical < size; vertical++) {
      const y = upward ? size - 1 - vertical : vertical;
      for (let j = 0; j < 2; j++) {
        const at = y * size + right - j;
        if (isFunction[at] || i >= total) continue;
        modules[at] = ((codewords[i >>> 3] as number) >>> (7 - (i & 7))) & 1;
        i++;
      }
    }
  }
}

function withMask(unmasked: Uint8Array, xor: Uint8Array): Uint8Array {
  const result = new Uint8Array(unmasked.length);
  for (let i = 0; i < result.length; i++) result[i] = (unmasked[i] as number) ^ (xor[i] as number);
  return result;
}

/** The mask of lowest penalty (the first of equals, as the standard's order and the package). */
function bestMask(unmasked: Uint8Array, { size, masks, maskLines }: Template): number {
  let best = { mask: 0, penalty: Number.POSITIVE_INFINITY };
  const lines = maskLines && linesOf(unmasked, size);
  const candidate: Lines = { rows: new Int32Array(size), columns: new Int32Array(size) };
  for (let mask = 0; mask < 8; mask++) {
    let score: number;
    if (lines && maskLines) {
      const xor = maskLines[mask] as Lines;
      for (let i = 0; i < size; i++) {
        candidate.rows[i] = (lines.rows[i] as number) ^ (xor.rows[i] as number);
        candidate.columns[i] = (lines.columns[i] as number) ^ (xor.columns[i] as number);
      }
      score = penaltyOfLines(candidate, size);
    } else score = penaltyOfModules(withMask(unmasked, masks[mask] as Uint8Array), size);
    if (score < best.penalty) best = { mask, penalty: score };
  }
  return best.mask;
}

/** `text` as a QR code, level M, with the mask of lowest penalty. */
export function qrMatrix(text: string): QrMatrix {
  const { version, codewords } = encodeData(text);
  const shape = template(version);
  const unmasked = shape.modules.slice();
  drawCodewords(unmasked, shape.isFunction, shape.size, withErrorCorrection(version, codewords));
  const mask = bestMask(unmasked, shape);
  return { version, mask, size: shape.size, modules: withMask(unmasked, shape.masks[mask] as Uint8Array) };
}
