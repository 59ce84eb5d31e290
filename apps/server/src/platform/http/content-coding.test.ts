import { describe, expect, it } from 'vitest';
import { BROTLI_OR_GZIP, GZIP_ONLY, preferredCoding } from './content-coding.ts';

describe('the coding of an answer, from Accept-Encoding', () => {
  it('takes brotli from a browser that takes both, gzip from one that takes only gzip', () => {
    expect(preferredCoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(preferredCoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(preferredCoding('gzip, deflate', ['br', 'gzip'])).toBe('gzip');
    // what the server does not keep is never chosen
    expect(preferredCoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
  });

  it('weighs by q, refuses with q=0, and reads * as any coding not named', () => {
    expect(preferredCoding('br;q=0.5, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0', ['br', 'gzip'])).toBe('identity');
    expect(preferredCoding('gzip;q=0, br', ['gzip'])).toBe('identity');
    expect(preferredCoding('*', ['br', 'gzip'])).toBe('br');
    expect(preferredCoding('br;q=0, *;q=0.1', ['br', 'gzip'])).toBe('gzip');
    expect(preferredCoding(' GZIP ; Q=0.8 ', ['br', 'gzip'])).toBe('gzip');
  });

  it('answers the body as it is without the header, or with one it cannot read', () => {
    expect(preferredCoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(preferredCoding('', ['br', 'gzip'])).toBe('identity');
    expect(preferredCoding('identity', ['br', 'gzip'])).toBe('identity');
    expect(preferredCoding('gzip;q=abc', ['br', 'gzip'])).toBe('identity');
    expect(preferredCoding(['deflate', 'gzip'], ['br', 'gzip'])).toBe('gzip');
  });
});

describe('remembered answers', () => {
  it('answer the same for a value asked again, and each list of codings for itself', () => {
    const both = BROTLI_OR_GZIP;
    const gzipOnly = GZIP_ONLY;
    for (let i = 0; i < 3; i++) {
      expect(preferredCoding('gzip, deflate, br', both)).toBe('br');
      expect(preferredCoding('gzip, deflate, br', gzipOnly)).toBe('gzip');
    }
    // more distinct values than are kept: each still answered by its weights (a tie goes to brotli)
    for (let i = 0; i < 200; i++)
      expect(preferredCoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.${i % 10}`, both)).toBe(
        i % 10 >= (i % 9) + 1 ? 'br' : 'gzip',
      );
  });
});
