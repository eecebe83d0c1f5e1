/**
 * npm run bench:backlinks — checking bought backlinks (issue 18): `backlinks:check` through the job engine
 * against a bare undici + htmlparser2 loop, over the same linking pages in the same run, on PostgreSQL and
 * on PGlite.
 *
 * The pages (backlinks-server.ts): BENCH_BACKLINKS_PAGES blog posts of 30-80 KB with ~150 links each, spread
 * over BENCH_BACKLINKS_HOSTS servers on 127.0.0.1 (one origin each, each with a robots.txt), in a child
 * process of their own. The ledger: BENCH_BACKLINKS_LINKS rows, as many per page, their pages built so that
 * most checks find the link as bought and some find it missing, with a withholding rel, reworded, the page
 * gone (404) or disallowed by robots.txt. Both sides' results are checked against what the pages hold.
 *
 * - engine: the app's job engine (workers started as the jobs bench does) runs `backlinks:check` with every
 *   ledger id (`ids`): per link a unit carrying its ledger row (read when the run is planned) that checks the
 *   page through the guarded client (robots.txt, redirects, evidence), has it parsed and judged on the link
 *   checks' worker threads (LINK_CHECK_THREADS, one per core by default), learns the host's network (RDAP,
 *   from the pages' own registry: asked once per run, then from the run's memory) and writes the check, the
 *   status, ip_info and any warning in one statement, in the group's transaction. Timed from the call that
 *   starts the run until the run has no unit left.
 * - bare: the same checks as a plain loop with as many in flight as the engine's slots (batchSize x workers):
 *   undici fetches robots.txt once per host (cached for the round) and each page, htmlparser2 finds the link
 *   and its anchor and rel; nothing is written.
 *
 * Both sides are warmed first, then alternate which goes first, round by round; the figure is the median of
 * the rounds' paired ratios (as the keyword checker's). Peak RSS of this process (the pages are served from
 * another) is sampled every 50 ms, per side. Targets: >= 0.7x on PostgreSQL, >= 0.5x on PGlite.
 *
 * Knobs: BENCH_BACKLINKS_DATABASES (postgres,pglite), BENCH_BACKLINKS_LINKS (10000), BENCH_BACKLINKS_PAGES
 * (2000), BENCH_BACKLINKS_HOSTS (20), BENCH_BACKLINKS_ROUNDS (3), BENCH_BACKLINKS_SEED. PostgreSQL as the
 * other benches (scratch database, dropped). Writes bench-results/backlinks.json.
 */
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { Agent, request } from 'undici';
import type { Db } from '../src/db/db.js';
import {
  BENCH_NETWORK,
  ledgerOf,
  type Expectation,
  type LedgerSpec,
  type SitesSettings,
} from './backlinks-server.js';
import type { BenchDb, DbKind } from './databases.js';
import { names, positive } from './env.js';
import { atLeast, type Figure } from './figures.js';
import { openEngineApp, runRow, type EngineApp } from './jobs-app.js';
import { median } from './jobs-report.js';
import { statements } from './jobs-statements.js';
import { loadBefore, machine } from './machine.js';
import { log } from './measure.js';
import { writeJson } from './report.js';
import {
  engineSlots,
  failIfWrong,
  lanes,
  runToEnd,
  withBenchDb,
  type EngineSlots,
} from './support/engine-runs.js';
import { pagesInProcess } from './support/local-pages.js';

const COMMAND = { service: 'dms', name: 'backlinks:check' } as const;
const TARGETS: Record<DbKind, number> = { postgres: 0.7, pglite: 0.5 };
const WARMUP_LINKS = 200;
const RUN_TIMEOUT_MS = 900_000;
const RSS_SAMPLE_MS = 50;
const USER_AGENT = 'SitefleetBot/1.0 (+https://sitefleet.local/bot)';
const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'backlinks.json');

interface Settings {
  databases: DbKind[];
  links: number;
  pages: number;
  hosts: number;
  rounds: number;
  seed: number;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const s: Settings = {
    databases: names(env, 'BENCH_BACKLINKS_DATABASES', ['postgres', 'pglite'] as const),
    links: positive(env, 'BENCH_BACKLINKS_LINKS', 10_000, 20_000),
    pages: positive(env, 'BENCH_BACKLINKS_PAGES', 2_000, 20_000),
    hosts: positive(env, 'BENCH_BACKLINKS_HOSTS', 20, 200),
    rounds: positive(env, 'BENCH_BACKLINKS_ROUNDS', 3, 20),
    seed: positive(env, 'BENCH_BACKLINKS_SEED', 20240518, 2 ** 31 - 1),
  };
  if (s.links < s.pages) throw new Error('BENCH_BACKLINKS_LINKS must be at least BENCH_BACKLINKS_PAGES');
  return s;
}

