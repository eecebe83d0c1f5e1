/**
 * npm run bench:dashboard — the money-site dashboard's calls (shared/src/actions/seo.ts, issue 17) on a
 * fleet-sized year of SEO history: BENCH_DASH_SITES live money sites (default 50), each with
 * BENCH_DASH_KEYWORDS AccuRanker keywords (default 500, half desktop, half mobile) ranked every day for 365
 * days (~9.1M keyword_ranks rows at the defaults), 365 days of GA4, Search Console, conversions and backlink
 * statistics, 100 days x 30 pages of Search Console pages, ~50 backlinks and weekly Ahrefs figures per site.
 * The issue's 500 sites (~91M rank rows) is too many for this 2-core machine to generate and hold in a run;
 * 50 keeps every table a site reads as large per site as there, and the rank table large enough to show a
 * missing index. Everything is generated in the database (INSERT … SELECT over generate_series, the ranks
 * one statement per site), then VACUUM (ANALYZE), so autovacuum does not start on the new rows mid-run.
 *
 * For the middle site and each comparison (yesterday, seven-days, thirty-days, month-to-date), every call
 * the dashboard's panels make (keywords on both devices, backlink statistics, conversions, GA4, Search
 * Console by day and by page; the backlink profile and Ahrefs figures take no comparison and run once) is
 * timed through the whole app (`inject()` with an admin's token: routing, auth, the site's access check,
 * validation, the response schema, the log line), BENCH_DASH_REQUESTS times after a warm-up, one request at
 * a time. The baseline is bare: the same statements the handler runs (the engine's own statement that finds
 * the site under the user's access rule, then the same dashboard-repository functions), with the same
 * database handle, the same number of times, interleaved with the engine's requests; both answers are
 * checked to agree first. A third side, context only: the bare statements behind a plain Fastify route (no
 * logger, no plugins) through the same `inject()`, the floor any request through the framework costs; its p95
 * is printed next to the figure, which stays the engine against the bare statements.
 *
 * Figures, per call (its worst comparison): the p95 as a rate (1 / p95) against the bare one's, so higher is
 * better (>= 0.8x: the engine's p95 at most 1.25x the bare p95), and the engine's p95 under 150 ms on
 * PostgreSQL.
 * Knobs: BENCH_DASH_SITES (50), BENCH_DASH_KEYWORDS (500), BENCH_DASH_REQUESTS (200), BENCH_DASH_WARMUP (20),
 * BENCH_DASH_DATABASES (postgres; pglite too with smaller knobs, e.g. BENCH_DASH_SITES=5
 * BENCH_DASH_KEYWORDS=100). PostgreSQL as every bench (server/bench/README.md): a scratch database, dropped.
 * Writes bench-results/dashboard.json.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  ADMIN_ROLE,
  addDays,
  COMPARISONS,
  comparisonPeriod,
  dayOf,
  epochDay,
  GA_METRICS,
  KEYWORD_MIN_VOLUME,
  KEYWORD_PANEL_ROWS,
  RECENT_LINKS,
  resources,
  TOP_PAGES,
  type Comparison,
} from '@sitefleet/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RequestContext } from '../src/core/context.js';
import { sql } from '../src/core/sql.js';
import type { Db } from '../src/db/db.js';
import { siteCheck } from '../src/services/dms/seo/dashboard.js';
import {
  ahrefsFigures,
  backlinkStatistics,
  conversionDays,
  gaFigures,
  gaProperty,
  keywordRanks,
  recentLinks,
  searchByDay,
  searchByPage,
  tldSplit,
  windowTotals,
} from '../src/services/dms/seo/dashboard-repository.js';
import {
  openBenchPglite,
  openBenchPostgres,
  postgresServer,
  type BenchDb,
  type DbKind,
} from './databases.js';
import { names, positive } from './env.js';
import { atLeast, ceiling, type Figure } from './figures.js';
import { loadBefore, machine } from './machine.js';
import { log } from './measure.js';
import { writeJson } from './report.js';
import { ADMIN_EMAIL, adminHeaders, prepareEngine, startEngine } from './targets.js';

const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'dashboard.json');
const SITES = positive(process.env, 'BENCH_DASH_SITES', 50, 500);
const KEYWORDS = positive(process.env, 'BENCH_DASH_KEYWORDS', 500, 5000);
const REQUESTS = positive(process.env, 'BENCH_DASH_REQUESTS', 200, 100_000);
const WARMUP = positive(process.env, 'BENCH_DASH_WARMUP', 20, 10_000);
const DATABASES = names(
  { BENCH_DASH_DATABASES: process.env.BENCH_DASH_DATABASES || 'postgres' },
  'BENCH_DASH_DATABASES',
  ['postgres', 'pglite'] as const,
);
/** Engine p95 over bare p95 at most 1.25x, as a rate (1 / p95): >= 0.8x. */
const TARGET_RATIO = 0.8;
/** The engine's p95 on PostgreSQL, in ms. */
const CEILING_MS = 150;

