import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { i18n } from '../i18n.ts';

/** Test helper (node only): every key path of a texts object. */
export function textKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => textKeys(inner, prefix ? `${prefix}.${key}` : key));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Test helper: the literal `t('…')` keys of the screens in `dirs` (under features/) exist in both
 * languages once the catalogues are registered; at least `atLeast` of them (the scan works).
 */
export function expectScreenTexts(
  dirs: readonly string[],
  atLeast: number,
  pattern = /\bt\('([a-zA-Z.-]+)'/g,
) {
  const root = join(import.meta.dirname, '../../features');
  const used = new Set<string>();
  for (const dir of dirs) {
    for (const file of sources(join(root, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) used.add(match[1] as string);
    }
  }
  expect(used.size).toBeGreaterThan(atLeast);
  for (const language of ['es', 'en']) {
    const t = i18n.getFixedT(language);
    const missing = [...used].filter(
      (key) => !i18n.exists(key, { lng: language, count: 1 }) || t(key, { count: 2 }) === key,
    );
    expect(missing, language).toEqual([]);
  }
}
