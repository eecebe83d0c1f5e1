import { defineConfig } from 'vitest/config';

/** Browser tests against the real server and the built console; one spec file at a time (2 cores). */
export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./setup/global.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
