/**
 * npm run bench:jobs — the job engine and the keyword checker, on PGlite and on PostgreSQL:
 *
 * - jobs: a no-op command's throughput (jobs/s, enqueue to the last job settled) against bare pg-boss on
 *   the same database with the same batch size and workers, alternating rounds; enqueue-to-start latency
 *   under the round's backlog and, separately, one job at a time (pickup); the statements this process
 *   sent per job (BENCH_JOBS_PROFILE=1 also prints the most frequent ones per round, with the time spent
 *   waiting on them). Targets on PostgreSQL: >= 0.8x bare pg-boss's jobs/s, pickup p50 <= 1.5x bare's,
 *   and >= 1,000 jobs/s.
 * - checker: backlinks:keyword-check over a generated corpus of realistic pages served from 127.0.0.1,
 *   pages/s against a bare undici + htmlparser2 loop running the same checkKeywords with as many pages in
 *   flight as the engine, the two alternating round by round. Every result is checked against the corpus.
 *   The figure is the median of the rounds' paired ratios: on a shared machine whose speed drifts from one
 *   second to the next, each engine round is compared with the bare run beside it. Target: >= 0.7x.
 *
 * Knobs: BENCH_DATABASES (pglite,postgres), BENCH_PARTS (jobs,checker), BENCH_ROUNDS (5), BENCH_JOBS
 * (20000 on PostgreSQL, 5000 on PGlite), BENCH_JOB_BATCH (100), BENCH_JOB_CONCURRENCY (4),
 * BENCH_UNITS_PER_JOB (unset: the engine's default for the batch size; 1 gives each unit its own message),
 * BENCH_LATENCY_SAMPLES (200), BENCH_LATENCY_SPACING_MS (50), BENCH_PAGES (500; 200..500 per the issue),
 * BENCH_CORPUS_SEED (20240501). PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres if it answers; scratch databases are created and dropped.
 * Writes bench-results/jobs.json, with the figures npm run bench prints (figures.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { CHECKER_LIMITS } from '@sitefleet/shared';
import { benchChecker, serveCorpus, type CheckerSettings, type ServedCorpus } from './checker.js';
import type { DbKind } from './databases.js';
import { loadBefore, machine } from './machine.js';
import {
  CHECKER_TARGET_RATIO,
  formatChecker,
  formatJobs,
  jobsFigures,
  JOBS_TARGET_PER_SECOND,
  type CheckerDatabaseResult,
  type JobsDatabaseResult,
} from './jobs-report.js';
import { benchJobs, noopShape, type JobsSettings } from './jobs-throughput.js';
import { unitsPerMessage } from '../src/jobs/job-data.js';
import { log } from './measure.js';
import { writeJson } from './report.js';
import { names, positive } from './env.js';
import { withBenchDb } from './support/engine-runs.js';

type Part = 'jobs' | 'checker';

interface Settings {
  databases: DbKind[];
  parts: Part[];
  rounds: number;
  /** Jobs per round per database (BENCH_JOBS applies to both when set). */
  jobs: Record<DbKind, number>;
  batchSize: number;
  concurrency: number;
  /** The no-op command's unitsPerJob; null leaves the engine's default. */
  unitsPerJob: number | null;
  latencySamples: number;
  latencySpacingMs: number;
  pages: number;
  seed: number;
}

