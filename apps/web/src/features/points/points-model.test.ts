import { describe, expect, it } from 'vitest';
import { batchValue, signedAmount, toAdjustment } from './points-model.ts';

describe('points adjustments', () => {
  it('sends the signed amount as typed and the trimmed reason', () => {
    expect(
      toAdjustment({ amount: ' -1,500 ', reason: ' Devolución ' }, { campaignId: 'c', participantId: 'p' }),
    ).toEqual({
      campaignId: 'c',
      participantId: 'p',
      amount: -1500,
      reason: 'Devolución',
    });
    expect(
      toAdjustment({ amount: 'diez', reason: '' }, { campaignId: 'c', participantId: 'p' }).amount,
    ).toBeNaN();
  });

  it('shows ledger amounts with their sign', () => {
    expect(signedAmount(1500)).toBe('+1,500');
    expect(signedAmount(-30)).toBe('−30');
    expect(signedAmount(0)).toBe('0');
  });
});

describe('redeem code batch value', () => {
  it('is points or a product, whichever is chosen', () => {
    expect(batchValue('points', '50', 'prod')).toEqual({ points: 50 });
    expect(batchValue('product', '50', 'prod')).toEqual({ productId: 'prod' });
    expect(batchValue('product', '', null)).toEqual({});
    expect(batchValue('points', '', null)).toEqual({});
  });
});
