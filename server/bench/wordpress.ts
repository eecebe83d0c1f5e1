/**
 * npm run bench:wordpress — the fleet sync of BENCH_WP_SITES (default 1,000) WordPress sites served by the
 * local fake of the REST and companion endpoints (its own thread), 5% of them dead (the socket closes) or
 * hanging (no answer until the per-request timeout), against a bare undici loop doing the same requests for
 * the same sites with as many sites in flight as the engine had.
 *
 * Figures: sites/s vs the bare loop (>= 0.7x) and the run's time against the loop's plus one timeout, both of
 * the fleet's first sync, in the round with the median ratio of BENCH_WP_ROUNDS (default 3). Each round
 * times the engine's first sync of the fleet (its synced data cleared before) against the mean of a loop
 * run just before and one just after it, so machine noise between rounds shows in the spread rather than
 * in the figure. The next run's time (the failed sites known, so started first) is printed as context. A first, unmeasured pass of the loop warms the fake
 * (it builds each answer once), and each side's CPU is printed: on two cores the engine shares the machine
 * with PostgreSQL, which the loop does not use.
 * Knobs: BENCH_WP_SITES, BENCH_WP_POSTS (posts per site, default 40), BENCH_WP_TIMEOUT_MS (default 3000),
 * BENCH_WP_ROUNDS (default 3), BENCH_WP_DATABASES (pglite,postgres).
 * Writes bench-results/wordpress.json.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { Agent, request } from 'undici';
import { slotsOf } from '../src/jobs/job-data.js';
import { wordpressSync } from '../src/services/dms/wordpress/commands.js';
import { PASSWORD_CONTEXT } from '../src/services/dms/wordpress/site-client.js';
import type { FakeSiteConfig } from '../test/support/wordpress-fake.js';
import { FAKE_PASSWORD } from '../test/support/wordpress-fake.js';
import { openBenchPglite, openBenchPostgres, postgresServer, type BenchDb } from './databases.js';
import { names, positive } from './env.js';
import { atLeast, ceiling, type Figure } from './figures.js';
import { nowMs, openEngineApp, runRow, waitFor } from './jobs-app.js';
import { log } from './measure.js';
import { writeJson } from './report.js';

const SITES = positive(process.env, 'BENCH_WP_SITES', 1000, 20_000);
const TIMEOUT_MS = positive(process.env, 'BENCH_WP_TIMEOUT_MS', 3000, 60_000);
const DATABASES = names(process.env, 'BENCH_WP_DATABASES', ['pglite', 'postgres'] as const);
const POSTS = positive(process.env, 'BENCH_WP_POSTS', 40, 10_000);
const ROUNDS = positive(process.env, 'BENCH_WP_ROUNDS', 3, 20);
const SITE: FakeSiteConfig = { plugins: 12, themes: 3, users: 5, posts: POSTS, pages: Math.ceil(POSTS / 7) };
/** Sites the engine works on at once in one process (the command's slots times its workers): the loop's too. */
const SITES_AT_ONCE = slotsOf(wordpressSync) * (wordpressSync.concurrency ?? 2);

interface Fleet {
  origin: string;
  sites: { name: string; url: string; broken: boolean }[];
  close(): Promise<void>;
}

