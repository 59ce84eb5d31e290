import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n.ts';
import { registerPromotionsLocales } from './promotions.ts';
import { registerRedemptionLocales } from './redemption.ts';
import { redemptionEn } from './redemption-en.ts';
import { redemptionEs } from './redemption-es.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('redemption texts', () => {
  it('has the same keys in Spanish and English', () => {
    expect(keys(redemptionEn).sort()).toEqual(keys(redemptionEs).sort());
  });

  it('has every literal key the redemption screens use, in both languages', () => {
    registerPromotionsLocales();
    registerRedemptionLocales();
    const root = join(import.meta.dirname, '../../features');
    const used = new Set<string>();
    for (const dir of ['centres', 'reward-codes', 'redemption', 'reports']) {
      for (const file of sources(join(root, dir))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z.-]+)'/g))
          used.add(match[1] as string);
      }
    }
    expect(used.size).toBeGreaterThan(80);
    for (const language of ['es', 'en']) {
      const t = i18n.getFixedT(language);
      const missing = [...used].filter(
        (key) => !i18n.exists(key, { lng: language, count: 1 }) || t(key, { count: 2 }) === key,
      );
      expect(missing, language).toEqual([]);
    }
  });
});
