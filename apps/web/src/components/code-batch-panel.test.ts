import { describe, expect, it } from 'vitest';
import { parseCount } from './code-batch-panel.tsx';

describe('code batch panel', () => {
  it('reads counts with thousands separators', () => {
    expect(parseCount('1,000,000')).toBe(1_000_000);
    expect(parseCount('25 000')).toBe(25_000);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('abc')).toBeNull();
    expect(parseCount(12)).toBe(12);
  });
});
