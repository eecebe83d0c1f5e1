/**
 * Cold load of the websites list in Chromium: a signed-in user opens the list URL (100 rows a page) in a new
 * browser context with an empty cache; timed from navigation to the 100th rendered row, median of the runs,
 * with every byte the page transferred (encoded sizes: headers plus the compressed bodies as sent).
 * The same-run baseline asks for every response uncompressed (Accept-Encoding: identity).
 * Starts its own server (fresh embedded database, demo data) and tops the websites up to 100 through the API.
 * Writes bench-results/cold-load.json. Knobs: BENCH_COLD_RUNS (default 5), BENCH_COLD_TRACE=1 prints the
 * request timeline of one cold load.
 * Run: node --conditions=development --import tsx e2e/perf/cold-load.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { ceiling } from '../../server/bench/figures';
import { LoginPage } from '../pages/LoginPage';
import { call } from '../support/http';
import { repoRoot } from '../setup/paths';
import { openPage } from '../support/browser';
import { PERF_ADMIN, runPerf } from './run';

const ROWS = 100;
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const TRACE = process.env.BENCH_COLD_TRACE === '1';
const RESULTS_FILE = path.join(repoRoot, 'bench-results', 'cold-load.json');
const LIST = `#/dms/api/v1/websites?perPage=${ROWS}&page=1`;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Load {
  ms: number;
  bytes: number;
  requests: number;
  timeline: string[];
}

/** The demo portfolio holds fewer websites than a full page: adds the rest. */
async function topUpWebsites(baseURL: string): Promise<void> {
  const { access_token: token } = await call<{ access_token: string }>(
    baseURL,
    null,
    'POST',
    'ums/auth/login',
    PERF_ADMIN,
  );
  const { meta } = await call<{ meta: { total: number } }>(
    baseURL,
    token,
    'GET',
    'dms/api/v1/websites?perPage=1',
  );
  for (let i = meta.total; i < ROWS; i++) {
    await call(baseURL, token, 'POST', 'dms/api/v1/websites', {
      url: `https://cold-load-${i}.example.com`,
      target_market: 'UK',
    });
  }
}

/** One cold load: a new context (empty cache, the signed-in local storage), full navigation to the list. */
async function coldLoad(
  browser: Browser,
  baseURL: string,
  state: StorageState,
  identity: boolean,
): Promise<Load> {
  const context = await browser.newContext({
    baseURL,
    storageState: state,
    viewport: { width: 1400, height: 900 },
  });
  try {
    if (identity) await context.setExtraHTTPHeaders({ 'Accept-Encoding': 'identity' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    const started = new Map<string, { url: string; at: number }>();
    const encoding = new Map<string, string>();
    const timeline: string[] = [];
    const t0 = Date.now();
    cdp.on('Network.requestWillBeSent', (e) =>
      started.set(e.requestId, { url: e.request.url, at: Date.now() - t0 }),
    );
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      encoding.set(e.requestId, String(headers['content-encoding'] ?? 'identity'));
    });
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests += 1;
      const req = started.get(e.requestId);
      if (req) {
        const url = new URL(req.url);
        timeline.push(
          `${String(req.at).padStart(6)} → ${String(Date.now() - t0).padStart(6)} ms ` +
            `${(e.encodedDataLength / 1024).toFixed(1).padStart(8)} kB ${(encoding.get(e.requestId) ?? '').padEnd(8)} ` +
            `${url.pathname}${url.search}`,
        );
      }
    });
    await page.goto(new URL(LIST, baseURL).href);
    await page.waitForFunction(
      (rows) => document.querySelectorAll('.RaDataTable-tbody .RaDataTable-row').length >= rows,
      ROWS,
      { timeout: 30_000 },
    );
    const ms = Date.now() - t0;
    return { ms, bytes, requests, timeline };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

runPerf(async ({ baseURL, browser, loadAverageAtStart }) => {
  await topUpWebsites(baseURL);
  const { page, context } = await openPage(browser, baseURL);
  await new LoginPage(page).signIn(PERF_ADMIN.email, PERF_ADMIN.password);
  const state = await context.storageState();
  await context.close();

  // one unmeasured load each way warms the server (first requests compile queries and schemas)
  await coldLoad(browser, baseURL, state, false);
  await coldLoad(browser, baseURL, state, true);
  const compressed: Load[] = [];
  const identity: Load[] = [];
  for (let run = 0; run < RUNS; run++) {
    compressed.push(await coldLoad(browser, baseURL, state, false));
    identity.push(await coldLoad(browser, baseURL, state, true));
  }
  if (TRACE) {
    console.log('request timeline of one cold load (start → end, encoded size, encoding):');
    for (const line of compressed[0]!.timeline) console.log(line);
  }
  const ms = median(compressed.map((l) => l.ms));
  const msIdentity = median(identity.map((l) => l.ms));
  const bytes = median(compressed.map((l) => l.bytes));
  const bytesIdentity = median(identity.map((l) => l.bytes));
  console.log(`websites list, ${ROWS} rows rendered, cold (new context, empty cache), ${RUNS} runs`);
  console.log(`compressed:   median ${ms} ms  [${compressed.map((l) => l.ms).join(', ')}]  ${kB(bytes)} kB`);
  console.log(
    `uncompressed: median ${msIdentity} ms  [${identity.map((l) => l.ms).join(', ')}]  ${kB(bytesIdentity)} kB`,
  );
  console.log(`requests per load: ${compressed[0]!.requests}`);
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const results = {
    bench: 'cold-load',
    rows: ROWS,
    runs: RUNS,
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg()[0] ?? 0,
    compressed: { medianMs: ms, ms: compressed.map((l) => l.ms), bytes, requests: compressed[0]!.requests },
    identity: { medianMs: msIdentity, ms: identity.map((l) => l.ms), bytes: bytesIdentity },
    figures: [
      ceiling('bytes, cold websites list view', kB(bytes), kB(bytesIdentity), 'kB', 400),
      ceiling('cold load to 100 rows', ms, msIdentity, 'ms', 1000),
    ],
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
});
