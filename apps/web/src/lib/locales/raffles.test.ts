import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n.ts';
import { registerPromotionsLocales } from './promotions.ts';
import { registerRafflesLocales } from './raffles.ts';
import { rafflesEn } from './raffles-en.ts';
import { rafflesEs } from './raffles-es.ts';
import { registerRedemptionLocales } from './redemption.ts';

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

describe('raffle texts', () => {
  it('has the same keys in Spanish and English', () => {
    expect(keys(rafflesEn).sort()).toEqual(keys(rafflesEs).sort());
  });

  it('has every literal key the raffle and instant-award screens use, in both languages', () => {
    registerPromotionsLocales();
    registerRedemptionLocales();
    registerRafflesLocales();
    const root = join(import.meta.dirname, '../../features');
    const used = new Set<string>();
    for (const dir of ['raffles', 'instant-awards']) {
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
