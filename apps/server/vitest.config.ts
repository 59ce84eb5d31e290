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
    // npm run test:coverage: the features' coverage by the server suite, each hot-path file held
    // to 90 % of its branches (docs/architecture.md, "How we test")
    coverage: {
      provider: 'v8',
      include: ['src/features/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text', 'json-summary'],
      reportsDirectory: '../../coverage/server',
      thresholds: Object.fromEntries(
        [
          'src/features/participations/participate.ts',
          'src/features/participations/participations.repository.ts',
          'src/features/participations/rules.ts',
          'src/features/marketplace/place-order.ts',
          'src/features/marketplace/redeem-product.ts',
          'src/features/marketplace/redeem-for-points.ts',
          'src/features/marketplace/redeem-for-points.repository.ts',
          'src/features/marketplace/orders.repository.ts',
          'src/features/marketplace/order-refusals.ts',
          'src/features/reward-codes/redemption.service.ts',
          'src/features/reward-codes/look-up-codes.ts',
          'src/features/participations/participation-kinds.ts',
          'src/features/points/use-redeem-code.ts',
        ].map((file) => [file, { branches: 90 }]),
      ),
    },
  },
});
