/**
 * The home dashboard in Chromium, from picking a money site to every panel drawn (Sitefleet issue 17).
 * Starts its own server (fresh embedded database, the first-run demo data: live money sites with a year of SEO
 * history), signs in as the admin, and for each run opens the dashboard in a fresh page (no site chosen), picks
 * a money site with a full year of data in the picker and times, in the page's own clock, from the click on the
 * option to the DOM state where every panel is drawn: none left loading, each chart's SVG and each table's rows
 * there (or the panel's empty or error state), and the site header named. Then it switches the comparison
 * (Yesterday → 30-Days) and times it until every panel that reads the comparison is drawn again with new
 * content. No fixed waits: a MutationObserver in the page records when each panel is first drawn.
 *
 * The first page runs with an empty browser cache, on a server that has answered only the site choice's
 * calls (backlink figures and profile, chooseSite below), and is reported on its own; the BENCH_DASH_UI_RUNS
 * (default 7) measured runs that follow reuse the browser context (static assets from its cache, local storage
 * cleared of the dashboard's choices), each in a new page with an empty query cache. Reports median and p95 of
 * both timings, the API requests each makes (from the page's resource timing) and when their answers arrived,
 * the main thread's long tasks, and which panel finished last (p95 is nearest-rank: with 7 runs, the slowest).
 * Times end at the DOM change, before the frame is painted. BENCH_DASH_UI_TRACE=1 prints the request timelines
 * (the median run's pick and switch, the first run's pick).
 * Writes bench-results/dashboard-ui.json.
 * Run: npm run bench:dashboard-ui
 */
import {
  actionPath,
  actions,
  COMPARISON_LABELS,
  resources,
  type ActionResponse,
  type Comparison,
} from '@sitefleet/shared';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/LoginPage';
import { repoRoot } from '../setup/paths';
import { openPage } from '../support/browser';
import { call } from '../support/http';
import { PERF_ADMIN, runPerf } from './run';

const RUNS = Number(process.env.BENCH_DASH_UI_RUNS ?? 7);
const TRACE = process.env.BENCH_DASH_UI_TRACE === '1';
const RESULTS_FILE = path.join(repoRoot, 'bench-results', 'dashboard-ui.json');
const TIMEOUT_MS = 60_000;
/** The comparison the dashboard opens with, and the one the switch goes to. */
const FROM: Comparison = 'yesterday';
const TO: Comparison = 'thirty-days';

/** What the page must show, each a panel of web/src/dashboard/SiteDashboard.tsx or the site header. */
interface Item {
  testId: string;
  name: string;
  /** Whether it reads the comparison, so must be drawn anew after a switch. */
  comparison: boolean;
  /** The API call whose answer it draws (its path and query), to set the answer's arrival against the drawing. */
  call: RegExp;
}

/** What the page is told of an item. */
type Watched = Pick<Item, 'testId' | 'comparison'>;

