import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
// esbuild comes with tsup (the server's build tool)
import { build } from 'esbuild';
import { brotliText } from '../http/content-coding.ts';
import { MANIFEST_FILE, type PublicManifest } from './manifest.ts';

/** One file the public pages load: a browser script bundled from `entry`, or a stylesheet. */
export type PublicBundle = {
  name: string;
  kind: 'js' | 'css';
  /** A TypeScript entry (js) or the CSS files to concatenate (css), absolute paths. */
  sources: string[];
  /** The budget in gzip bytes; the build fails over it. */
  budgetGzipBytes: number;
};

async function contents(bundle: PublicBundle): Promise<Uint8Array> {
  if (bundle.kind === 'css')
    return Buffer.from(bundle.sources.map((s) => readFileSync(s, 'utf8')).join('\n'));
  const result = await build({
    entryPoints: bundle.sources,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`public asset ${bundle.name}: esbuild produced no output`);
  return code;
}

/**
 * Builds every public bundle into `outDir/<name>.<hash>.<kind>` and names them in
 * `outDir/public-manifest.json` (read by the server at start-up), each with its brotli copy
 * (`<file>.br`). Prints each gzip size; fails
 * when one is over its budget. Called from tsup.config.ts after the server bundle.
 */
export async function buildPublicAssets(outDir: string, bundles: PublicBundle[]): Promise<PublicManifest> {
  mkdirSync(outDir, { recursive: true });
  const manifest: PublicManifest = {};
  for (const bundle of bundles) {
    const code = await contents(bundle);
    const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10);
    const file = `${bundle.name}.${hash}.${bundle.kind}`;
    const gzipBytes = gzipSync(code, { level: 9 }).length;
    // brotli made here, once, at its best quality (too slow for every start of the server)
    const brotli = brotliText(code);
    writeFileSync(`${outDir}/${file}`, code);
    writeFileSync(`${outDir}/${file}.br`, brotli);
    manifest[bundle.name] = { file, bytes: code.length, gzipBytes };
    process.stdout.write(
      `public ${bundle.kind} ${file}: ${(code.length / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzip, ${(brotli.length / 1024).toFixed(1)} KB brotli (budget ${(bundle.budgetGzipBytes / 1024).toFixed(0)} KB gzip)\n`,
    );
    if (gzipBytes > bundle.budgetGzipBytes)
      throw new Error(
        `public ${bundle.name} is ${gzipBytes} bytes gzip, over its ${bundle.budgetGzipBytes} budget`,
      );
  }
  writeFileSync(`${outDir}/${MANIFEST_FILE}`, JSON.stringify(manifest, null, 2));
  return manifest;
}
