import { describe, expect, it } from 'vitest';
import { jobPercent, parseCount, totalOf } from './codes-model.ts';

describe('codes model', () => {
  it('shows a job as a percentage', () => {
    expect(jobPercent(undefined)).toBe(0);
    expect(jobPercent({ status: 'queued', progress: 0, total: 0 })).toBe(0);
    expect(jobPercent({ status: 'running', progress: 250_000, total: 1_000_000 })).toBe(25);
    expect(jobPercent({ status: 'running', progress: 2, total: 1 })).toBe(100);
    expect(jobPercent({ status: 'succeeded', progress: 0, total: 0 })).toBe(100);
  });

  it('adds up the campaigns', () => {
    const row = {
      campaignId: 'a',
      campaignName: 'a',
      generated: 5,
      available: 2,
      assigned: 1,
      redeemed: 1,
      revoked: 1,
    };
    expect(totalOf([row, { ...row, campaignId: 'b' }])).toEqual({
      generated: 10,
      available: 4,
      assigned: 2,
      redeemed: 2,
      revoked: 2,
    });
    expect(totalOf([]).generated).toBe(0);
  });

  it('reads counts with thousands separators', () => {
    expect(parseCount('1,000,000')).toBe(1_000_000);
    expect(parseCount('25 000')).toBe(25_000);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('abc')).toBeNull();
    expect(parseCount(12)).toBe(12);
  });
});
