import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'landing', environment: 'node', passWithNoTests: true } });