/** A ledger row as both sides check it: the linking page's full address and what it must show. */
interface Row extends Omit<LedgerSpec, 'path'> {
  backlink: string;
}

interface Served {
  rows: Row[];
  ports: number[];
  close(): Promise<void>;
}

/** Starts the pages' child process and builds the ledger with its ports. */
async function servePages(s: SitesSettings, links: number): Promise<Served> {
  const pages = await pagesInProcess<{ ports: number[] }>(
    path.join(import.meta.dirname, 'backlinks-server.ts'),
    s,
  );
  const { ports } = pages.served;
  const rows = ledgerOf(s)
    .slice(0, links)
    .map(({ path: p, ...spec }) => ({ ...spec, backlink: `http://127.0.0.1:${ports[spec.host]}${p}` }));
  return { rows, ports, close: () => pages.close() };
}

/** Peak resident memory of this process between start() and stop(), sampled. */
class RssPeak {
  private peak = 0;
  private timer: NodeJS.Timeout | null = null;

  private sample = () => {
    this.peak = Math.max(this.peak, process.memoryUsage.rss());
  };

  start(): void {
    this.peak = 0;
    this.sample();
    this.timer = setInterval(this.sample, RSS_SAMPLE_MS);
  }

  stop(): number {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.peak / 2 ** 20;
  }
}

// ---------------------------------------------------------------------------------------------- bare loop

/** The Disallow prefixes of robots.txt's "*" group: what a bare crawler would honour. */
function disallowed(text: string): string[] {
  const out: string[] = [];
  let star = false;
  let rules = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (rules) star = false;
      rules = false;
      star ||= value === '*';
    } else if (key === 'disallow' || key === 'allow') {
      rules = true;
      if (star && key === 'disallow' && value) out.push(value);
    }
  }
  return out;
}

const UNFOLLOWED = ['nofollow', 'sponsored', 'ugc'];
const normalise = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();

