import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/landing', 'apps/server', 'apps/web'],
    // npm run test:coverage (the server suite): the features' coverage, each hot-path file held to
    // 90 % of its branches (docs/architecture.md, "How we test"). Vitest reads coverage options
    // from this root configuration only, not from a project's.
    coverage: {
      provider: 'v8',
      include: ['apps/server/src/features/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: [['text', { maxCols: 160 }], 'json-summary'],
      reportsDirectory: 'coverage/server',
      thresholds: Object.fromEntries(
        [
          'participations/participate.ts',
          'participations/participations.repository.ts',
          'participations/rules.ts',
          'participation-kinds.ts',
          'marketplace/place-order.ts',
          'marketplace/redeem-product.ts',
          'marketplace/redeem-for-points.ts',
          'marketplace/redeem-for-points.repository.ts',
          'marketplace/orders.repository.ts',
          'marketplace/order-refusals.ts',
          'reward-codes/redemption.service.ts',
          'reward-codes/look-up-codes.ts',
          'points/use-redeem-code.ts',
        ].map((file) => [`apps/server/src/features/${file}`, { branches: 90 }]),
      ),
    },
  },
});
