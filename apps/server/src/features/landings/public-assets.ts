import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The public page script, built by `npm run build -w @promo/server` (tsup.config.ts runs esbuild)
 * into dist/public/landing.<hash>.js with dist/public/landing-manifest.json naming it. Served at
 * /public/<file> with a year of caching; the hash changes with the content.
 */
export type PublicScript = { file: string; body: Buffer; gzipBytes: number };

const CANDIDATES = [
  // the bundled server: dist/main.js -> dist/public/
  new URL('./public/', import.meta.url),
  // the sources (tsx, tests): src/features/landings -> dist/public/
  new URL('../../../dist/public/', import.meta.url),
];

export function loadPublicScript(): PublicScript | null {
  for (const url of CANDIDATES) {
    const dir = fileURLToPath(url);
    const manifest = `${dir}landing-manifest.json`;
    if (!existsSync(manifest)) continue;
    try {
      const { file, gzipBytes } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        file: string;
        gzipBytes: number;
      };
      if (!/^landing\.[\w-]+\.js$/.test(file)) continue;
      return { file, body: readFileSync(`${dir}${file}`), gzipBytes };
    } catch {
      // an incomplete build: try the next place
    }
  }
  return null;
}