function workerEntry(): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const target = new URL('./wordpress-fake-server.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

async function startFleet(): Promise<Fleet> {
  const sites = Array.from({ length: SITES }, (_, i) => {
    // Every 20th site is broken: half of them close the socket, half never answer.
    const broken = i % 20 === 19;
    const mode = broken ? (i % 40 === 39 ? 'hang' : 'dead') : 'ok';
    return { name: `site-${i + 1}`, config: { ...SITE, mode } as FakeSiteConfig, broken };
  });
  const worker = new Worker(workerEntry(), {
    workerData: { sites: sites.map(({ name, config }) => ({ name, config })) },
  });
  const origin = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { origin: string }) => resolve(m.origin));
    worker.once('error', reject);
  });
  return {
    origin,
    sites: sites.map((s) => ({ name: s.name, url: `${origin}/${s.name}/`, broken: s.broken })),
    close: async () => {
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/** The requests a sync makes of one site (REST root and companion known), as a bare client would make them. */
async function bareSite(agent: Agent, url: string): Promise<boolean> {
  const auth = `Basic ${Buffer.from(`admin:${FAKE_PASSWORD}`).toString('base64')}`;
  const get = async (route: string, query = '') => {
    const res = await request(`${url}wp-json/${route}${query}`, {
      dispatcher: agent,
      headers: { authorization: auth, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await res.body.json();
    return { body, pages: Number(res.headers['x-wp-totalpages'] ?? 1) };
  };
  const paged = async (route: string, query: string) => {
    const first = await get(route, `?${query}&per_page=100&page=1`);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) =>
        get(route, `?${query}&per_page=100&page=${i + 2}`),
      ),
    );
    return [first.body, ...rest.map((r) => r.body)];
  };
  try {
    await Promise.all([
      get('sitefleet/v1/status'),
      get('wp/v2/plugins'),
      get('wp/v2/themes'),
      paged('wp/v2/users', 'context=edit'),
      paged('wp/v2/posts', 'context=edit&status=any'),
      paged('wp/v2/pages', 'context=edit&status=any'),
    ]);
    await paged('sitefleet/v1/post-stats', 'x=1');
    return true;
  } catch {
    return false;
  }
}

async function bareLoop(
  fleet: Fleet,
  concurrency: number,
): Promise<{ ms: number; ok: number; cpuMs: number }> {
  const agent = new Agent({ connections: concurrency * 6, keepAliveTimeout: 30_000 });
  const cpu = process.cpuUsage();
  const started = nowMs();
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < fleet.sites.length) {
        const site = fleet.sites[next++]!;
        if (await bareSite(agent, site.url)) ok++;
      }
    }),
  );
  const ms = nowMs() - started;
  const used = process.cpuUsage(cpu);
  await agent.close();
  return { ms, ok, cpuMs: Math.round((used.user + used.system) / 1000) };
}

interface Round {
  engine: { ms: number; ok: number; failed: number; posts: number; cpuMs: number };
  bare: { ms: number; ok: number; cpuMs: number };
}

/** What a first sync writes, cleared so that every round's sync is a first one. */
const CLEAR_SYNCED = [
  'TRUNCATE posts, installed_plugins, installed_themes, wp_users, plugins, themes CASCADE',
  `UPDATE wp_sites SET state = 'pending', last_error = NULL, last_sync_at = NULL, core_version = NULL`,
];

