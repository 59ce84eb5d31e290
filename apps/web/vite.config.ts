import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        /*
         * The contract builds its zod schemas at module level. Declaring `z.*` chains pure and the
         * contract free of other side effects lets the bundler drop the schemas a chunk does not
         * use, so the entry chunk (error catalogue, theme presets) carries no zod and the login
         * route stays under its 200 kB budget.
         */
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => !id.includes('/packages/contract/'),
      },
    },
  },
});