const DAY = 86_400;
const HISTORY_DAYS = 365;
const PAGE_DAYS = 100;
const PAGES = 30;
const LINKS = 50;
/** The hostnames of the generated sites end so (the scratch database holds no others, but be exact). */
const HOST_SUFFIX = '.dash-bench.example';
/** dashboard.ts's trend length (TREND_DAYS, not exported): the statistics panel reads at least 30 days. */
const TREND_DAYS = 30;

// ---------------------------------------------------------------------------------------------------------
// The data

/** A repeatable number in [0, 1) from integer keys: cheap enough for nine million rows (md5 is not). */
const noise = (a: string, b: string) =>
  `(((${a}) * 2654435761 + (${b}) * 40503 + 12345) % 9973) / 9973.0::float8`;

async function timedStep(label: string, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  log(`  ${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

interface Generated {
  seconds: number;
  steps: Record<string, number>;
  rows: Record<string, number>;
}

/** The fleet's year of SEO history, generated in the database; the days end yesterday. */
async function generate(db: Db, today: number): Promise<Generated> {
  const first = today - HISTORY_DAYS * DAY;
  const steps: Record<string, number> = {};
  const started = performance.now();
  const sites = `(SELECT id, hostname FROM websites WHERE hostname LIKE '%${HOST_SUFFIX}')`;
  const days = `generate_series($1::bigint, $2::bigint - ${DAY}, ${DAY}) AS d(day)`;
  // t: 0 a year ago, 1 yesterday; n(key) a site's and day's noise.
  const t = `((d.day - $1::bigint)::float8 / ($2::bigint - $1::bigint))`;
  const n = (salt: number) => noise(`w.id * 31 + ${salt}`, `d.day / ${DAY}`);
  const sessions = `round((200 + (w.id * 37) % 2000) * (1 + 0.4 * ${t}) * (0.8 + 0.4 * ${n(1)}))`;
  const window = [first, today];

  steps.websites = await timedStep(
    `${SITES} live money websites, AccuRanker domains and keywords`,
    async () => {
      await db.query(
        `INSERT INTO websites (url, hostname, friendly_name, type, status, target_market)
       SELECT 'https://site-' || g.i || '${HOST_SUFFIX}/', 'site-' || g.i || '${HOST_SUFFIX}', 'Bench site ' || g.i,
         'MONEY', 'LIVE', 'UK'
       FROM generate_series(1, $1::int) AS g(i)`,
        [SITES],
      );
      await db.query(
        `INSERT INTO accuranker_domains (accuranker_id, website_id, domain, display_name, last_scraped)
       SELECT 50000 + w.id, w.id, w.hostname, w.hostname, $1::bigint FROM ${sites} w`,
        [today - DAY],
      );
      // Half desktop (1), half mobile (2); volumes spread so about three quarters are over the panel's floor of 1,000.
      await db.query(
        `INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_type, search_volume, location)
       SELECT d.id, k.i, 'keyword ' || (k.i + 1) / 2, 1 + k.i % 2, 50 + (d.id * 7919 + k.i * 104729) % 4000,
         'United Kingdom'
       FROM accuranker_domains d CROSS JOIN generate_series(1, $1::int) AS k(i)`,
        [KEYWORDS],
      );
      await db.query(
        `INSERT INTO ga_properties (name, display_name, website_id)
       SELECT 'properties/' || (400000000 + w.id), w.hostname || ' - GA4', w.id FROM ${sites} w`,
      );
    },
  );

  // A keyword starts somewhere in the top 120 a year ago and drifts up or down, with daily noise; past 100
  // it is unranked (null), as AccuRanker reports it.
  const ids = await db.query<{ id: number }>(`SELECT id FROM ${sites} w ORDER BY id`);
  steps.keyword_ranks = await timedStep(`keyword_ranks, one statement per site`, async () => {
    for (const { id } of ids.rows) {
      await db.query(
        `INSERT INTO keyword_ranks (keyword_id, day, rank, page)
         SELECT k.id, d.day, CASE WHEN r.v > 100 THEN NULL ELSE r.v END,
           CASE WHEN r.v > 100 THEN NULL ELSE 'https://' || ad.domain || '/page-' || k.id % 40 || '/' END
         FROM accuranker_domains ad
         JOIN accuranker_keywords k ON k.domain_id = ad.id
         CROSS JOIN LATERAL generate_series($2::bigint, $3::bigint - ${DAY}, ${DAY}) AS d(day)
         CROSS JOIN LATERAL (SELECT greatest(1, round(1 + (k.id * 31) % 120 + ((k.id * 17) % 41 - 20)
           * ((d.day - $2::bigint)::float8 / ($3::bigint - $2::bigint)) + 6 * (${noise('k.id', `d.day / ${DAY}`)} - 0.5)))::int AS v) r
         WHERE ad.website_id = $1`,
        [id, first, today],
      );
    }
  });

  steps.daily = await timedStep('ga_daily, gsc_daily, conversions, backlink_stats (365 days)', async () => {
    await db.query(
      `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate,
         average_session_duration, event_count)
       SELECT w.id, d.day, round(s.v * 0.86), round(s.v * 0.61), s.v, 0.38 + 0.2 * ${n(2)}, 70 + 90 * ${n(3)},
         round(s.v * 7.4)
       FROM ${sites} w CROSS JOIN ${days} CROSS JOIN LATERAL (SELECT ${sessions}::int AS v) s`,
      window,
    );
    await db.query(
      `INSERT INTO gsc_daily (website_id, day, clicks, impressions, ctr, position)
       SELECT w.id, d.day, c.clicks, c.impressions, c.clicks::numeric / greatest(c.impressions, 1), 6 + 9 * ${n(4)}
       FROM ${sites} w CROSS JOIN ${days}
       CROSS JOIN LATERAL (SELECT round(${sessions} * 0.55)::int AS clicks,
         round(${sessions} * 0.55 * (14 + 6 * ${n(5)}))::int AS impressions) c`,
      window,
    );
    await db.query(
      `INSERT INTO conversions (website_id, day, clicks, signups, ftd)
       SELECT w.id, d.day, c.clicks, round(c.clicks * (0.15 + 0.1 * ${n(6)}))::int,
         round(c.clicks * (0.04 + 0.05 * ${n(7)}))::int
       FROM ${sites} w CROSS JOIN ${days}
       CROSS JOIN LATERAL (SELECT round(${sessions} * (0.03 + 0.02 * ${n(8)}))::int AS clicks) c`,
      window,
    );
    await db.query(
      `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external)
       SELECT w.id, d.day, b.total, b.domains, 30 + 30 * ${n(9)},
         jsonb_build_object('com', round(b.domains * 0.46), 'net', round(b.domains * 0.14),
           'uk', round(b.domains * 0.12), 'org', round(b.domains * 0.1), 'de', round(b.domains * 0.08),
           'io', b.domains - round(b.domains * 0.46) - round(b.domains * 0.14) - round(b.domains * 0.12)
             - round(b.domains * 0.1) - round(b.domains * 0.08)),
         round(b.total * 0.07), b.total - round(b.total * 0.07)
       FROM ${sites} w CROSS JOIN ${days}
       CROSS JOIN LATERAL (SELECT round((300 + (w.id * 53) % 4000) * (0.55 + 0.45 * ${t}))::int AS total) r
       CROSS JOIN LATERAL (SELECT r.total, round(r.total / 6.3)::int AS domains) b`,
      window,
    );
  });

  steps.pages_links_ahrefs = await timedStep(
    `gsc_pages (${PAGE_DAYS} days x ${PAGES} pages), backlinks (${LINKS} a site), weekly ahrefs_metrics`,
    async () => {
      await db.query(
        `INSERT INTO gsc_pages (website_id, day, page, clicks, impressions, ctr, position)
         SELECT w.id, d.day, 'https://' || w.hostname || '/page-' || pg.p || '/', c.clicks, c.impressions,
           c.clicks::numeric / greatest(c.impressions, 1), pg.p + 3 * ${n(10)}
         FROM ${sites} w CROSS JOIN ${days} CROSS JOIN generate_series(1, ${PAGES}) AS pg(p)
         CROSS JOIN LATERAL (SELECT round(${sessions} * 0.55 / (pg.p + 0.6) * (0.7 + 0.6 * ${noise('w.id * 97 + pg.p', `d.day / ${DAY}`)}))::int
           AS clicks) k
         CROSS JOIN LATERAL (SELECT k.clicks, k.clicks * (12 + pg.p * 2) AS impressions) c
         WHERE d.day >= $2::bigint - ${PAGE_DAYS * DAY}`,
        window,
      );
      await db.query(
        `INSERT INTO backlinks (website_id, source_url, target_url, anchor, domain_rating, first_seen, source_host,
           source_tld)
         SELECT w.id, 'https://ref-' || l.i % 17 || '.' || tld.t || '/post-' || l.i || '/', 'https://' || w.hostname || '/',
           'anchor ' || l.i, 10 + (w.id * 7 + l.i * 13) % 70, $1::bigint - (1 + (w.id + l.i * 11) % 120) * ${DAY},
           'ref-' || l.i % 17 || '.' || tld.t, tld.t
         FROM ${sites} w CROSS JOIN generate_series(1, ${LINKS}) AS l(i)
         CROSS JOIN LATERAL (SELECT (ARRAY['com', 'net', 'org', 'uk', 'de', 'io'])[1 + l.i % 6] AS t) tld`,
        [today],
      );
      await db.query(
        `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live, all_time, live_refdomains,
           all_time_refdomains, org_keywords, org_keywords_1_3, org_traffic, org_cost, paid_keywords, paid_traffic,
           paid_cost, paid_pages)
         SELECT w.id, d.day, round((30 + 30 * ${t})::numeric, 1), l.live, round(l.live * 1.4)::int,
           round(l.live / 6.3)::int, round(l.live * 1.4 / 5.8)::int, 400 + (w.id * 11) % 3000, 40 + (w.id * 3) % 300,
           2000 + (w.id * 29) % 30000, round((2000 + (w.id * 29) % 30000) * 1.3, 2), 0, 0, 0, 0
         FROM ${sites} w CROSS JOIN generate_series($1::bigint, $2::bigint - ${DAY}, ${7 * DAY}) AS d(day)
         CROSS JOIN LATERAL (SELECT round((300 + (w.id * 53) % 4000) * (0.55 + 0.45 * ${t}))::int AS live) l`,
        window,
      );
    },
  );

  steps.vacuum_analyze = await timedStep('VACUUM (ANALYZE)', () => db.query('VACUUM (ANALYZE)'));
  const counted = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM keyword_ranks) AS keyword_ranks,
       (SELECT count(*) FROM accuranker_keywords) AS accuranker_keywords,
       (SELECT count(*) FROM ga_daily) AS ga_daily, (SELECT count(*) FROM gsc_daily) AS gsc_daily,
       (SELECT count(*) FROM gsc_pages) AS gsc_pages, (SELECT count(*) FROM conversions) AS conversions,
       (SELECT count(*) FROM backlink_stats) AS backlink_stats, (SELECT count(*) FROM backlinks) AS backlinks,
       (SELECT count(*) FROM ahrefs_metrics) AS ahrefs_metrics`,
  );
  const rows = Object.fromEntries(Object.entries(counted.rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  return { seconds: (performance.now() - started) / 1000, steps, rows };
}

// ---------------------------------------------------------------------------------------------------------
// The calls

interface Site {
  id: number;
  hostname: string;
}

/** One dashboard call: its URL, the bare equivalent, and the part of each answer that must agree. */
interface Call {
  name: string;
  comparison: Comparison | null;
  url: string;
  bare: () => Promise<unknown>;
  /** The engine's answer and the bare one, reduced to what both must hold (and not empty). */
  same: (engine: unknown, bare: unknown) => { engine: unknown; bare: unknown };
}

type Json = Record<string, unknown>;
const field = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((x, k) => (x && typeof x === 'object' ? (x as Json)[k] : undefined), v);
/** A value as it travels in JSON (the bare side's Dates, undefined fields and so on, as the engine sends them). */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

/** A statement as text and values. */
type Statement = { text: string; values: unknown[] };

/**
 * The calls for a site. `byId` and `byHostname` are the engine's own statements that find the site under
 * the user's access rule (siteCheck: every handler checks the user may see the site first, one statement
 * the bare side runs too, as the api bench's bare handler runs the engine's own statement), so what
 * differs is the engine's own per-request work.
 */
function callsOf(db: Db, byId: Statement, byHostname: Statement, site: Site, today: string): Call[] {
  const { id } = site;
  const siteRecord = async () => {
    const r = await db.query(byId.text, byId.values);
    if (!r.rows[0]) throw new Error(`site ${id} is missing`);
  };
  const perComparison = COMPARISONS.flatMap((comparison): Call[] => {
    const period = comparisonPeriod(comparison, today);
    const keywords = (device: 'desktop' | 'mobile'): Call => ({
      name: `keywords (${device})`,
      comparison,
      url:
        `/dms/api/v1/websites/keywords?website_id=${id}&comparison=${comparison}&device=${device}` +
        `&min_volume=${KEYWORD_MIN_VOLUME}&limit=${KEYWORD_PANEL_ROWS}`,
      bare: () => keywordRanks(db, id, period, device, KEYWORD_MIN_VOLUME, KEYWORD_PANEL_ROWS),
      same: (e, b) => ({
        engine: [field(e, 'data'), field(e, 'meta', 'tracked')],
        bare: [field(b, 'rows'), field(b, 'tracked')],
      }),
    });
    return [
      keywords('mobile'),
      keywords('desktop'),
      {
        name: 'backlink statistics',
        comparison,
        url: `/dms/api/v1/websites/statistics?website_id=${id}&comparison=${comparison}`,
        bare: () => backlinkStatistics(db, id, period, addDays(period.end, 1 - TREND_DAYS)),
        same: (e, b) => ({ engine: field(e, 'data', 'trend'), bare: field(b, 'trend') }),
      },
      {
        name: 'conversions',
        comparison,
        url: `/dms/api/v1/websites/${id}/daily-conversion-metrics?comparison=${comparison}`,
        bare: () =>
          Promise.all([
            conversionDays(db, id, period),
            windowTotals(db, 'conversions', ['clicks', 'signups', 'ftd'] as const, id, period),
          ]),
        same: (e, b) => ({
          engine: [field(e, 'data', 'rows'), field(e, 'data', 'ftd')],
          bare: [field(b, '0'), field(b, '1', 'ftd')],
        }),
      },
      {
        name: 'GA4 report',
        comparison,
        url: `/analytics/api/v1/google-analytics/report/${id}?comparison=${comparison}`,
        bare: () => Promise.all([gaProperty(db, id), gaFigures(db, id, period, [...GA_METRICS])]),
        same: (e, b) => ({
          engine: [field(e, 'data', 'property'), field(e, 'data', 'metrics')],
          bare: b,
        }),
      },
      {
        name: 'Search Console by day',
        comparison,
        url: `/analytics/api/v1/google-analytics/search-report/${id}?comparison=${comparison}`,
        bare: () =>
          Promise.all([
            searchByDay(db, id, period),
            windowTotals(db, 'gsc_daily', ['clicks', 'impressions'] as const, id, period),
          ]),
        same: (e, b) => ({
          engine: [field(e, 'data', 'rows'), field(e, 'data', 'clicks')],
          bare: [field(b, '0'), field(b, '1', 'clicks')],
        }),
      },
      {
        name: 'Search Console top pages',
        comparison,
        url: `/analytics/api/v1/google-analytics/search-report/${id}?comparison=${comparison}&dimensions=page&limit=${TOP_PAGES}`,
        bare: () =>
          Promise.all([
            searchByPage(db, id, period, TOP_PAGES),
            windowTotals(db, 'gsc_daily', ['clicks', 'impressions'] as const, id, period),
          ]),
        same: (e, b) => ({
          engine: [field(e, 'data', 'rows'), field(e, 'data', 'impressions')],
          bare: [field(b, '0'), field(b, '1', 'impressions')],
        }),
      },
    ];
  });
  return [
    // The handler checks the site, then runs the panel's statements.
    ...perComparison.map((c) => ({
      ...c,
      bare: async () => {
        await siteRecord();
        return c.bare();
      },
    })),
    {
      name: 'backlink profile',
      comparison: null,
      url: `/dms/api/v1/websites/${id}/backlinks/profile`,
      bare: async () => {
        await siteRecord();
        return Promise.all([recentLinks(db, id, RECENT_LINKS), tldSplit(db, id)]);
      },
      same: (e, b) => ({ engine: [field(e, 'data', 'recent'), field(e, 'data', 'tlds')], bare: b }),
    },
    {
      name: 'Ahrefs by hostname',
      comparison: null,
      url: `/dms/api/v1/ahrefs-metrics/by-hostname/${site.hostname}`,
      // The handler's own statements: the hostname's site under the access rule, then its figures.
      bare: async () => {
        const found = await db.query<{ id: number }>(byHostname.text, byHostname.values);
        return ahrefsFigures(db, Number(found.rows[0]?.id), addDays(today, -365));
      },
      same: (e, b) => ({
        engine: (field(e, 'data', 'doc', 'history') as Json[] | undefined)?.map((h) => h.date),
        bare: (b as Json[]).map((row) => epochDay(Number(row.day))),
      }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Timing

interface Timing {
  p50: number;
  p95: number;
  mean: number;
}

interface CallResult {
  name: string;
  comparison: Comparison | null;
  url: string;
  engine: Timing;
  bare: Timing;
  /** Context, not the baseline: the bare statements behind a plain Fastify route, through the same inject(). */
  plain: Timing;
  /** Bare p95 over engine p95 (the rate ratio). */
  ratio: number;
  /** Plain-route p95 over engine p95: what the app costs beyond the framework's own floor. */
  plainRatio: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: samples.reduce((s, x) => s + x, 0) / samples.length,
  };
}

/** One request through the app, its body as sent (parsing it is the client's work, not timed). */
async function engineCall(app: FastifyInstance, headers: Record<string, string>, url: string) {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.body;
}

const nonEmpty = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 && v.every(nonEmpty) : v !== null && v !== undefined;

/** Both sides answer the same (and something) before either is timed. */
async function checkSame(app: FastifyInstance, headers: Record<string, string>, c: Call): Promise<void> {
  const { engine, bare } = c.same(JSON.parse(await engineCall(app, headers, c.url)), asJson(await c.bare()));
  const label = `${c.name}${c.comparison ? `, ${c.comparison}` : ''}`;
  if (!nonEmpty(engine)) throw new Error(`${label}: the engine answered nothing to compare`);
  if (!isDeepStrictEqual(engine, bare)) {
    throw new Error(
      `${label}: the engine and the bare statements disagree\n${JSON.stringify(engine).slice(0, 500)}\n${JSON.stringify(bare).slice(0, 500)}`,
    );
  }
}

/**
 * The context side: a bare Fastify app (no logger, no plugins) with one route per call that runs the bare
 * statements and sends their JSON, reached through the same `inject()` as the engine. It shows the floor a
 * request through a framework costs before any of the app's own work (routing, light-my-request's request
 * and reply); the figure stays engine against the bare statements.
 */
async function plainApp(calls: Call[]): Promise<FastifyInstance> {
  const plain = Fastify({ logger: false });
  calls.forEach((c, i) => {
    plain.get(`/plain/${i}`, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(JSON.stringify(await c.bare())),
    );
  });
  await plain.ready();
  return plain;
}

/** WARMUP of each, then REQUESTS of each side, one at a time, rotating which goes first. */
async function timeCall(
  app: FastifyInstance,
  headers: Record<string, string>,
  c: Call,
  plain: { app: FastifyInstance; url: string },
): Promise<CallResult> {
  const engine = () => engineCall(app, headers, c.url);
  const bare = async () => JSON.stringify(await c.bare());
  const framework = () => engineCall(plain.app, {}, plain.url);
  for (let i = 0; i < WARMUP; i++) {
    await engine();
    await bare();
    await framework();
  }
  const sides: Array<[() => Promise<unknown>, number[]]> = [
    [engine, []],
    [bare, []],
    [framework, []],
  ];
  for (let i = 0; i < REQUESTS; i++) {
    for (let k = 0; k < sides.length; k++) {
      const [run, into] = sides[(i + k) % sides.length]!;
      const started = performance.now();
      await run();
      into.push(performance.now() - started);
    }
  }
  const [e, b, p] = sides.map(([, samples]) => timing(samples)) as [Timing, Timing, Timing];
  return {
    name: c.name,
    comparison: c.comparison,
    url: c.url,
    engine: e,
    bare: b,
    plain: p,
    ratio: b.p95 / e.p95,
    plainRatio: p.p95 / e.p95,
  };
}

// ---------------------------------------------------------------------------------------------------------
// A database

interface DatabaseResult {
  database: DbKind;
  where: string;
  site: Site;
  generated: Generated;
  loadBefore: number;
  calls: CallResult[];
}

async function benchDatabase(bdb: BenchDb): Promise<DatabaseResult> {
  log(
    `\n== ${bdb.kind} (${bdb.where}): generating ${SITES} sites x ${KEYWORDS} keywords x ${HISTORY_DAYS} days`,
  );
  const { deps, app } = await prepareEngine(bdb.db, 'info');
  const target = await startEngine(app);
  try {
    const now = Date.now();
    const today = dayOf(now);
    const generated = await generate(bdb.db, Math.floor(now / 1000 / DAY) * DAY);
    log(
      `  generated in ${generated.seconds.toFixed(1)} s: ` +
        Object.entries(generated.rows)
          .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
          .join(', '),
    );
    const sites = await bdb.db.query<Site>(
      `SELECT id, hostname FROM websites WHERE hostname LIKE '%${HOST_SUFFIX}' ORDER BY id`,
    );
    const middle = sites.rows[Math.floor(sites.rows.length / 2)];
    if (!middle) throw new Error('no sites were generated');
    const site = { id: Number(middle.id), hostname: middle.hostname };
    const headers = await adminHeaders(target);
    // The admin's context, as the engine builds it for the requests (no access condition applies to an admin).
    const admin = await bdb.db.query<{ id: number; email: string }>(
      'SELECT id, email FROM users WHERE lower(email) = lower($1)',
      [ADMIN_EMAIL],
    );
    const ctx: RequestContext = {
      user: {
        id: Number(admin.rows[0]!.id),
        email: admin.rows[0]!.email,
        isAdmin: true,
        roleNames: [ADMIN_ROLE],
      },
      ip: '127.0.0.1',
      db: bdb.db,
      audit: () => Promise.resolve(),
    };
    const model = deps.engine.model(resources.websites.name);
    const calls = callsOf(
      bdb.db,
      siteCheck(deps.engine, ctx, model, sql`t.id = ${site.id}`),
      siteCheck(deps.engine, ctx, model, sql`lower(t.hostname) = lower(${site.hostname})`),
      site,
      today,
    );
    for (const c of calls) await checkSame(app, headers, c);
    log(`  site ${site.id} (${site.hostname}): ${calls.length} calls agree; timing ${REQUESTS} of each side`);
    const load = loadBefore();
    const results: CallResult[] = [];
    const plain = await plainApp(calls);
    for (const [i, c] of calls.entries()) {
      const r = await timeCall(app, headers, c, { app: plain, url: `/plain/${i}` });
      log(
        `  ${`${r.name}${r.comparison ? `, ${r.comparison}` : ''}`.padEnd(42)} engine p50 ${r.engine.p50.toFixed(2)} ` +
          `p95 ${r.engine.p95.toFixed(2)} ms; bare p50 ${r.bare.p50.toFixed(2)} p95 ${r.bare.p95.toFixed(2)} ms; ` +
          `${r.ratio.toFixed(2)}x; plain route p95 ${r.plain.p95.toFixed(2)} ms`,
      );
      results.push(r);
    }
    await plain.close();
    return { database: bdb.kind, where: bdb.where, site, generated, loadBefore: load, calls: results };
  } finally {
    await app.close();
  }
}

/** Per call, its worst comparison: the lowest rate ratio, and (PostgreSQL) the highest engine p95. */
function figuresOf(results: DatabaseResult[]): Figure[] {
  return results.flatMap((d) => {
    const byName = new Map<string, CallResult[]>();
    for (const c of d.calls) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    return [...byName].flatMap(([name, cs]) => {
      const of = cs.length > 1 ? `, worst of ${cs.length} comparisons` : '';
      const slowest = cs.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      const highest = cs.reduce((a, b) => (b.engine.p95 > a.engine.p95 ? b : a));
      const figures = [
        atLeast(
          `dashboard ${name} p95 vs bare statements (as 1/p95)${of}, ${d.database}`,
          1000 / slowest.engine.p95,
          1000 / slowest.bare.p95,
          '1/s',
          TARGET_RATIO,
        ),
      ];
      if (d.database === 'postgres') {
        figures.push(
          ceiling(
            `dashboard ${name} p95${of}, postgres`,
            highest.engine.p95,
            highest.bare.p95,
            'ms',
            CEILING_MS,
          ),
        );
      }
      return figures;
    });
  });
}

function table(results: DatabaseResult[]): string {
  const rows = [
    [
      'db',
      'call',
      'comparison',
      'engine p50',
      'engine p95',
      'bare p50',
      'bare p95',
      'bare/engine p95',
      'plain route p95',
      'plain/engine p95',
      'bare/plain p95',
    ],
    ...results.flatMap((d) =>
      d.calls.map((c) => [
        d.database,
        c.name,
        c.comparison ?? '-',
        c.engine.p50.toFixed(2),
        c.engine.p95.toFixed(2),
        c.bare.p50.toFixed(2),
        c.bare.p95.toFixed(2),
        `${c.ratio.toFixed(2)}x`,
        c.plain.p95.toFixed(2),
        `${c.plainRatio.toFixed(2)}x`,
        `${(c.bare.p95 / c.plain.p95).toFixed(2)}x`,
      ]),
    ),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  const m = machine();
  log(
    `bench:dashboard — the money-site dashboard's calls through the app vs the same statements bare; ` +
      `${SITES} sites, ${KEYWORDS} keywords each; ${REQUESTS} requests a side after ${WARMUP}; ${m.cpus} x ${m.cpu ?? 'cpu'}`,
  );
  const results: DatabaseResult[] = [];
  for (const kind of DATABASES) {
    const opened =
      kind === 'pglite' ? await openBenchPglite() : await openBenchPostgres(postgresServer(process.env).url);
    try {
      results.push(await benchDatabase(opened));
    } finally {
      await opened.close();
    }
  }
  log(`\nms, one request at a time; ${REQUESTS} each after ${WARMUP} warm-up\n${table(results)}\n`);
  const figures = figuresOf(results);
  for (const f of figures) {
    log(
      `${f.pass ? 'ok  ' : 'MISS'} ${f.name}: ${f.value.toFixed(2)} ${f.unit} vs ${f.baseline?.toFixed(2)} (${f.target})`,
    );
  }
  writeJson(RESULTS_FILE, {
    date: new Date().toISOString(),
    settings: { sites: SITES, keywords: KEYWORDS, requests: REQUESTS, warmup: WARMUP, databases: DATABASES },
    machine: m,
    results,
    figures,
  });
  log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
