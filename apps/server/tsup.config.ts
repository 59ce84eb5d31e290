import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { buildPublicScript } from './src/features/landings/public-script/build.ts';

// The server is bundled with our workspace packages inlined; npm dependencies stay external
// (a fully bundled fastify does not run). SQL migrations are copied beside the bundle; the public
// landing page script is bundled for browsers into dist/public (its gzip size is printed).
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
    await buildPublicScript('dist/public');
  },
});
