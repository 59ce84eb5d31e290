import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/landing', 'apps/server', 'apps/web'],
  },
});
