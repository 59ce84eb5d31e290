import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

describe('numbers in texts', () => {
  it('go through the number formatter (thousands commas, en-GB) in either language', () => {
    expect(i18n.t('table.total', { count: 1_234_567, lng: 'es' })).toBe('1,234,567 registros');
    expect(i18n.t('table.total', { count: 1, lng: 'es' })).toBe('1 registro');
    expect(i18n.t('table.total', { count: 2500, lng: 'en' })).toMatch(/^2,500 /);
  });
});
