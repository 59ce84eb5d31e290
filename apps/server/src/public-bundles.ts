import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PublicBundle } from './platform/public-assets/build.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The browser files of the public pages, with their gzip budgets (issue 6: the landing page's
 * JavaScript at most 30 KB, the marketplace pages' too (issue 8); a map library only on pages with a map, loaded after first paint).
 */
export const PUBLIC_BUNDLES: PublicBundle[] = [
  {
    name: 'landing',
    kind: 'js',
    sources: [here('./features/landings/public-script/landing.ts')],
    budgetGzipBytes: 30 * 1024,
  },
  {
    name: 'market',
    kind: 'js',
    sources: [here('./features/market-pages/public-script/market.ts')],
    budgetGzipBytes: 30 * 1024,
  },
  {
    name: 'map',
    kind: 'js',
    sources: [here('./features/landings/public-script/map.ts')],
    budgetGzipBytes: 60 * 1024,
  },
  {
    name: 'map-css',
    kind: 'css',
    sources: [require.resolve('leaflet/dist/leaflet.css')],
    budgetGzipBytes: 10 * 1024,
  },
];
