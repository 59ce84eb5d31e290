import { createCipheriv, createHash } from 'node:crypto';
import { CODE_ALPHABET } from '@promo/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeLength, generateCodeLines, generateCodes, type RandomSource } from './code-generator.ts';

/**
 * A seeded byte stream (AES-256 in counter mode over zeros, keyed by the seed): uniform like the
 * cryptographic source production uses, and the same bytes on every run.
 */
function seededSource(seed: string): RandomSource {
  const key = createHash('sha256').update(seed).digest();
  const stream = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return (bytes) => stream.update(Buffer.alloc(bytes));
}

describe('code generator', () => {
  it('uses 32 symbols with no look-alikes (0/O, 1/I)', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('chooses a length that keeps 2^60 of unguessability per live code', () => {
    expect(codeLength(1)).toBe(12);
    expect(codeLength(1_000)).toBe(14);
    expect(codeLength(1_000_000)).toBe(16);
    expect(codeLength(10_000_000)).toBe(17);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (live) => {
        const length = codeLength(live);
        expect(5 * length).toBeGreaterThanOrEqual(60 + Math.log2(live));
      }),
    );
  });

  it('builds codes of the prefix and the alphabet only', () => {
    const codes = generateCodes(500, 14, 'VER');
    for (const code of codes) expect(code).toMatch(/^VER[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{14}$/);
    expect(new Set(codes).size).toBe(500);
  });

  // The mapping from random bytes to symbols is what is tested, from a seeded uniform source: the
  // same figure on every run (no 1-in-1,000 failure), and a bias of the mapping still shows.
  it('spreads symbols uniformly (chi-square over 320,000 symbols)', () => {
    const counts = new Map<string, number>();
    for (const code of generateCodes(20_000, 16, '', seededSource('chi-square')))
      for (const ch of code) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = (20_000 * 16) / 32;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 31 degrees of freedom: the 99.9th percentile is 61.1
    expect(counts.size).toBe(32);
    expect(chi).toBeLessThan(61.1);
  });

  it('is deterministic for a given random source', () => {
    const seeded = (bytes: number) => Uint8Array.from({ length: bytes }, (_, i) => (i * 7) % 256);
    expect(generateCodes(2, 4, '', seeded)).toEqual(generateCodes(2, 4, '', seeded));
  });

  it('writes the same codes as text lines for COPY, one per line, prefix and alphabet only', () => {
    const seeded = (bytes: number) => Uint8Array.from({ length: bytes }, (_, i) => (i * 13 + 5) % 256);
    const text = generateCodeLines(1_000, 15, 'AB7', seeded).toString('latin1');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1_000);
    for (const line of lines) expect(line).toMatch(/^AB7[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{15}$/);
    expect(lines).toEqual(generateCodes(1_000, 15, 'AB7', seeded));
    expect(new Set(generateCodeLines(50_000, 16).toString('latin1').split('\n')).size).toBe(50_001);
  });
});
