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
    exclude: process.env.TEST_REDIS_URL
      ? ['**/node_modules/**']
      : ['**/node_modules/**', '**/*.services.test.ts'],
  },
});
