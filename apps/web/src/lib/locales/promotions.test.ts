import { describe, expect, it } from 'vitest';
import { registerPromotionsLocales } from './promotions.ts';
import { promotionsEn } from './promotions-en.ts';
import { promotionsEs } from './promotions-es.ts';
import { expectScreenTexts, textKeys } from './screen-texts.ts';

describe('promotion texts', () => {
  it('has the same keys in Spanish and English', () => {
    expect(textKeys(promotionsEn).sort()).toEqual(textKeys(promotionsEs).sort());
  });

  it('has every literal key the promotion screens use, in both languages', () => {
    registerPromotionsLocales();
    expectScreenTexts(
      ['campaigns', 'go-live', 'blacklist', 'participants', 'statistics'],
      100,
      /\bt\('([a-zA-Z.]+)'/g,
    );
  });
});
