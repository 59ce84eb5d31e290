import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Tests of optional services (Redis) run with the service suite (npm run test:pg).
    // The cluster's tests run against npm run cluster (npm run test:cluster).
    exclude: process.env.TEST_REDIS_URL
      ? ['**/node_modules/**', '**/*.cluster.test.ts']
      : ['**/node_modules/**', '**/*.services.test.ts', '**/*.cluster.test.ts'],
  },
});
