import { Worker } from 'node:worker_threads';
import { CHECKER_LIMITS, DEFAULT_CHECKER_KEYWORDS, type KeywordPageResult } from '@sitefleet/shared';
import { Agent, request } from 'undici';
import type { Queryable } from '../src/db/db.js';
import type { AppDeps } from '../src/deps.js';
import { checkKeywords } from '../src/integrations/html/keywords.js';
import { generateCorpus } from '../test/fixtures/pages/corpus.js';
import type { CorpusServerData } from './checker-server.js';
import type { BenchDb } from './databases.js';
import { openEngineApp, runRow, waitFor, type EngineApp } from './jobs-app.js';
import {
  CHECKER_TARGET_RATIO,
  median,
  type CheckerDatabaseResult,
  type CheckerHandlerResult,
  type CheckerRound,
} from './jobs-report.js';
import { log } from './measure.js';

export interface CheckerSettings {
  pages: number;
  rounds: number;
  seed: number;
}

const COMMAND = { service: 'dms', name: 'backlinks:keyword-check' } as const;
const KEYWORDS: readonly string[] = DEFAULT_CHECKER_KEYWORDS;
const WARMUP_PAGES = 100;
const RUN_POLL_MS = 1_000;
const RUN_TIMEOUT_MS = 300_000;

/** The corpus, served on 127.0.0.1, with the keywords each page really shows (by path). */
export interface ServedCorpus {
  urls: string[];
  expected: Map<string, string>;
  bytes: number;
  close(): Promise<void>;
}

