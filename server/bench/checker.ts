import { CHECKER_LIMITS, DEFAULT_CHECKER_KEYWORDS, type KeywordPageResult } from '@sitefleet/shared';
import { Agent, request } from 'undici';
import type { Queryable } from '../src/db/db.js';
import type { AppDeps } from '../src/deps.js';
import { checkKeywords } from '../src/integrations/html/keywords.js';
import { generateCorpus } from '../test/fixtures/pages/corpus.js';
import type { CorpusServerData } from './checker-server.js';
import type { BenchDb } from './databases.js';
import { openEngineApp, runRow, type EngineApp } from './jobs-app.js';
import {
  CHECKER_TARGET_RATIO,
  median,
  type CheckerDatabaseResult,
  type CheckerHandlerResult,
  type CheckerRound,
} from './jobs-report.js';
import { log } from './measure.js';
import { engineSlots, failIfWrong, lanes, runToEnd } from './support/engine-runs.js';
import { pagesInThread } from './support/local-pages.js';

export interface CheckerSettings {
  pages: number;
  rounds: number;
  seed: number;
}

const COMMAND = { service: 'dms', name: 'backlinks:keyword-check' } as const;
const KEYWORDS: readonly string[] = DEFAULT_CHECKER_KEYWORDS;
const WARMUP_PAGES = 100;
const RUN_TIMEOUT_MS = 300_000;

/** The corpus, served on 127.0.0.1, with the keywords each page really shows (by path). */
export interface ServedCorpus {
  urls: string[];
  expected: Map<string, string>;
  bytes: number;
  close(): Promise<void>;
}

function expectation(found: readonly string[]): string {
  return found.join(' | ') || '(none)';
}

export async function serveCorpus(s: CheckerSettings): Promise<ServedCorpus> {
  const pages = generateCorpus(s.pages, s.seed);
  const data: CorpusServerData = { pages: pages.map((p) => ({ path: p.path, html: p.html })) };
  const server = await pagesInThread<{ port: number }>(new URL('./checker-server.ts', import.meta.url), data);
  const origin = `http://127.0.0.1:${server.served.port}`;
  return {
    urls: pages.map((p) => `${origin}${p.path}`),
    expected: new Map(pages.map((p) => [p.path, expectation(p.keywords)])),
    bytes: pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0),
    close: () => server.close(),
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

/** Pages the engine has in flight at most: its slots (support/engine-runs.ts). */
export function engineInFlight(deps: AppDeps): number {
  return engineSlots(deps, COMMAND).slots;
}

function mismatch(url: string, expected: string | undefined, got: string): string {
  return `${url}: expected ${expected ?? '(not in the corpus)'}, got ${got}`;
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
  const { runId, ms } = await runToEnd(
    engine,
    COMMAND,
    {
      keywords: KEYWORDS.join('\n'),
      keyword_delimiter: 'newline',
      pages: urls.join('\n'),
      page_delimiter: 'newline',
    },
    RUN_TIMEOUT_MS,
  );
  await verifyRun(engine.deps.db, runId, corpus, urls.length);
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
