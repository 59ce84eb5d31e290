import { describe, expect, it } from 'vitest';
import { totalOf } from './codes-model.ts';

describe('codes model', () => {
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
});
