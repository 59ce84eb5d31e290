import { describe, expect, it } from 'vitest';
import { registerMarketLocales } from './market.ts';
import { marketEn } from './market-en.ts';
import { marketEs } from './market-es.ts';
import { registerPromotionsLocales } from './promotions.ts';
import { registerRedemptionLocales } from './redemption.ts';
import { expectScreenTexts, textKeys } from './screen-texts.ts';

describe('marketplace texts', () => {
  it('has the same keys in Spanish and English', () => {
    expect(textKeys(marketEn).sort()).toEqual(textKeys(marketEs).sort());
  });

  it('has every literal key the marketplace screens use, in both languages', () => {
    registerPromotionsLocales();
    registerRedemptionLocales();
    registerMarketLocales();
    expectScreenTexts(['points', 'products', 'marketplaces', 'market-reports'], 100);
  });
});
