import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MANIFEST_FILE, type PublicManifest } from './manifest.ts';

/**
 * The public pages' scripts and stylesheets, built by `npm run build -w @promo/server` into
 * dist/public (see public-bundles.ts) and served at `/public/<file>` with a year of caching: the
 * hash in each name changes with its content. Each is also kept gzipped (made once, at start) and
 * in brotli (made by the build: `<file>.br`), for the browsers that accept them: the budgets of
 * public-bundles.ts are gzip sizes.
 */
export type PublicAsset = {
  file: string;
  body: Buffer;
  gzip: Buffer;
  /** Null when the build made none (a build from before brotli). */
  brotli: Buffer | null;
  contentType: string;
  gzipBytes: number;
};
export type PublicAssets = {
  /** `/public/<file>` of a bundle, or null when the build has not made it. */
  url(name: string): string | null;
  byFile(file: string): PublicAsset | null;
};

const CANDIDATES = [
  // the bundled server: dist/main.js -> dist/public/
  new URL('./public/', import.meta.url),
  // the sources (tsx, tests): src/platform/public-assets -> dist/public/
  new URL('../../../dist/public/', import.meta.url),
];

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

function read(dir: string): Map<string, PublicAsset & { name: string }> | null {
  const manifestPath = `${dir}${MANIFEST_FILE}`;
  if (!existsSync(manifestPath)) return null;
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PublicManifest;
    const assets = new Map<string, PublicAsset & { name: string }>();
    for (const [name, entry] of Object.entries(manifest)) {
      const ext = /^[\w-]+\.[\w-]+\.(js|css)$/.exec(entry.file)?.[1];
      if (!ext) return null;
      const body = readFileSync(`${dir}${entry.file}`);
      assets.set(entry.file, {
        name,
        file: entry.file,
        body,
        gzip: gzipSync(body, { level: 9 }),
        brotli: existsSync(`${dir}${entry.file}.br`) ? readFileSync(`${dir}${entry.file}.br`) : null,
        contentType: CONTENT_TYPES[ext] as string,
        gzipBytes: entry.gzipBytes,
      });
    }
    return assets;
  } catch {
    return null; // an incomplete build: try the next place
  }
}

/** The first built set found in `dirs` (default: beside the bundle, then the server's dist/public). */
export function loadPublicAssets(dirs: string[] = CANDIDATES.map((url) => fileURLToPath(url))): PublicAssets {
  let assets = new Map<string, PublicAsset & { name: string }>();
  for (const dir of dirs) {
    const found = read(dir.endsWith('/') ? dir : `${dir}/`);
    if (found) {
      assets = found;
      break;
    }
  }
  const byName = new Map([...assets.values()].map((a) => [a.name, a]));
  return {
    url: (name) => {
      const asset = byName.get(name);
      return asset ? `/public/${asset.file}` : null;
    },
    byFile: (file) => assets.get(file) ?? null,
  };
}
