import type { DbKind } from './databases.js';
import { atLeast, atMost, type Figure } from './figures.js';

/** Issue targets: the engine's throughput on PostgreSQL, and the keyword checker against a bare loop. */
export const JOBS_TARGET_PER_SECOND = 1000;
export const CHECKER_TARGET_RATIO = 0.7;

/** Milliseconds. */
export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface ThroughputRound {
  jobs: number;
  /** From the call that enqueues until it returned (the jobs are committed then). */
  enqueueMs: number;
  /** From the call that enqueues until the queue held no unfinished job of the run. */
  totalMs: number;
  jobsPerSecond: number;
  /**
   * Statements this process sent to PostgreSQL (both pools; not the bench's polling) per job of the round;
   * NaN (null in the results file) on PGlite, whose statements are not counted.
   */
  statementsPerJob: number;
  /** This process's CPU time (user + system) per job: the engine or pg-boss, not PostgreSQL's own. */
  cpuMsPerJob: number;
  /** Handler start minus the time just before enqueueing, per job: mostly waiting behind the backlog. */
  backlogLatency: Distribution;
}

export interface JobsHandlerResult {
  rounds: ThroughputRound[];
  /** Medians over the rounds. */
  jobsPerSecond: number;
  statementsPerJob: number;
  enqueueMs: number;
  /** Backlog latency over the jobs of all rounds together. */
  backlogLatency: Distribution;
  /** One job at a time, spaced apart: enqueue-to-start when nothing is queued ahead. */
  pickupLatency: Distribution;
}

export interface JobsDatabaseResult {
  database: DbKind;
  where: string;
  jobs: number;
  batchSize: number;
  concurrency: number;
  loadBefore: number;
  engine: JobsHandlerResult;
  bare: JobsHandlerResult;
  /** Engine jobs/s over bare pg-boss jobs/s (medians). */
  ratio: number;
  /** The 1,000 jobs/s target applies to PostgreSQL; null on PGlite (reported only). */
  meetsTarget: boolean | null;
}

export interface CheckerRound {
  ms: number;
  pagesPerSecond: number;
  /** This process's CPU time (user + system) per page; PostgreSQL's own CPU is not in it. */
  cpuMsPerPage: number;
  /** Page requests in flight on average over the round (time-weighted). */
  avgInFlight: number;
}

export interface CheckerHandlerResult {
  rounds: CheckerRound[];
  /** Medians over the rounds. */
  pagesPerSecond: number;
  cpuMsPerPage: number;
  avgInFlight: number;
}

export interface CheckerDatabaseResult {
  database: DbKind;
  where: string;
  pages: number;
  corpusBytes: number;
  /** Pages in flight at most, the same for both: the engine's batch size times its workers. */
  concurrency: number;
  loadBefore: number;
  engine: CheckerHandlerResult;
  bare: CheckerHandlerResult;
  /**
   * The median of the rounds' ratios: each round's engine pages/s over the bare loop's run next to it
   * (seconds apart, so a machine that speeds up or slows down between rounds moves both alike).
   */
  ratio: number;
  roundRatios: number[];
  /** Engine pages/s over bare pages/s, each the median over the rounds (shown beside the paired ratio). */
  ratioOfMedians: number;
  pass: boolean;
}

/** The engine's throughput and pickup must stay within these of bare pg-boss (the targets). */
export const JOBS_RATIO_TARGET = 0.8;
export const PICKUP_RATIO_TARGET = 1.5;

/**
 * The figures npm run bench prints: per database, the engine's jobs/s against bare pg-boss and its pickup
 * p50 against bare pg-boss's (the PostgreSQL ones are the issue's targets, PGlite's are context), and the
 * keyword checker's pages/s against the bare loop, judged by the median of the paired rounds' ratios.
 */
export function jobsFigures(jobs: JobsDatabaseResult[], checker: CheckerDatabaseResult[]): Figure[] {
  const figures: Figure[] = [];
  for (const r of jobs) {
    figures.push(
      atLeast(
        `jobs/s vs bare pg-boss, ${r.database}`,
        r.engine.jobsPerSecond,
        r.bare.jobsPerSecond,
        'jobs/s',
        JOBS_RATIO_TARGET,
      ),
      atMost(
        `pickup p50 vs bare pg-boss, ${r.database}`,
        r.engine.pickupLatency.p50,
        r.bare.pickupLatency.p50,
        'ms',
        PICKUP_RATIO_TARGET,
      ),
    );
  }
  for (const c of checker) {
    const medians = atLeast(
      `keyword checker pages/s vs bare loop, ${c.database} (median of paired rounds)`,
      c.engine.pagesPerSecond,
      c.bare.pagesPerSecond,
      'pages/s',
      CHECKER_TARGET_RATIO,
    );
    figures.push({ ...medians, ratio: c.ratio, pass: c.pass });
  }
  return figures;
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function distribution(values: readonly number[]): Distribution {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: values.length ? Math.max(...values) : NaN,
  };
}

