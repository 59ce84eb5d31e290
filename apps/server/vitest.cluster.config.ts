import { defineConfig } from 'vitest/config';

// The cluster tests (npm run test:cluster): against the live topology of npm run cluster, one
// file after the other (they share its processes).
export default defineConfig({
  test: {
    name: 'cluster',
    root: 'apps/server',
    environment: 'node',
    include: ['src/cluster/**/*.cluster.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
