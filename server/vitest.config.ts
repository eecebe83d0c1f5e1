import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@sitefleet/shared': path.resolve(import.meta.dirname, '../shared/src/index.ts') } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../shared/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