/** A number to the given digits, or '-' when it is not one (NaN: not measured). */
export function fixed(n: number, digits: number): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function table(columns: string[], textColumns: number, rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const JOBS_COLUMNS = [
  'database',
  'handler',
  'jobs/s',
  'rounds jobs/s',
  'stmts/job',
  'enqueue ms',
  'backlog p50',
  'backlog p95',
  'pickup p50',
  'pickup p95',
];

function jobsRow(db: string, handler: string, r: JobsHandlerResult): string[] {
  return [
    db,
    handler,
    fixed(r.jobsPerSecond, 0),
    r.rounds.map((x) => fixed(x.jobsPerSecond, 0)).join(' '),
    fixed(r.statementsPerJob, 3),
    fixed(r.enqueueMs, 0),
    fixed(r.backlogLatency.p50, 0),
    fixed(r.backlogLatency.p95, 0),
    fixed(r.pickupLatency.p50, 1),
    fixed(r.pickupLatency.p95, 1),
  ];
}

export function jobsVerdict(r: JobsDatabaseResult): string {
  const target =
    r.meetsTarget === null
      ? `(target >= ${JOBS_TARGET_PER_SECOND} jobs/s applies to PostgreSQL)`
      : `target >= ${JOBS_TARGET_PER_SECOND} jobs/s ${r.meetsTarget ? 'PASS' : 'FAIL'}`;
  const pickup = r.engine.pickupLatency.p50 / r.bare.pickupLatency.p50;
  const verdict = (pass: boolean) => (r.database === 'postgres' ? (pass ? ' PASS' : ' FAIL') : '');
  return (
    `${r.database}/jobs: engine ${fixed(r.engine.jobsPerSecond, 0)} jobs/s ${target}; ` +
    `bare pg-boss ${fixed(r.bare.jobsPerSecond, 0)} jobs/s; engine/bare = ${fixed(r.ratio, 3)} ` +
    `(target >= ${JOBS_RATIO_TARGET})${verdict(r.ratio >= JOBS_RATIO_TARGET)}; ` +
    `pickup p50 engine ${fixed(r.engine.pickupLatency.p50, 1)} ms vs bare ${fixed(r.bare.pickupLatency.p50, 1)} ms ` +
    `= ${fixed(pickup, 2)}x (target <= ${PICKUP_RATIO_TARGET}x)${verdict(pickup <= PICKUP_RATIO_TARGET)}; ` +
    `statements/job ${fixed(r.engine.statementsPerJob, 3)} vs ${fixed(r.bare.statementsPerJob, 3)}`
  );
}

const CHECKER_COLUMNS = [
  'database',
  'handler',
  'pages/s',
  'rounds pages/s',
  'cpu ms/page',
  'avg in flight',
  'max in flight',
  'pages',
];

function checkerRow(
  db: string,
  handler: string,
  r: CheckerHandlerResult,
  c: CheckerDatabaseResult,
): string[] {
  return [
    db,
    handler,
    fixed(r.pagesPerSecond, 1),
    r.rounds.map((x) => fixed(x.pagesPerSecond, 1)).join(' '),
    fixed(r.cpuMsPerPage, 2),
    fixed(r.avgInFlight, 1),
    String(c.concurrency),
    String(c.pages),
  ];
}

export function checkerVerdict(r: CheckerDatabaseResult): string {
  const rounds = r.roundRatios.map((x) => fixed(x, 3)).join(', ');
  return (
    `${r.database}/checker: engine/bare pages/s = ${fixed(r.ratio, 3)} (median of the rounds: ${rounds}; ` +
    `medians' ratio ${fixed(r.ratioOfMedians, 3)}; target >= ${CHECKER_TARGET_RATIO}) ${r.pass ? 'PASS' : 'FAIL'}`
  );
}

export function formatJobs(results: JobsDatabaseResult[]): string {
  if (!results.length) return '';
  const rows = results.flatMap((r) => [
    jobsRow(r.database, 'bare pg-boss', r.bare),
    jobsRow(r.database, 'engine', r.engine),
  ]);
  return [
    'Jobs (latencies in ms; backlog = start minus the time just before enqueueing all jobs of a round)',
    table(JOBS_COLUMNS, 2, rows),
    '',
    ...results.map(jobsVerdict),
  ].join('\n');
}

export function formatChecker(results: CheckerDatabaseResult[]): string {
  if (!results.length) return '';
  const rows = results.flatMap((r) => [
    checkerRow(r.database, 'bare loop', r.bare, r),
    checkerRow(r.database, 'engine', r.engine, r),
  ]);
  return ['Keyword checker', table(CHECKER_COLUMNS, 2, rows), '', ...results.map(checkerVerdict)].join('\n');
}
