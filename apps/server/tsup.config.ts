import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { buildPublicAssets } from './src/platform/public-assets/build.ts';
import { PUBLIC_BUNDLES } from './src/public-bundles.ts';

// The server is bundled with our workspace packages inlined; npm dependencies stay external
// (a fully bundled fastify does not run). SQL migrations and function files (db/functions) are
// copied beside the bundle; the public pages' scripts and styles (public-bundles.ts) are built
// into dist/public (gzip sizes printed).
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@promo\//],
  async onSuccess() {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
    cpSync('src/db/functions', 'dist/functions', { recursive: true });
    await buildPublicAssets('dist/public', PUBLIC_BUNDLES);
  },
});
