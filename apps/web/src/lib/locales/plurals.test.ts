import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n.ts';
import { registerBuilderLocales } from './builder.ts';
import { registerMarketLocales } from './market.ts';

describe('counts of one read in the singular', () => {
  registerMarketLocales();
  registerBuilderLocales();
  const es = i18n.getFixedT('es');
  const en = i18n.getFixedT('en');

  it('a price of one point', () => {
    expect(es('marketplaces.pricePoints', { count: 1, price: '1' })).toBe('1 punto');
    expect(es('marketplaces.pricePoints', { count: 1500, price: '1,500' })).toBe('1,500 puntos');
    expect(en('marketplaces.pricePoints', { count: 1, price: '1' })).toBe('1 point');
  });

  it("a digital product's codes", () => {
    const codes = (t: typeof es, available: number, claimed: number) =>
      t('products.codesCount', {
        available: t('products.codesAvailable', { count: available }),
        claimed: t('products.codesClaimed', { count: claimed }),
      });
    expect(codes(es, 1, 1)).toBe('1 disponible · 1 entregado');
    expect(codes(es, 3, 0)).toBe('3 disponibles · 0 entregados');
    expect(codes(en, 1, 2)).toBe('1 available · 2 handed out');
  });

  it("the builder's backup of one element", () => {
    expect(es('builder.backupFound', { count: 1 })).toBe(
      'Hay 1 elemento respaldado al cerrarse su sesión. ¿Desea restaurarlo?',
    );
    expect(en('builder.backupFound', { count: 2 })).toBe(
      '2 elements were backed up when your session ended. Restore them?',
    );
  });
});
