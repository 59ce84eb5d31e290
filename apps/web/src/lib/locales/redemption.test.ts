import { describe, expect, it } from 'vitest';
import { registerPromotionsLocales } from './promotions.ts';
import { registerRedemptionLocales } from './redemption.ts';
import { redemptionEn } from './redemption-en.ts';
import { redemptionEs } from './redemption-es.ts';
import { expectScreenTexts, textKeys } from './screen-texts.ts';

describe('redemption texts', () => {
  it('has the same keys in Spanish and English', () => {
    expect(textKeys(redemptionEn).sort()).toEqual(textKeys(redemptionEs).sort());
  });

  it('has every literal key the redemption screens use, in both languages', () => {
    registerPromotionsLocales();
    registerRedemptionLocales();
    expectScreenTexts(['centres', 'reward-codes', 'redemption', 'reports'], 80);
  });
});