/** Node 20 does not carry tsx's loader into worker threads: a tiny module registers it first (as load.ts). */
function workerEntry(): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const target = new URL('./checker-server.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

function expectation(found: readonly string[]): string {
  return found.join(' | ') || '(none)';
}

export async function serveCorpus(s: CheckerSettings): Promise<ServedCorpus> {
  const pages = generateCorpus(s.pages, s.seed);
  const data: CorpusServerData = { pages: pages.map((p) => ({ path: p.path, html: p.html })) };
  const worker = new Worker(workerEntry(), { workerData: data });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`corpus server exited with code ${code}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    urls: pages.map((p) => `${origin}${p.path}`),
    expected: new Map(pages.map((p) => [p.path, expectation(p.keywords)])),
    bytes: pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0),
    close: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      const timer = setTimeout(() => void worker.terminate(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Time-weighted count of page requests in flight. */
class InFlight {
  private n = 0;
  private area = 0;
  private last = performance.now();
  private started = this.last;

  private tick(): void {
    const now = performance.now();
    this.area += this.n * (now - this.last);
    this.last = now;
  }

  reset(): void {
    this.n = 0;
    this.area = 0;
    this.last = this.started = performance.now();
  }

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.tick();
    this.n++;
    try {
      return await work();
    } finally {
      this.tick();
      this.n--;
    }
  }

  average(): number {
    this.tick();
    const span = this.last - this.started;
    return span > 0 ? this.area / span : 0;
  }
}

/** Runs fn over items with at most `limit` at once. */
async function lanes<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Pages the engine has in flight at most, read the way JobEngine.startWorkers sets its workers up: each
 * of round(concurrency x JOBS_CONCURRENCY) workers fetches batchSize jobs and runs them all at once.
 */
export function engineInFlight(deps: AppDeps): number {
  const def = deps.jobs.get(COMMAND.service, COMMAND.name);
  if (!def) throw new Error(`${COMMAND.name} is not registered`);
  const workers = Math.max(1, Math.round((def.concurrency ?? 2) * deps.config.jobsConcurrency));
  return (def.batchSize ?? 20) * workers;
}

function mismatch(url: string, expected: string | undefined, got: string): string {
  return `${url}: expected ${expected ?? '(not in the corpus)'}, got ${got}`;
}

function failIfWrong(label: string, wrong: string[]): void {
  if (!wrong.length) return;
  throw new Error(`${label}: ${wrong.length} wrong results, e.g.\n  ${wrong.slice(0, 5).join('\n  ')}`);
}

/** undici and htmlparser2 through the same checkKeywords, nothing else; answers elapsed ms. */
async function bareRound(
  agent: Agent,
  corpus: ServedCorpus,
  urls: string[],
  inFlight: number,
  tracker: InFlight,
): Promise<number> {
  const wrong: string[] = [];
  const started = performance.now();
  await lanes(urls, inFlight, async (url) => {
    const { res, html } = await tracker.track(async () => {
      const r = await request(url, { dispatcher: agent, headers: { accept: 'text/html' } });
      return { res: r, html: await r.body.text() };
    });
    if (res.statusCode !== 200) {
      wrong.push(`${url}: answered ${res.statusCode}`);
      return;
    }
    const got = expectation(checkKeywords(html, KEYWORDS).found.map((f) => f.keyword));
    const want = corpus.expected.get(new URL(url).pathname);
    if (got !== want) wrong.push(mismatch(url, want, got));
  });
  const ms = performance.now() - started;
  failIfWrong('bare loop', wrong);
  return ms;
}

/** Every unit done, with the keywords the corpus says its page shows. */
async function verifyRun(db: Queryable, runId: number, corpus: ServedCorpus, pages: number): Promise<void> {
  const run = await runRow(db, runId);
  if (run.status !== 'completed' || run.job_count !== pages || run.success_count !== pages) {
    throw new Error(`keyword run ${runId} ended ${run.status}: ${JSON.stringify(run)}`);
  }
  const units = await db.query<{ key: string; state: string; output: KeywordPageResult }>(
    'SELECT key, state, output FROM cron_run_jobs WHERE run_id = $1',
    [runId],
  );
  const wrong: string[] = [];
  for (const u of units.rows) {
    if (u.state !== 'done' || u.output.status !== 200) {
      wrong.push(`${u.key}: ${u.state}, ${u.output.message}`);
      continue;
    }
    const got = expectation(u.output.found.map((f) => f.keyword));
    const want = corpus.expected.get(new URL(u.key).pathname);
    if (got !== want) wrong.push(mismatch(u.key, want, got));
  }
  if (units.rows.length !== pages) wrong.push(`${units.rows.length} units for ${pages} pages`);
  failIfWrong(`engine run ${runId}`, wrong);
}

/** One keyword run through the engine, from the call that starts it until it has no unit left; ms. */
async function engineRound(engine: EngineApp, corpus: ServedCorpus, urls: string[]): Promise<number> {
  const db = engine.deps.db;
  const started = performance.now();
  const runId = await engine.deps.jobs.startRun(
    COMMAND.service,
    COMMAND.name,
    {
      keywords: KEYWORDS.join('\n'),
      keyword_delimiter: 'newline',
      pages: urls.join('\n'),
      page_delimiter: 'newline',
    },
    { trigger: 'api', userId: null },
  );
  // The engine says when it records the run's last unit; polling the database meanwhile would load the
  // very database the engine works on (PGlite shares this thread). A slow poll stays as a fallback.
  let done = false;
  const finished = engine.deps.jobs.whenFinished(runId).then(() => {
    done = true;
  });
  await Promise.race([
    finished,
    waitFor(`keyword run ${runId} to end`, RUN_TIMEOUT_MS, RUN_POLL_MS, async () =>
      done || (await runRow(db, runId)).remaining_jobs === 0 ? true : null,
    ),
  ]);
  const ms = performance.now() - started;
  await verifyRun(db, runId, corpus, urls.length);
  return ms;
}

function figures(rounds: CheckerRound[]): CheckerHandlerResult {
  return {
    rounds,
    pagesPerSecond: median(rounds.map((r) => r.pagesPerSecond)),
    cpuMsPerPage: median(rounds.map((r) => r.cpuMsPerPage)),
    avgInFlight: median(rounds.map((r) => r.avgInFlight)),
  };
}

/** Counts the engine's page requests by wrapping the crawler client the command fetches through. */
function trackEngineFetches(deps: AppDeps, tracker: InFlight): void {
  const inner = deps.integrations.crawlerFetch; // integrations.close() still closes the real client
  deps.integrations.crawlerFetch = (url, init) => tracker.track(() => inner(url, init));
}

async function measure(pages: number, tracker: InFlight, run: () => Promise<number>): Promise<CheckerRound> {
  tracker.reset();
  const cpu = process.cpuUsage();
  const ms = await run();
  const used = process.cpuUsage(cpu);
  return {
    ms,
    pagesPerSecond: pages / (ms / 1000),
    cpuMsPerPage: (used.user + used.system) / 1000 / pages,
    avgInFlight: tracker.average(),
  };
}

/**
 * The keyword checker through the job engine (guarded client, queue, unit bookkeeping) against a bare
 * undici + htmlparser2 loop over the same pages with the same number in flight, alternating which goes
 * first each round.
 */
export async function benchChecker(
  bdb: BenchDb,
  corpus: ServedCorpus,
  s: CheckerSettings,
  loadBefore: number,
): Promise<CheckerDatabaseResult> {
  if (corpus.urls.length > CHECKER_LIMITS.maxPages)
    throw new Error(`At most ${CHECKER_LIMITS.maxPages} pages`);
  const engine = await openEngineApp(bdb.db, { outboundAllowHosts: ['127.0.0.1'] });
  const agent = new Agent();
  try {
    const inFlight = engineInFlight(engine.deps);
    const bareTracker = new InFlight();
    const engineTracker = new InFlight();
    trackEngineFetches(engine.deps, engineTracker);
    const warm = corpus.urls.slice(0, WARMUP_PAGES);
    await bareRound(agent, corpus, warm, inFlight, bareTracker);
    await engineRound(engine, corpus, warm);
    const bare: CheckerRound[] = [];
    const eng: CheckerRound[] = [];
    const pages = corpus.urls.length;
    for (let i = 1; i <= s.rounds; i++) {
      const order = i % 2 ? (['bare', 'engine'] as const) : (['engine', 'bare'] as const);
      for (const which of order) {
        const r =
          which === 'bare'
            ? await measure(pages, bareTracker, () =>
                bareRound(agent, corpus, corpus.urls, inFlight, bareTracker),
              )
            : await measure(pages, engineTracker, () => engineRound(engine, corpus, corpus.urls));
        (which === 'bare' ? bare : eng).push(r);
        log(
          `  round ${i} ${which === 'bare' ? 'bare loop' : 'engine   '} ${r.pagesPerSecond.toFixed(1).padStart(7)} pages/s ` +
            `(${pages} pages in ${r.ms.toFixed(0)} ms; ${r.cpuMsPerPage.toFixed(2)} cpu ms/page; ` +
            `${r.avgInFlight.toFixed(1)} of ${inFlight} in flight on average)`,
        );
      }
    }
    const engineFigures = figures(eng);
    const bareFigures = figures(bare);
    const roundRatios = eng.map((e, i) => e.pagesPerSecond / bare[i]!.pagesPerSecond);
    const ratio = median(roundRatios);
    return {
      database: bdb.kind,
      where: bdb.where,
      pages,
      corpusBytes: corpus.bytes,
      concurrency: inFlight,
      loadBefore,
      engine: engineFigures,
      bare: bareFigures,
      ratio,
      roundRatios,
      ratioOfMedians: engineFigures.pagesPerSecond / bareFigures.pagesPerSecond,
      pass: ratio >= CHECKER_TARGET_RATIO,
    };
  } finally {
    await agent.close();
    await engine.close();
  }
}
