import os from 'node:os';
import type { Browser } from 'playwright-core';
import { ensureWebBuilt } from '../setup/build';
import { startServer } from '../setup/server';
import { launchBrowser } from '../support/browser';

/** The admin every perf script's own server is started with (and signs in as). */
export const PERF_ADMIN = { email: 'perf-admin@sitefleet.test', password: 'perf-admin-password-42' };

/** What a measurement is handed: its server's address, the browser, and the load average before both started. */
export interface PerfRun {
  baseURL: string;
  browser: Browser;
  loadAverageAtStart: number;
}

/**
 * Runs one perf script: builds the console if it is stale, starts a server of its own (fresh embedded database,
 * demo data, PERF_ADMIN) and Chromium, measures, and closes the browser and stops the server whatever happened
 * (the server too when the browser did not start). A failure is printed and the process exits 1.
 */
export function runPerf(measure: (run: PerfRun) => Promise<void>): void {
  const run = async () => {
    ensureWebBuilt();
    const loadAverageAtStart = os.loadavg()[0] ?? 0;
    const server = await startServer(PERF_ADMIN);
    try {
      const browser = await launchBrowser();
      try {
        await measure({ baseURL: server.baseURL, browser, loadAverageAtStart });
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