const HEADER = 'dashboard-site';
const ITEMS: Item[] = [
  {
    testId: HEADER,
    name: 'site header',
    comparison: false,
    call: new RegExp(`^/${resources.websites.path}/\\d+$`),
  },
  {
    testId: 'panel-backlinks',
    name: 'Backlinks Trends',
    comparison: true,
    call: new RegExp(`^/${actionPath(actions.seo.websiteStatistics)}\\?`),
  },
  {
    testId: 'panel-tlds',
    name: 'Referring domains by TLD',
    comparison: false,
    call: /\/backlinks\/profile/,
  },
  { testId: 'panel-gsc', name: 'GSC Traffic', comparison: true, call: /dimensions=date/ },
  { testId: 'panel-top-pages', name: 'Top Pages', comparison: true, call: /dimensions=page/ },
  { testId: 'panel-recent-links', name: 'Recent Links', comparison: false, call: /\/backlinks\/profile/ },
  { testId: 'panel-ga', name: 'GA Traffic', comparison: true, call: /google-analytics\/report\// },
  {
    testId: 'panel-conversions',
    name: 'Conversions Metric',
    comparison: true,
    call: /\/daily-conversion-metrics/,
  },
  {
    testId: 'panel-rankings',
    name: 'Top rankings',
    comparison: true,
    call: new RegExp(`^/${actionPath(actions.seo.websiteKeywords)}\\?`),
  },
];

/** One request seen by the page, in ms after the measured click. */
interface Request {
  path: string;
  kind: string;
  start: number;
  end: number;
  /** The body's size as received (decoded), in bytes. */
  bytes: number;
}

/** The in-page recorder (window.__dashBench). Times are performance.now() values. */
interface Recorder {
  items: Watched[];
  phase: 'idle' | 'pick' | 'switch';
  clickAt: number | null;
  /** ms after the click at which each item was first seen drawn in this phase. */
  drawn: Record<string, number>;
  /** How each item ended: drawn | empty | error. */
  states: Record<string, string>;
  doneAt: number | null;
  /** Every long task (over 50 ms) of the page's main thread: start and duration, performance.now() ms. */
  longTasks: Array<[number, number]>;
}

declare global {
  interface Window {
    __dashBench?: Recorder;
  }
}

interface Phase {
  ms: number;
  drawn: Record<string, number>;
  states: Record<string, string>;
  requests: Request[];
  /** The main thread's long tasks from the click to the last panel drawn: how many, their total ms. */
  longTasks: { count: number; ms: number; longest: number };
}

interface Run {
  pick: Phase;
  switch: Phase;
}

/**
 * Installs the recorder: a capture click listener stamps the measured click, and a MutationObserver checks after
 * every change of the DOM which items are drawn. The code is written without named inner functions: it is sent
 * to the page as text, where the transpiler's name helpers do not exist.
 */
function installRecorder(items: Watched[]): void {
  const recorder: Recorder = {
    items,
    phase: 'idle',
    clickAt: null,
    drawn: {},
    states: {},
    doneAt: null,
    longTasks: [],
  };
  window.__dashBench = recorder;
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => recorder.longTasks.push([e.startTime, e.duration])),
  ).observe({ type: 'longtask' });
  document.addEventListener(
    'click',
    () => {
      if (recorder.phase !== 'idle' && recorder.clickAt === null) recorder.clickAt = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    const clickAt = recorder.clickAt;
    if (recorder.phase === 'idle' || clickAt === null || recorder.doneAt !== null) return;
    const now = performance.now();
    const root = document.querySelector('[data-testid="dashboard-panels"]');
    if (!root) return;
    for (const item of recorder.items) {
      if (recorder.drawn[item.testId] !== undefined) continue;
      const el = root.querySelector(`[data-testid="${item.testId}"]`);
      if (!el) continue;
      let state: string | null = null;
      // the header (HEADER) has no loading state: it is drawn once it names the site
      if (item.testId === 'dashboard-site') {
        if (el.querySelector('p')?.textContent?.trim()) state = 'drawn';
      } else if (el.querySelector('[data-testid="panel-loading"]')) {
        state = null;
      } else if (el.querySelector('[data-testid="panel-error"]')) {
        state = 'error';
      } else if (el.querySelector('[data-testid="panel-empty"]')) {
        state = 'empty';
      } else {
        const charts = [...el.querySelectorAll('[data-testid="chart"]')];
        const tables = [...el.querySelectorAll('table')];
        const chartsDrawn = charts.every((c) => c.querySelector('svg') !== null);
        const tablesDrawn = tables.every((t) => t.querySelector('tbody tr') !== null);
        if (charts.length + tables.length > 0 && chartsDrawn && tablesDrawn) state = 'drawn';
      }
      // after a switch, a panel that reads the comparison counts once none of its old content is left
      if (
        state !== null &&
        recorder.phase === 'switch' &&
        item.comparison &&
        el.querySelector('[data-bench-stale]')
      )
        state = null;
      if (state !== null) {
        recorder.drawn[item.testId] = now - clickAt;
        recorder.states[item.testId] = state;
      }
    }
    if (recorder.items.every((item) => recorder.drawn[item.testId] !== undefined)) recorder.doneAt = now;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** Starts a measured phase: the next click is its start. Before a switch, marks the content to be replaced. */
function arm(phase: 'pick' | 'switch'): void {
  const recorder = window.__dashBench;
  if (!recorder) throw new Error('recorder not installed');
  if (phase === 'switch') {
    for (const item of recorder.items.filter((i) => i.comparison)) {
      document
        .querySelectorAll(
          `[data-testid="${item.testId}"] :is([data-testid="chart"], table, [data-testid="stat"], ` +
            `[data-testid="panel-empty"], [data-testid="panel-error"])`,
        )
        .forEach((node) => node.setAttribute('data-bench-stale', ''));
    }
  }
  recorder.phase = phase;
  recorder.clickAt = null;
  recorder.drawn = {};
  recorder.states = {};
  recorder.doneAt = null;
}

/** The phase's figures, every resource the page fetched from the click on (resource timing), its long tasks. */
function readPhase(): { recorder: Recorder; requests: Request[]; longTasks: Phase['longTasks'] } {
  const recorder = window.__dashBench;
  if (!recorder) throw new Error('recorder not installed');
  const clickAt = recorder.clickAt ?? 0;
  const doneAt = recorder.doneAt ?? performance.now();
  const requests = performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= clickAt && e.startTime <= doneAt)
    .map((e) => {
      const timing = e as PerformanceResourceTiming;
      const url = new URL(timing.name);
      return {
        path: `${url.pathname}${url.search}`,
        kind: timing.initiatorType,
        start: Math.round(timing.startTime - clickAt),
        end: Math.round(timing.responseEnd - clickAt),
        bytes: timing.decodedBodySize,
      };
    });
  const tasks = recorder.longTasks
    .filter(([start, duration]) => start + duration > clickAt && start < doneAt)
    .map(([start, duration]) => Math.min(start + duration, doneAt) - Math.max(start, clickAt));
  const longTasks = {
    count: tasks.length,
    ms: Math.round(tasks.reduce((a, b) => a + b, 0)),
    longest: Math.round(Math.max(0, ...tasks)),
  };
  return { recorder, requests, longTasks };
}

/** Removes the dashboard's stored choices (site, comparison) before the app reads them. */
function forgetDashboardChoices(): void {
  for (const key of Object.keys(localStorage)) {
    if (key.includes('dashboard.')) localStorage.removeItem(key);
  }
}

const isApi = (r: Request) => r.kind === 'fetch' || r.kind === 'xmlhttprequest';

/** Waits until the recorder saw every item drawn; on a timeout, says which were not. */
async function phaseDone(page: Page, what: string): Promise<Phase> {
  try {
    await page.waitForFunction(() => window.__dashBench?.doneAt != null, null, { timeout: TIMEOUT_MS });
  } catch (error) {
    const { recorder } = await page.evaluate(readPhase);
    const missing = ITEMS.filter((i) => recorder.drawn[i.testId] === undefined).map((i) => i.name);
    throw new Error(`${what}: not drawn after ${TIMEOUT_MS} ms: ${missing.join(', ')}`, { cause: error });
  }
  const { recorder, requests, longTasks } = await page.evaluate(readPhase);
  const ms = Math.max(...Object.values(recorder.drawn));
  return { ms, drawn: recorder.drawn, states: recorder.states, requests, longTasks };
}

/** One run in a new page of the context: open the dashboard, pick the site, switch the comparison. */
async function run(page: Page, site: { label: string }): Promise<Run> {
  await page.addInitScript(forgetDashboardChoices);
  await page.goto('./#/');
  await page.getByTestId('dashboard-prompt').waitFor();
  await page.evaluate(
    installRecorder,
    ITEMS.map(({ testId, comparison }) => ({ testId, comparison })),
  );

  const picker = page.getByRole('combobox', { name: 'Money site' });
  await picker.click();
  await picker.fill(site.label);
  const option = page.getByRole('option', { name: site.label, exact: true });
  await option.waitFor();
  await page.evaluate(arm, 'pick' as const);
  await option.click();
  const pick = await phaseDone(page, 'pick');

  const toggle = page.getByRole('group', { name: 'Comparison' });
  const from = toggle.getByRole('button', { name: COMPARISON_LABELS[FROM], exact: true });
  if ((await from.getAttribute('aria-pressed')) !== 'true')
    throw new Error(`the dashboard did not open on ${COMPARISON_LABELS[FROM]}`);
  await page.evaluate(arm, 'switch' as const);
  await toggle.getByRole('button', { name: COMPARISON_LABELS[TO], exact: true }).click();
  const switched = await phaseDone(page, 'comparison switch');
  return { pick, switch: switched };
}

/** The first live money site (the picker's filter) with backlink figures, no gap in them and recent links. */
async function chooseSite(baseURL: string): Promise<{ id: number; label: string }> {
  const { access_token: token } = await call<{ access_token: string }>(
    baseURL,
    null,
    'POST',
    'ums/auth/login',
    PERF_ADMIN,
  );
  const filter = encodeURIComponent(JSON.stringify({ type: 'MONEY', status: 'LIVE' }));
  const list = await call<{ data: Array<Record<string, unknown>> }>(
    baseURL,
    token,
    'GET',
    `${resources.websites.path}?perPage=900&filter=${filter}`,
  );
  for (const w of list.data) {
    const id = String(w.id);
    const stats = await call<ActionResponse<typeof actions.seo.websiteStatistics>>(
      baseURL,
      token,
      'GET',
      `${actionPath(actions.seo.websiteStatistics)}?website_id=${id}`,
    );
    const profile = await call<ActionResponse<typeof actions.seo.backlinkProfile>>(
      baseURL,
      token,
      'GET',
      actionPath(actions.seo.backlinkProfile, { id }),
    );
    if (stats.data.current !== null && !stats.data.missing_previous && profile.data.recent.length > 0)
      return { id: Number(w.id), label: String(w.friendly_name ?? w.hostname ?? w.url ?? w.id) };
  }
  throw new Error('no live money site with SEO history in the demo data');
}

/** Nearest-rank percentile. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};
const lastOf = (phase: Phase) => Object.entries(phase.drawn).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
const nameOf = (testId: string) => ITEMS.find((i) => i.testId === testId)?.name ?? testId;
const pad = (value: string | number, width: number) => String(value).padStart(width);

function timeline(phase: Phase): string[] {
  return [...phase.requests]
    .sort((a, b) => a.start - b.start)
    .map((r) => {
      const kB = pad((r.bytes / 1024).toFixed(1), 7);
      return `${pad(r.start, 6)} → ${pad(r.end, 6)} ms ${kB} kB  ${r.kind.padEnd(8)} ${r.path}`;
    });
}

const apiOf = (phase: Phase) => phase.requests.filter(isApi);
/** When the answer an item draws arrived (ms after the click), or null when it made no call in the phase. */
const answerOf = (phase: Phase, item: Item) => {
  const ends = apiOf(phase)
    .filter((r) => item.call.test(r.path))
    .map((r) => r.end);
  return ends.length ? Math.max(...ends) : null;
};
const round = (values: number[]) => values.map(Math.round);
const stats = (values: number[]) => ({
  medianMs: Math.round(median(values)),
  p95Ms: Math.round(percentile(values, 95)),
  ms: round(values),
});

/** The figures of the runs: totals, requests, and each item's answer and drawing. */
function summarise(site: { id: number; label: string }, first: Run, measured: Run[]) {
  const lastCounts = new Map<string, number>();
  for (const r of measured) lastCounts.set(lastOf(r.pick), (lastCounts.get(lastOf(r.pick)) ?? 0) + 1);
  const medianOrNull = (values: Array<number | null>) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? Math.round(median(known)) : null;
  };
  const panels = ITEMS.map((item) => ({
    testId: item.testId,
    name: item.name,
    state: measured[0]!.pick.states[item.testId] ?? 'unknown',
    pickAnswerMedianMs: medianOrNull(measured.map((r) => answerOf(r.pick, item))),
    pickDrawn: stats(measured.map((r) => r.pick.drawn[item.testId]!)),
    switchAnswerMedianMs: item.comparison
      ? medianOrNull(measured.map((r) => answerOf(r.switch, item)))
      : null,
    switchDrawnMedianMs: item.comparison
      ? Math.round(median(measured.map((r) => r.switch.drawn[item.testId]!)))
      : null,
    lastInRuns: lastCounts.get(item.testId) ?? 0,
  }));
  const last = panels.reduce((a, b) => (b.pickDrawn.medianMs > a.pickDrawn.medianMs ? b : a));
  const lastSwitch = panels.reduce((a, b) =>
    (b.switchDrawnMedianMs ?? 0) > (a.switchDrawnMedianMs ?? 0) ? b : a,
  );
  const phase = (of: (r: Run) => Phase) => ({
    ...stats(measured.map((r) => of(r).ms)),
    requests: Math.round(median(measured.map((r) => apiOf(of(r)).length))),
    requestPaths: apiOf(of(measured[0]!)).map((r) => r.path),
    apiBytes: Math.round(median(measured.map((r) => apiOf(of(r)).reduce((a, q) => a + q.bytes, 0)))),
    lastAnswerMs: Math.round(median(measured.map((r) => Math.max(0, ...apiOf(of(r)).map((q) => q.end))))),
    longTasksMs: Math.round(median(measured.map((r) => of(r).longTasks.ms))),
    longestTaskMs: Math.round(median(measured.map((r) => of(r).longTasks.longest))),
  });
  return {
    bench: 'dashboard-ui',
    site,
    runs: measured.length,
    comparisonSwitch: { from: FROM, to: TO },
    loadAverageAtStart: 0,
    loadAverageAtEnd: 0,
    first: {
      pickMs: Math.round(first.pick.ms),
      switchMs: Math.round(first.switch.ms),
      pickRequests: apiOf(first.pick).length,
      switchRequests: apiOf(first.switch).length,
      lastPanel: nameOf(lastOf(first.pick)),
      pickLongTasksMs: first.pick.longTasks.ms,
    },
    pick: { ...phase((r) => r.pick), lastPanel: last.name },
    switch: { ...phase((r) => r.switch), lastPanel: lastSwitch.name },
    panels,
    firstRunRequests: { pick: first.pick.requests, switch: first.switch.requests },
  };
}

