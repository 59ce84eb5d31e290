import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrSvg } from './svg.ts';
import { qrMatrix } from './symbol.ts';

const require = createRequire(import.meta.url);
const { getCapacity: capacity } = require('qrcode/lib/core/version.js') as {
  getCapacity: (version: number, level: unknown, mode: unknown) => number;
};
const levelM = (require('qrcode/lib/core/error-correction-level.js') as { M: unknown }).M;
const alphanumericMode = (require('qrcode/lib/core/mode.js') as { ALPHANUMERIC: unknown }).ALPHANUMERIC;

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A deterministic sequence, so a failure names the text it failed on. */
function texts(count: number, alphabet: string, length: (i: number) => number): string[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: length(i) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

/** What the `qrcode` package draws for the same segment at level M. */
function packageSymbol(text: string, mode: 'alphanumeric' | 'byte') {
  const segment =
    mode === 'byte'
      ? { data: new TextEncoder().encode(text), mode: 'byte' as const }
      : { data: text, mode: 'alphanumeric' as const };
  const symbol = QRCode.create([segment], { errorCorrectionLevel: 'M' });
  return { version: symbol.version, mask: symbol.maskPattern, modules: Array.from(symbol.modules.data) };
}

/** Our symbol of `text` is the package's: version, mask and every module. */
function expectPackageSymbol(text: string, mode: 'alphanumeric' | 'byte') {
  const { version, mask, modules } = qrMatrix(text);
  expect({ text, version, mask, modules: Array.from(modules) }).toEqual({
    text,
    ...packageSymbol(text, mode),
  });
}

/** The symbol as a grey image, `scale` pixels a module, four light modules around, read by jsQR. */
function readBack(text: string): string | undefined {
  const { size, modules } = qrMatrix(text);
  const scale = 4;
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
        }
    }
  return jsQR(pixels, side, side)?.data;
}

describe('qrMatrix', () => {
  it('draws the same symbol as the qrcode package for reward codes of digits and capitals', () => {
    for (const text of texts(300, ALPHANUMERIC, (i) => 4 + (i % 40)))
      expectPackageSymbol(text, 'alphanumeric');
  });

  it('draws the same symbol for other text, as UTF-8 bytes', () => {
    const alphabet = 'abcdefghijklmnñopqrstuvwxyzáéíóú-_0123456789 ';
    for (const text of texts(150, alphabet, (i) => 1 + (i % 60))) expectPackageSymbol(text, 'byte');
  });

  it('fills each of the forty versions to its last character as the package does', () => {
    for (let version = 1; version <= 40; version++) {
      // the longest text of capitals the version holds at level M, by the package's own table: its
      // error correction blocks, alignment patterns and (from 7) version information all drawn
      const length = capacity(version, levelM, alphanumericMode);
      const [text] = texts(1, ALPHANUMERIC, () => length) as [string];
      const drawn = qrMatrix(text);
      expect({ version: drawn.version, modules: Array.from(drawn.modules) }).toEqual({
        version,
        modules: packageSymbol(text, 'alphanumeric').modules,
      });
      if (version < 40) expect(qrMatrix(`${text}A`).version).toBe(version + 1);
    }
    // the standard's capacities at level M: version 1 holds 20 alphanumeric characters, 40 holds 3,391
    expect([1, 10, 40].map((version) => capacity(version, levelM, alphanumericMode))).toEqual([
      20, 311, 3391,
    ]);
  });

  it('reads back to the text it was drawn from', () => {
    for (const text of ['A', 'RC2026XK7Q', 'PROMO-01', 'código con ñ', 'X'.repeat(120)])
      expect(readBack(text)).toBe(text);
  });

  it('refuses a text longer than the largest symbol holds', () => {
    expect(() => qrMatrix('A'.repeat(3392))).toThrow(RangeError);
  });
});

describe('qrSvg', () => {
  it('writes the largest symbol with a wide margin, and refuses a margin it cannot write', () => {
    const svg = qrSvg('A'.repeat(3391), 100);
    expect(svg).toContain('viewBox="0 0 377 377"');
    expect(svg).toContain('M100 100.5h7');
    expect(() => qrSvg('A', 101)).toThrow(RangeError);
    expect(() => qrSvg('A', 1.5)).toThrow(RangeError);
  });

  it('is the SVG the qrcode package writes for the same symbol', async () => {
    for (const text of texts(40, ALPHANUMERIC, (i) => 6 + i)) {
      const expected = await QRCode.toString([{ data: text, mode: 'alphanumeric' }], {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 4,
      });
      expect(qrSvg(text)).toBe(expected.trim());
    }
  });

  it('draws the dark modules as one path inside a light square with the quiet zone', () => {
    const svg = qrSvg('RC2026XK7Q');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">/,
    );
    expect(svg.match(/<path /g)).toHaveLength(2);
    // every run of dark modules is one `h`: as many as the symbol's rows of dark modules hold
    const { size, modules } = qrMatrix('RC2026XK7Q');
    let runs = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (modules[y * size + x] && !(x > 0 && modules[y * size + x - 1])) runs++;
    expect(svg.split('<path ')[2]?.match(/h\d+/g)).toHaveLength(runs);
  });
});