/** The first link to `target` on the page: its rel tokens and text. */
function findLink(html: string, target: string): { rel: string[]; anchor: string } | null {
  let found: { rel: string[]; anchor: string } | null = null;
  let open: { rel: string[]; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        if (tag !== 'a' || found) return;
        if (attribs.href === target) open = { rel: (attribs.rel ?? '').toLowerCase().split(/\s+/), text: '' };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(tag) {
        if (tag === 'a' && open) {
          found = { rel: open.rel, anchor: open.text };
          open = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

function bareVerdict(row: Row, link: { rel: string[]; anchor: string } | null): Expectation {
  if (!link) return 'link_not_found';
  const relOk =
    row.rel === 'follow' ? !link.rel.some((t) => UNFOLLOWED.includes(t)) : link.rel.includes(row.rel);
  if (!relOk) return 'wrong_rel';
  return normalise(link.anchor) === normalise(row.anchor) ? 'ok' : 'wrong_anchor';
}

/** The same checks with undici and htmlparser2 alone: robots.txt once per host, then each page; ms. */
async function bareRound(agent: Agent, rows: Row[], inFlight: number): Promise<number> {
  const robots = new Map<string, Promise<string[]>>();
  const robotsOf = (origin: string) => {
    let r = robots.get(origin);
    if (!r) {
      r = request(`${origin}/robots.txt`, { dispatcher: agent, headers: { 'user-agent': USER_AGENT } }).then(
        async (res) => {
          const text = await res.body.text();
          return res.statusCode === 200 ? disallowed(text) : [];
        },
      );
      robots.set(origin, r);
    }
    return r;
  };
  const wrong: string[] = [];
  const started = performance.now();
  await lanes(rows, inFlight, async (row) => {
    const url = new URL(row.backlink);
    const rules = await robotsOf(url.origin);
    let got: Expectation;
    if (rules.some((prefix) => url.pathname.startsWith(prefix))) got = 'blocked_by_robots';
    else {
      const res = await request(row.backlink, {
        dispatcher: agent,
        headers: { 'user-agent': USER_AGENT, accept: 'text/html' },
      });
      const html = await res.body.text();
      got = res.statusCode === 404 ? 'page_gone' : bareVerdict(row, findLink(html, row.url));
    }
    if (got !== row.expected)
      wrong.push(`${row.backlink} -> ${row.url}: expected ${row.expected}, got ${got}`);
  });
  const ms = performance.now() - started;
  failIfWrong('bare loop', wrong);
  return ms;
}

// ------------------------------------------------------------------------------------------------- engine

/** Inserts the ledger (permanent links, never checked); answers the ids in the rows' order. */
async function seedLedger(db: Db, rows: Row[]): Promise<number[]> {
  const ids: number[] = [];
  const CHUNK = 2_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const r = await db.query<{ id: string }>(
      `INSERT INTO external_backlinks (backlink, url, anchor, rel_attribute, permanent, price, currency)
       SELECT b, u, a, r, true, 50, 'EUR' FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         WITH ORDINALITY AS t(b, u, a, r, n) ORDER BY n
       RETURNING id`,
      [
        part.map((x) => x.backlink),
        part.map((x) => x.url),
        part.map((x) => x.anchor),
        part.map((x) => x.rel),
      ],
    );
    ids.push(...r.rows.map((x) => Number(x.id)).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Every unit recorded, one check written per link, each link's status what its page holds, and its host's
 * ip_info the network the registry answers for the pages' address.
 */
async function verifyRun(
  db: Db,
  runId: number,
  rows: Row[],
  ids: number[],
  checksBefore: number,
): Promise<number> {
  const run = await runRow(db, runId);
  const ok = rows.filter((r) => r.expected === 'ok').length;
  const wrong: string[] = [];
  if (run.job_count !== rows.length || run.remaining_jobs !== 0 || run.success_count !== ok)
    wrong.push(`run ${runId}: ${JSON.stringify(run)}; expected ${rows.length} units, ${ok} successful`);
  const checks = await db.query<{ n: string }>('SELECT count(*) AS n FROM external_backlink_checks');
  const written = Number(checks.rows[0]!.n);
  if (written - checksBefore !== rows.length)
    wrong.push(`${written - checksBefore} checks written for ${rows.length} links`);
  const status = await db.query<{ id: string; status: string | null; host: string | null }>(
    `SELECT id, status, concat_ws(' ', ip_info->>'ip', ip_info->>'country', ip_info->>'org') AS host
       FROM external_backlinks WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  const byId = new Map(status.rows.map((r) => [Number(r.id), r]));
  const host = `${BENCH_NETWORK.ip} ${BENCH_NETWORK.country} ${BENCH_NETWORK.org}`;
  rows.forEach((row, i) => {
    const got = byId.get(ids[i]!);
    if (got?.status !== row.expected)
      wrong.push(`${row.backlink} -> ${row.url}: expected ${row.expected}, got ${got?.status ?? 'nothing'}`);
    // A page that answered (all but those robots.txt keeps the checker from) names its host's network.
    else if (row.expected !== 'blocked_by_robots' && got.host !== host)
      wrong.push(`${row.backlink}: ip_info "${got.host}", expected "${host}"`);
  });
  failIfWrong(`engine run ${runId}`, wrong);
  return written;
}

/** One backlinks:check run over the ids, from the call that starts it until no unit is left; ms. */
async function engineRound(engine: EngineApp, rows: Row[], ids: number[], checksBefore: number) {
  const { runId, ms } = await runToEnd(engine, COMMAND, { ids: ids.join(',') }, RUN_TIMEOUT_MS);
  const checks = await verifyRun(engine.deps.db, runId, rows, ids, checksBefore);
  return { ms, checks };
}

// -------------------------------------------------------------------------------------------------- rounds

interface Round {
  /** Monotonic clock (µs, as CPU profiles stamp their samples) when the round started and ended. */
  fromUs: number;
  toUs: number;
  ms: number;
  linksPerSecond: number;
  cpuMsPerLink: number;
  peakRssMb: number;
  /** Statements sent to PostgreSQL per link (engine on PostgreSQL only; null otherwise). */
  statementsPerLink: number | null;
}

interface Side {
  rounds: Round[];
  linksPerSecond: number;
  cpuMsPerLink: number;
  peakRssMb: number;
}

interface DatabaseResult {
  database: DbKind;
  where: string;
  links: number;
  /** Links in flight at most on either side: the engine's slots (batchSize x workers). */
  concurrency: number;
  engineSettings: EngineSlots;
  seedSeconds: number;
  loadBefore: number;
  /** RSS after the app opened and the ledger was seeded, before any check. */
  rssAtStartMb: number;
  engine: Side;
  bare: Side;
  /** The engine's most frequent statements in its last round (PostgreSQL): text, count, ms waited on them. */
  topStatements: Array<[string, number, number]>;
  /** Median of each round's engine links/s over the bare run's beside it. */
  ratio: number;
  roundRatios: number[];
  ratioOfMedians: number;
  target: number;
  pass: boolean;
}

async function measure(links: number, counted: boolean, run: () => Promise<number>): Promise<Round> {
  statements.reset();
  const rss = new RssPeak();
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  rss.start();
  const cpu = process.cpuUsage();
  let ms: number;
  let peakRssMb: number;
  try {
    ms = await run();
  } finally {
    peakRssMb = rss.stop();
  }
  const used = process.cpuUsage(cpu);
  return {
    fromUs,
    toUs: Number(process.hrtime.bigint() / 1000n),
    ms,
    linksPerSecond: links / (ms / 1000),
    cpuMsPerLink: (used.user + used.system) / 1000 / links,
    peakRssMb,
    statementsPerLink: counted ? statements.total / links : null,
  };
}

function side(rounds: Round[]): Side {
  return {
    rounds,
    linksPerSecond: median(rounds.map((r) => r.linksPerSecond)),
    cpuMsPerLink: median(rounds.map((r) => r.cpuMsPerLink)),
    peakRssMb: Math.max(...rounds.map((r) => r.peakRssMb)),
  };
}

async function benchDatabase(
  bdb: BenchDb,
  served: Served,
  s: Settings,
  load: number,
): Promise<DatabaseResult> {
  const engine = await openEngineApp(bdb.db, {
    // The pages and the registry of their (loopback) address are this machine's.
    outboundAllowPrivate: true,
    rdapBootstrapUrl: `http://127.0.0.1:${served.ports[0]}/rdap/dns.json`,
    crawlerUserAgent: USER_AGENT,
  });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  try {
    const seeded = performance.now();
    const ids = await seedLedger(bdb.db, served.rows);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const settings = engineSlots(engine.deps, COMMAND);
    const inFlight = settings.slots;
    log(
      `  ledger: ${ids.length} links seeded in ${seedSeconds.toFixed(1)} s; engine ${settings.workers} worker(s) x ` +
        `${settings.batchSize} slots, ${settings.unitsPerJob || 'default'} units per message; bare loop ${inFlight} in flight`,
    );
    const rssAtStartMb = process.memoryUsage.rss() / 2 ** 20;
    let checks = 0;
    const warm = Math.min(WARMUP_LINKS, served.rows.length);
    await bareRound(agent, served.rows.slice(0, warm), inFlight);
    checks = (await engineRound(engine, served.rows.slice(0, warm), ids.slice(0, warm), checks)).checks;
    const bare: Round[] = [];
    const eng: Round[] = [];
    let topStatements: Array<[string, number, number]> = [];
    const n = served.rows.length;
    for (let i = 1; i <= s.rounds; i++) {
      const order = i % 2 ? (['bare', 'engine'] as const) : (['engine', 'bare'] as const);
      for (const which of order) {
        const r =
          which === 'bare'
            ? await measure(n, false, () => bareRound(agent, served.rows, inFlight))
            : await measure(n, bdb.kind === 'postgres', async () => {
                const e = await engineRound(engine, served.rows, ids, checks);
                checks = e.checks;
                return e.ms;
              });
        (which === 'bare' ? bare : eng).push(r);
        if (which === 'engine') topStatements = statements.top(8);
        log(
          `  round ${i} ${which === 'bare' ? 'bare loop' : 'engine   '} ${r.linksPerSecond.toFixed(1).padStart(7)} links/s ` +
            `(${n} links in ${r.ms.toFixed(0)} ms; ${r.cpuMsPerLink.toFixed(2)} cpu ms/link; peak RSS ${r.peakRssMb.toFixed(0)} MB` +
            `${r.statementsPerLink === null ? '' : `; ${r.statementsPerLink.toFixed(1)} statements/link`})`,
        );
      }
    }
    const engineSide = side(eng);
    const bareSide = side(bare);
    const roundRatios = eng.map((e, i) => e.linksPerSecond / bare[i]!.linksPerSecond);
    const ratio = median(roundRatios);
    return {
      database: bdb.kind,
      where: bdb.where,
      links: n,
      concurrency: inFlight,
      engineSettings: settings,
      seedSeconds,
      loadBefore: load,
      rssAtStartMb,
      topStatements,
      engine: engineSide,
      bare: bareSide,
      ratio,
      roundRatios,
      ratioOfMedians: engineSide.linksPerSecond / bareSide.linksPerSecond,
      target: TARGETS[bdb.kind],
      pass: ratio >= TARGETS[bdb.kind],
    };
  } finally {
    await agent.close();
    await engine.close();
  }
}

function figuresOf(results: DatabaseResult[]): Figure[] {
  return results.map((r) => ({
    ...atLeast(
      `backlink checks links/s vs bare loop, ${r.database} (median of paired rounds)`,
      r.engine.linksPerSecond,
      r.bare.linksPerSecond,
      'links/s',
      r.target,
    ),
    ratio: r.ratio,
    pass: r.pass,
  }));
}

function verdict(r: DatabaseResult): string {
  return (
    `${r.database}: engine ${r.engine.linksPerSecond.toFixed(1)} links/s (${r.engine.cpuMsPerLink.toFixed(2)} cpu ms/link, ` +
    `peak RSS ${r.engine.peakRssMb.toFixed(0)} MB), bare ${r.bare.linksPerSecond.toFixed(1)} links/s ` +
    `(${r.bare.cpuMsPerLink.toFixed(2)} cpu ms/link, peak RSS ${r.bare.peakRssMb.toFixed(0)} MB), ${r.concurrency} in flight; ` +
    `ratio ${r.ratio.toFixed(3)} (rounds ${r.roundRatios.map((x) => x.toFixed(3)).join(', ')}; medians' ` +
    `${r.ratioOfMedians.toFixed(3)}; target >= ${r.target}) ${r.pass ? 'PASS' : 'FAIL'}`
  );
}

async function main(): Promise<void> {
  const s = readSettings(process.env);
  statements.install();
  const m = machine();
  const started = performance.now();
  const sites: SitesSettings = {
    pages: s.pages,
    hosts: Math.min(s.hosts, s.pages),
    linksPerPage: Math.ceil(s.links / s.pages),
    seed: s.seed,
  };
  log('bench:backlinks — backlinks:check through the job engine against a bare undici + htmlparser2 loop');
  log(
    `${s.links} links on ${s.pages} pages over ${sites.hosts} hosts, ${s.rounds} rounds; node ${m.node}; ` +
      `${m.cpus} x ${m.cpu ?? 'cpu'}; load average ${m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' ')}`,
  );
  const servedAt = performance.now();
  const served = await servePages(sites, s.links);
  const mix = new Map<string, number>();
  for (const r of served.rows) mix.set(r.expected, (mix.get(r.expected) ?? 0) + 1);
  log(
    `pages served from a child process in ${((performance.now() - servedAt) / 1000).toFixed(1)} s; expected: ` +
      [...mix].map(([k, v]) => `${k} ${v}`).join(', '),
  );
  const results: DatabaseResult[] = [];
  const skipped: Record<string, string> = {};
  try {
    for (const kind of s.databases) {
      log(`\n== ${kind}`);
      const r = await withBenchDb(kind, (bdb) => {
        log(`  database: ${bdb.where}`);
        return benchDatabase(bdb, served, s, loadBefore());
      });
      if (typeof r === 'string') {
        skipped[kind] = r;
        log(`  skipped (${r})`);
      } else results.push(r);
    }
  } finally {
    await served.close();
  }
  const seconds = (performance.now() - started) / 1000;
  log(`\n${results.map(verdict).join('\n')}`);
  log(
    `took ${seconds.toFixed(0)} s; load average now ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  writeJson(RESULTS_FILE, {
    date: new Date().toISOString(),
    seconds,
    settings: s,
    expected: Object.fromEntries(mix),
    machine: { ...m, loadAverageAtEnd: os.loadavg() },
    targets: TARGETS,
    figures: figuresOf(results),
    results,
    skipped,
  });
  log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
