import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the real server and the built console; one spec file at a time (2 cores).
 * One worker process runs every spec file in turn (isolate: false): a fresh fork per file costs a
 * start-up each time and, on a loaded machine, a fork that takes over vitest's fixed 60 s to answer
 * failed a whole run. Specs keep no module state between files (each opens its own browser context).
 */
export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./setup/global.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 1,
  },
});