const MIN_ISSUE_PAGES = 200;
const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'jobs.json');

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const jobs = env.BENCH_JOBS ? positive(env, 'BENCH_JOBS', 0, 1_000_000) : null;
  return {
    databases: names(env, 'BENCH_DATABASES', ['pglite', 'postgres'] as const),
    parts: names(env, 'BENCH_PARTS', ['jobs', 'checker'] as const),
    rounds: positive(env, 'BENCH_ROUNDS', 5, 20),
    jobs: { postgres: jobs ?? 20_000, pglite: jobs ?? 5_000 },
    batchSize: positive(env, 'BENCH_JOB_BATCH', 100, 1000),
    concurrency: positive(env, 'BENCH_JOB_CONCURRENCY', 4, 64),
    unitsPerJob: env.BENCH_UNITS_PER_JOB ? positive(env, 'BENCH_UNITS_PER_JOB', 1, 1000) : null,
    latencySamples: positive(env, 'BENCH_LATENCY_SAMPLES', 200, 10_000),
    latencySpacingMs: positive(env, 'BENCH_LATENCY_SPACING_MS', 50, 10_000),
    pages: positive(env, 'BENCH_PAGES', CHECKER_LIMITS.maxPages, CHECKER_LIMITS.maxPages),
    seed: positive(env, 'BENCH_CORPUS_SEED', 20240501, 2 ** 31 - 1),
  };
}

async function main(): Promise<void> {
  const s = readSettings(process.env);
  const m = machine();
  const started = performance.now();
  log('bench:jobs — the job engine against bare pg-boss, and the keyword checker against a bare loop');
  log(
    `${s.rounds} rounds; node ${m.node}; ${m.cpus} x ${m.cpu ?? 'cpu'}; ` +
      `load average ${m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' ')}`,
  );
  const jobs: JobsDatabaseResult[] = [];
  const checker: CheckerDatabaseResult[] = [];
  const skipped: Record<string, string> = {};

  if (s.parts.includes('jobs')) {
    for (const kind of s.databases) {
      const js: JobsSettings = {
        jobs: s.jobs[kind],
        rounds: s.rounds,
        batchSize: s.batchSize,
        concurrency: s.concurrency,
        unitsPerJob: s.unitsPerJob,
        latencySamples: s.latencySamples,
        latencySpacingMs: s.latencySpacingMs,
      };
      log(
        `\n== jobs on ${kind}: ${js.jobs} jobs per round, batch ${js.batchSize}, ${js.concurrency} workers ` +
          `(engine and bare pg-boss alike); the engine carries ${unitsPerMessage(noopShape(js))} units ` +
          `per message, bare pg-boss one job per message`,
      );
      const r = await withBenchDb(kind, (bdb) => {
        log(`  database: ${bdb.where}`);
        return benchJobs(bdb, js, loadBefore());
      });
      if (typeof r === 'string') {
        skipped[`jobs/${kind}`] = r;
        log(`  skipped (${r})`);
      } else jobs.push(r);
    }
  }

  if (s.parts.includes('checker')) {
    const cs: CheckerSettings = { pages: s.pages, rounds: s.rounds, seed: s.seed };
    if (cs.pages < MIN_ISSUE_PAGES)
      log(`note: BENCH_PAGES=${cs.pages}; the issue asks for at least ${MIN_ISSUE_PAGES}`);
    const corpus: ServedCorpus = await serveCorpus(cs);
    log(
      `\ncorpus: ${corpus.urls.length} pages, ${(corpus.bytes / 2 ** 20).toFixed(1)} MB ` +
        `(avg ${(corpus.bytes / corpus.urls.length / 1024).toFixed(0)} KB), seed ${cs.seed}, served from its own thread`,
    );
    try {
      for (const kind of s.databases) {
        log(`\n== checker on ${kind}`);
        const r = await withBenchDb(kind, (bdb) => benchChecker(bdb, corpus, cs, loadBefore()));
        if (typeof r === 'string') {
          skipped[`checker/${kind}`] = r;
          log(`  skipped (${r})`);
        } else checker.push(r);
      }
    } finally {
      await corpus.close();
    }
  }

  const seconds = (performance.now() - started) / 1000;
  log(`\n${[formatJobs(jobs), formatChecker(checker)].filter(Boolean).join('\n\n')}\n`);
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
    machine: { ...m, loadAverageAtEnd: os.loadavg() },
    targets: { jobsPerSecondOnPostgres: JOBS_TARGET_PER_SECOND, checkerRatio: CHECKER_TARGET_RATIO },
    figures: jobsFigures(jobs, checker),
    jobs,
    checker,
    skipped,
  });
  log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