async function sitefleetRounds(db: BenchDb, fleet: Fleet) {
  const app = await openEngineApp(
    db.db,
    {
      outboundAllowPrivate: true,
      wordpressTimeoutMs: TIMEOUT_MS,
      jobsRetryDelaySeconds: 0,
    },
    [],
  );
  try {
    const sealed = app.deps.secrets.seal(FAKE_PASSWORD, PASSWORD_CONTEXT);
    await db.db.query(
      `WITH w AS (
         INSERT INTO websites (url, hostname, target_market, type, status)
         SELECT 'https://' || s.name || '.example', s.name || '.example', 'UK', 'MONEY', 'LIVE'
         FROM jsonb_to_recordset($1::jsonb) AS s(name text, url text) RETURNING id, hostname)
       INSERT INTO wp_sites (website_id, url, username, application_password, api_root, companion, state)
       SELECT w.id, s.url, 'admin', $2, s.url || 'wp-json/', true, 'pending'
       FROM w JOIN jsonb_to_recordset($1::jsonb) AS s(name text, url text) ON w.hostname = s.name || '.example'`,
      [JSON.stringify(fleet.sites.map((s) => ({ name: s.name, url: s.url }))), sealed],
    );
    const sync = async () => {
      const cpu = process.cpuUsage();
      const started = nowMs();
      const runId = await app.deps.jobs.startRun(
        'dms',
        'wordpress:sync',
        {},
        { trigger: 'api', userId: null },
      );
      const row = await waitFor('the fleet sync', 30 * 60_000, 25, async () => {
        const r = await runRow(db.db, runId);
        return r.remaining_jobs === 0 && r.status !== 'running' ? r : null;
      });
      const used = process.cpuUsage(cpu);
      return { ms: nowMs() - started, row, cpuMs: Math.round((used.user + used.system) / 1000) };
    };
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i > 0) for (const sql of CLEAR_SYNCED) await db.db.query(sql);
      // The loop runs before and after the sync, and its baseline is the two's mean: neither side gains
      // from running second (a warmer fake, a settled machine).
      const before = await bareLoop(fleet, SITES_AT_ONCE);
      const first = await sync();
      const after = await bareLoop(fleet, SITES_AT_ONCE);
      const bare = {
        ms: (before.ms + after.ms) / 2,
        ok: Math.min(before.ok, after.ok),
        cpuMs: Math.round((before.cpuMs + after.cpuMs) / 2),
      };
      const posts = await db.db.query<{ n: string }>('SELECT count(*) AS n FROM posts');
      const engine = {
        ms: first.ms,
        ok: Number(first.row.success_count),
        failed: Number(first.row.failed_count),
        posts: Number(posts.rows[0]!.n),
        cpuMs: first.cpuMs,
      };
      log(
        `${db.kind} round ${i + 1}: Sitefleet ${(engine.ms / 1000).toFixed(2)} s (${engine.ok} ok, ${engine.failed} failed, ${engine.posts} posts, CPU ${engine.cpuMs} ms), bare loop ${(bare.ms / 1000).toFixed(2)} s (${bare.ok} ok, CPU ${bare.cpuMs} ms): ${(bare.ms / engine.ms).toFixed(3)}x`,
      );
      rounds.push({ engine, bare });
    }
    // Context: the next day's run, where the sites that failed are known (and start first) and posts are
    // unchanged.
    const daily = await sync();
    return { rounds, dailyMs: daily.ms, dailyCpuMs: daily.cpuMs };
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const results: Record<string, unknown>[] = [];
  for (const kind of DATABASES) {
    let db: BenchDb;
    if (kind === 'pglite') db = await openBenchPglite();
    else db = await openBenchPostgres(postgresServer(process.env).url);
    const fleet = await startFleet();
    try {
      // The fake builds each answer once and keeps its bytes: a first pass warms it, so neither measured
      // side pays for building them (the engine ran first on a cold fake before, and paid twice the fake's
      // CPU on this machine's two cores).
      await bareLoop(fleet, SITES_AT_ONCE);
      log(
        `${kind}: syncing ${SITES} sites (${fleet.sites.filter((s) => s.broken).length} broken), ${ROUNDS} rounds…`,
      );
      const { rounds, dailyMs, dailyCpuMs } = await sitefleetRounds(db, fleet);
      const ratio = (r: Round) => r.bare.ms / r.engine.ms;
      const median = [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)]!;
      const { engine, bare } = median;
      log(
        `${kind}: median round: Sitefleet ${(engine.ms / 1000).toFixed(2)} s, bare loop ${(bare.ms / 1000).toFixed(2)} s; ratios ${rounds.map((r) => ratio(r).toFixed(3)).join(', ')}`,
      );
      log(
        `${kind}: the next run (failed sites known and started first, posts unchanged): ${(dailyMs / 1000).toFixed(1)} s, CPU ${dailyCpuMs} ms (context)`,
      );
      const rate = (n: number, ms: number) => (n / ms) * 1000;
      figures.push(
        atLeast(
          `fleet sync sites/s vs bare undici loop, ${SITES} sites (5% dead), ${kind}`,
          rate(SITES, engine.ms),
          rate(SITES, bare.ms),
          'sites/s',
          0.7,
        ),
        ceiling(
          `fleet sync time vs loop + one timeout, ${kind}`,
          engine.ms,
          bare.ms,
          'ms',
          Math.round(bare.ms + TIMEOUT_MS),
        ),
      );
      results.push({
        database: kind,
        sitefleet: engine,
        bare,
        rounds,
        nextRunMs: dailyMs,
        sitesAtOnce: SITES_AT_ONCE,
        timeoutMs: TIMEOUT_MS,
      });
    } finally {
      await fleet.close();
      await db.close();
    }
  }
  writeJson(path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'wordpress.json'), {
    results,
    figures,
  });
  for (const f of figures)
    log(
      `${f.pass ? 'ok  ' : 'MISS'} ${f.name}: ${f.value.toFixed(1)} ${f.unit} vs ${f.baseline?.toFixed(1)} (${f.target})`,
    );
}

await main();
