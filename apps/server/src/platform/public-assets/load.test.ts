import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPublicAssets } from './load.ts';
import { MANIFEST_FILE } from './manifest.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built set of one script, with or without the build's brotli copy. */
function built(withBrotli: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'public-assets-'));
  dirs.push(dir);
  const body = Buffer.from('document.title = "hola";'.repeat(50));
  writeFileSync(join(dir, 'landing.abc123.js'), body);
  if (withBrotli) writeFileSync(join(dir, 'landing.abc123.js.br'), brotliCompressSync(body));
  writeFileSync(
    join(dir, MANIFEST_FILE),
    JSON.stringify({ landing: { file: 'landing.abc123.js', bytes: body.length, gzipBytes: 0 } }),
  );
  return { dir, body };
}

describe('the public files, as the server loads them', () => {
  it('keep the build’s brotli copy beside the gzip made at start', () => {
    const { dir, body } = built(true);
    const asset = loadPublicAssets([dir]).byFile('landing.abc123.js');
    expect(asset?.body.equals(body)).toBe(true);
    expect(gunzipSync(asset?.gzip as Buffer).equals(body)).toBe(true);
    expect(asset?.brotli).toBeInstanceOf(Buffer);
  });

  it('load a build from before brotli, with none', () => {
    const { dir } = built(false);
    const assets = loadPublicAssets([dir]);
    expect(assets.url('landing')).toBe('/public/landing.abc123.js');
    expect(assets.byFile('landing.abc123.js')?.brotli).toBeNull();
  });
});