/** The small table. */
function print(results: ReturnType<typeof summarise>): void {
  const { site, first, pick, switch: switched } = results;
  const ms = (v: number) => pad(v, 7);
  console.log(
    `dashboard in Chromium, money site ${site.label} (#${site.id}): a first run (empty browser cache), ` +
      `then ${results.runs} runs, each a fresh page; load average ${results.loadAverageAtStart.toFixed(2)} → ` +
      `${results.loadAverageAtEnd.toFixed(2)}`,
  );
  console.log(`${''.padEnd(38)}  first   median      p95  requests  last answer  long tasks  runs (ms)`);
  const row = (label: string, f: number, p: ReturnType<typeof summarise>['pick']) =>
    console.log(
      `${label.padEnd(38)}${ms(f)}  ${ms(p.medianMs)}  ${ms(p.p95Ms)}  ${pad(p.requests, 8)}  ` +
        `${pad(p.lastAnswerMs, 11)}  ${pad(p.longTasksMs, 10)}  [${p.ms.join(', ')}]`,
    );
  row('pick → every panel drawn', first.pickMs, pick);
  row(`${COMPARISON_LABELS[FROM]} → ${COMPARISON_LABELS[TO]}, panels redrawn`, first.switchMs, switched);
  console.log(
    `(requests: API calls made, median; last answer: when the last of them arrived, median ms after the click; ` +
      `long tasks: main-thread time in tasks over 50 ms until the last panel was drawn, median)`,
  );
  console.log(
    `\n${'panel'.padEnd(26)} ${'state'.padEnd(6)} answer  drawn median   p95   switch: answer  drawn  last in runs`,
  );
  for (const p of results.panels) {
    console.log(
      `${p.name.padEnd(26)} ${p.state.padEnd(6)} ${pad(p.pickAnswerMedianMs ?? '-', 6)}  ` +
        `${pad(p.pickDrawn.medianMs, 12)} ${pad(p.pickDrawn.p95Ms, 5)}   ${pad(p.switchAnswerMedianMs ?? '-', 14)}  ` +
        `${pad(p.switchDrawnMedianMs ?? '-', 5)}  ${pad(p.lastInRuns, 12)}`,
    );
  }
  console.log(
    `last panel drawn after the pick (median): ${pick.lastPanel}; after the switch: ${switched.lastPanel}; ` +
      `first run: ${first.lastPanel}`,
  );
}

runPerf(async ({ baseURL, browser, loadAverageAtStart }) => {
  const site = await chooseSite(baseURL);
  const signIn = await openPage(browser, baseURL);
  await new LoginPage(signIn.page).signIn(PERF_ADMIN.email, PERF_ADMIN.password);
  const state = await signIn.context.storageState();
  await signIn.context.close();

  // one context for all runs: the first page fills its cache, the later ones load static assets from it
  const context = await browser.newContext({
    baseURL,
    storageState: state,
    viewport: { width: 1400, height: 900 },
  });
  const runs: Run[] = [];
  try {
    for (let i = 0; i <= RUNS; i++) {
      const page = await context.newPage();
      try {
        runs.push(await run(page, site));
      } finally {
        await page.close();
      }
    }
  } finally {
    await context.close();
  }

  const [first, ...measured] = runs as [Run, ...Run[]];
  const results = summarise(site, first, measured);
  results.loadAverageAtStart = loadAverageAtStart;
  results.loadAverageAtEnd = os.loadavg()[0] ?? 0;
  print(results);
  if (TRACE) {
    const medianRun = [...measured].sort((a, b) => a.pick.ms - b.pick.ms)[Math.floor(measured.length / 2)]!;
    console.log('\nrequests of the median run, from the pick (start → end, ms after the click):');
    for (const line of timeline(medianRun.pick)) console.log(line);
    console.log('\nrequests of the same run, from the comparison switch:');
    for (const line of timeline(medianRun.switch)) console.log(line);
    console.log('\nrequests of the first run, from the pick:');
    for (const line of timeline(first.pick)) console.log(line);
  }
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
});
