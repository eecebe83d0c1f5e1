import {
  PgBoss,
  fromPglite,
  type ConstructorOptions,
  type Db as BossDb,
  type JobResult,
  type JobWithMetadata,
} from 'pg-boss';
import type { Db, Queryable } from '../src/db/db.js';
import { queueOf } from '../src/jobs/job-data.js';
import { defineCommand, type CommandDef, type JsonObject } from '../src/jobs/types.js';
import type { BenchDb } from './databases.js';
import { nowMs, openEngineApp, queueDrained, runRow, sleep, waitFor, type EngineApp } from './jobs-app.js';
import {
  distribution,
  fixed,
  JOBS_TARGET_PER_SECOND,
  median,
  type JobsDatabaseResult,
  type JobsHandlerResult,
  type ThroughputRound,
} from './jobs-report.js';
import { statements } from './jobs-statements.js';
import { log } from './measure.js';

export interface JobsSettings {
  jobs: number;
  rounds: number;
  batchSize: number;
  concurrency: number;
  /** The no-op command's unitsPerJob; null leaves the engine's default. */
  unitsPerJob: number | null;
  latencySamples: number;
  latencySpacingMs: number;
}

const NOOP = { service: 'dms', name: 'bench:noop' } as const;
const NOOP_QUEUE = queueOf(NOOP);
const BARE_QUEUE = 'bench.bare';
/** Same chunking as the engine's addUnits. */
const INSERT_CHUNK = 1000;
const WARMUP_JOBS = 1000;
/** In-memory checks are free; database ones are spaced so that they do not load the database. */
const MEMORY_POLL_MS = 2;
const DB_POLL_MS = 5;

/** What the handlers saw: one start per job, and how long after its enqueue time it came. */
class Recorder {
  latencies: number[] = [];

  get handled(): number {
    return this.latencies.length;
  }

  reset(): void {
    this.latencies = [];
  }

  started(enqueuedAt: number): void {
    this.latencies.push(nowMs() - enqueuedAt);
  }
}

interface NoopArgs extends JsonObject {
  count: number;
  enqueuedAt: number;
}

/** The no-op command's slots and units per message. */
export function noopShape(s: JobsSettings): Pick<CommandDef, 'batchSize' | 'unitsPerJob'> {
  return s.unitsPerJob === null
    ? { batchSize: s.batchSize }
    : { batchSize: s.batchSize, unitsPerJob: s.unitsPerJob };
}

/** A command whose units do nothing but note when they started; each unit carries its enqueue time. */
function noopCommand(rec: Recorder, s: JobsSettings): CommandDef {
  const def = defineCommand<NoopArgs>({
    ...NOOP,
    description: 'Benchmark: a unit that does nothing',
    arguments: [{ name: 'count', label: 'Count', kind: 'integer', required: true, min: 1 }],
    ...noopShape(s),
    concurrency: s.concurrency,
    maxJobs: 10_000_000,
    parse(raw) {
      const { count, enqueuedAt } = raw;
      if (typeof count !== 'number' || typeof enqueuedAt !== 'number')
        throw new Error('bad bench:noop arguments');
      return { count, enqueuedAt };
    },
    plan: (a) =>
      Array.from({ length: a.count }, (_, i) => ({ key: `u${i}`, input: { enqueuedAt: a.enqueuedAt } })),
    run(unit) {
      rec.started(Number(unit.input.enqueuedAt));
      return Promise.resolve({ output: { message: 'done' } });
    },
  });
  return def;
}

async function waitHandled(rec: Recorder, n: number, timeoutMs: number): Promise<void> {
  await waitFor(`${n} handled jobs (have ${rec.handled})`, timeoutMs, MEMORY_POLL_MS, () =>
    rec.handled >= n ? true : null,
  );
}

/** Handled in memory first (free to poll), then the queue settled (a few queries at the very end). */
async function waitDone(
  db: Queryable,
  queue: string,
  rec: Recorder,
  n: number,
  timeoutMs: number,
): Promise<void> {
  await waitHandled(rec, n, timeoutMs);
  await waitFor(`queue ${queue} to drain`, timeoutMs, DB_POLL_MS, async () =>
    (await queueDrained(db, queue)) ? true : null,
  );
}

function timeoutFor(jobs: number): number {
  return 60_000 + jobs * 20;
}

interface Side {
  /** Enqueues n jobs at once (committed when it resolves); answers a check of the outcome. */
  enqueue(n: number, enqueuedAt: number): Promise<() => Promise<void>>;
  queue: string;
  rec: Recorder;
  close(): Promise<void>;
}

interface Timed {
  round: ThroughputRound;
  latencies: number[];
}

/** One timed round: enqueue n jobs together, wait until every one ran and was settled. */
async function throughputRound(db: Db, side: Side, n: number): Promise<Timed> {
  side.rec.reset();
  statements.reset();
  const cpu0 = process.cpuUsage();
  const t0 = nowMs();
  const verify = await side.enqueue(n, t0);
  const enqueued = nowMs();
  await waitDone(db, side.queue, side.rec, n, timeoutFor(n));
  const totalMs = nowMs() - t0;
  const sent = statements.total;
  const cpu = process.cpuUsage(cpu0);
  if (process.env.BENCH_JOBS_PROFILE)
    for (const [text, count, ms] of statements.top(12))
      log(`    ${String(count).padStart(7)} ${ms.toFixed(0).padStart(7)} ms  ${text}`);
  await verify();
  if (side.rec.handled !== n) throw new Error(`${side.queue}: ${side.rec.handled} starts for ${n} jobs`);
  const latencies = side.rec.latencies;
  return {
    round: {
      jobs: n,
      enqueueMs: enqueued - t0,
      totalMs,
      jobsPerSecond: n / (totalMs / 1000),
      // Counted on pg clients: PGlite's statements do not pass through them.
      statementsPerJob: db.kind === 'postgres' ? sent / n : NaN,
      cpuMsPerJob: (cpu.user + cpu.system) / 1000 / n,
      backlogLatency: distribution(latencies),
    },
    latencies,
  };
}

/**
 * One job at a time, spaced apart, so each is picked up from an idle queue: bare pg-boss's and the engine's
 * samples alternate (both open, each idle between its jobs), so a machine whose load drifts moves both alike.
 */
async function pickupLatencies(
  db: Db,
  sides: Side[],
  s: JobsSettings,
): Promise<Array<{ latencies: number[]; enqueueMs: number[] }>> {
  const checks: Array<() => Promise<void>> = [];
  const enqueueMs = sides.map((): number[] => []);
  for (const side of sides) side.rec.reset();
  for (let i = 0; i < s.latencySamples; i++) {
    for (const [k, side] of sides.entries()) {
      const t0 = nowMs();
      checks.push(await side.enqueue(1, t0));
      enqueueMs[k]!.push(nowMs() - t0);
      await sleep(s.latencySpacingMs);
    }
  }
  for (const side of sides) await waitDone(db, side.queue, side.rec, s.latencySamples, 60_000);
  for (const check of checks) await check();
  return sides.map((side, k) => ({ latencies: side.rec.latencies, enqueueMs: enqueueMs[k]! }));
}

async function engineSide(db: Db, s: JobsSettings): Promise<Side> {
  const rec = new Recorder();
  const engine: EngineApp = await openEngineApp(db, {}, [noopCommand(rec, s)]);
  return {
    queue: NOOP_QUEUE,
    rec,
    async enqueue(n, enqueuedAt) {
      const runId = await engine.deps.jobs.startRun(
        NOOP.service,
        NOOP.name,
        { count: n, enqueuedAt },
        { trigger: 'api', userId: null },
      );
      return async () => {
        const run = await waitFor(`run ${runId} to end`, 10_000, DB_POLL_MS, async () => {
          const row = await runRow(db, runId);
          return row.remaining_jobs === 0 ? row : null;
        });
        if (run.status !== 'completed' || run.success_count !== n || run.job_count !== n) {
          throw new Error(`run ${runId} ended ${run.status}: ${JSON.stringify(run)}`);
        }
      };
    },
    close: () => engine.close(),
  };
}

interface BareData {
  i: number;
  enqueuedAt: number;
}

/** pg-boss statements on one of our transactions, as the engine enqueues. */
function bossDb(tx: Queryable): BossDb {
  return { executeSql: async (text, values) => ({ rows: (await tx.query(text, values)).rows }) };
}

/**
 * A plain pg-boss instance with the engine's pg-boss settings (JobEngine.open) and its worker options
 * (JobEngine.startWorkers), on its own queue: jobs are inserted in one transaction in chunks of 1,000 as
 * the engine does, and the handler settles them at once. No unit rows, no run counters.
 */
async function bareSide(db: Db, s: JobsSettings): Promise<Side> {
  const rec = new Recorder();
  const base: ConstructorOptions = {
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    migrate: true,
    useListenNotify: true,
    superviseIntervalSeconds: 30,
    monitorVacuum: false,
    reindex: false,
  };
  const conn = db.queueConnection;
  const boss =
    conn.kind === 'pglite'
      ? new PgBoss({ ...base, backend: 'pglite', db: fromPglite(conn.pglite) })
      : new PgBoss({ ...base, connectionString: conn.url, max: 8, application_name: 'sitefleet-bench-bare' });
  boss.on('error', (err: unknown) =>
    log(`  bare pg-boss error: ${err instanceof Error ? err.message : String(err)}`),
  );
  await boss.start();
  const options = { retryLimit: 2, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600, notify: true };
  if (await boss.getQueue(BARE_QUEUE)) await boss.updateQueue(BARE_QUEUE, options);
  else await boss.createQueue(BARE_QUEUE, options);
  await boss.getQueues(); // fills the queue cache, as the engine does before inserting in transactions
  await boss.work<BareData>(
    BARE_QUEUE,
    {
      batchSize: s.batchSize,
      localConcurrency: s.concurrency,
      includeMetadata: true,
      perJobResults: true,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 2,
      burstWhenBatchFull: s.batchSize > 1,
    },
    (batch) => {
      const jobs = batch as JobWithMetadata<BareData>[]; // as the engine: includeMetadata is set
      for (const job of jobs) rec.started(job.data.enqueuedAt);
      return Promise.resolve(jobs.map((job): JobResult => ({ id: job.id, status: 'completed' })));
    },
  );
  return {
    queue: BARE_QUEUE,
    rec,
    async enqueue(n, enqueuedAt) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < n; i += INSERT_CHUNK) {
          const jobs = Array.from({ length: Math.min(INSERT_CHUNK, n - i) }, (_, k) => ({
            data: { i: i + k, enqueuedAt },
          }));
          await boss.insert(BARE_QUEUE, jobs, { db: bossDb(tx) });
        }
      });
      return () => Promise.resolve();
    },
    close: () => boss.stop({ graceful: true, close: true, timeout: 10_000 }),
  };
}

async function session<T>(open: () => Promise<Side>, fn: (side: Side) => Promise<T>): Promise<T> {
  const side = await open();
  try {
    return await fn(side);
  } finally {
    await side.close();
  }
}

/** A warm-up, then one timed round; each handler in its own session so that only one polls at a time. */
async function measuredRound(db: Db, open: () => Promise<Side>, n: number): Promise<Timed> {
  return session(open, async (side) => {
    await throughputRound(db, side, Math.min(WARMUP_JOBS, n));
    return throughputRound(db, side, n);
  });
}

function summarise(timed: Timed[], pickup: number[]): JobsHandlerResult {
  const rounds = timed.map((t) => t.round);
  return {
    rounds,
    jobsPerSecond: median(rounds.map((r) => r.jobsPerSecond)),
    statementsPerJob: median(rounds.map((r) => r.statementsPerJob)),
    enqueueMs: median(rounds.map((r) => r.enqueueMs)),
    backlogLatency: distribution(timed.flatMap((t) => t.latencies)),
    pickupLatency: distribution(pickup),
  };
}

function roundLine(label: string, r: ThroughputRound): string {
  return (
    `  ${label.padEnd(26)} ${r.jobsPerSecond.toFixed(0).padStart(7)} jobs/s  ` +
    `(${r.jobs} jobs in ${r.totalMs.toFixed(0)} ms, ${fixed(r.statementsPerJob, 3)} statements/job, ` +
    `${(r.cpuMsPerJob * 1000).toFixed(0)} µs cpu/job, enqueue ${r.enqueueMs.toFixed(0)} ms, ` +
    `backlog p50 ${r.backlogLatency.p50.toFixed(0)} ms)`
  );
}

/**
 * The engine's throughput on a no-op command against bare pg-boss on the same database, alternating
 * rounds, then the pickup latency of each with one job at a time, their samples alternating.
 */
export async function benchJobs(
  bdb: BenchDb,
  s: JobsSettings,
  loadBefore: number,
): Promise<JobsDatabaseResult> {
  const db = bdb.db;
  statements.install();
  const openEngine = () => engineSide(db, s);
  const openBare = () => bareSide(db, s);
  const engineRounds: Timed[] = [];
  const bareRounds: Timed[] = [];
  for (let round = 1; round <= s.rounds; round++) {
    const b = await measuredRound(db, openBare, s.jobs);
    log(roundLine(`round ${round} bare pg-boss`, b.round));
    bareRounds.push(b);
    const e = await measuredRound(db, openEngine, s.jobs);
    log(roundLine(`round ${round} engine`, e.round));
    engineRounds.push(e);
  }

  const [bareSample, engineSample] = await session(openBare, (bare) =>
    session(openEngine, (engine) => pickupLatencies(db, [bare, engine], s)),
  );
  const barePickup = bareSample!.latencies;
  const enginePickup = engineSample!.latencies;
  const latencyNote = `${s.latencySamples} jobs each, one every ${s.latencySpacingMs} ms, alternating`;
  log(
    `  pickup bare pg-boss: p50 ${median(barePickup).toFixed(1)} ms, of which enqueueing ` +
      `${median(bareSample!.enqueueMs).toFixed(1)} ms (${latencyNote})`,
  );
  log(
    `  pickup engine:       p50 ${median(enginePickup).toFixed(1)} ms, of which enqueueing ` +
      `${median(engineSample!.enqueueMs).toFixed(1)} ms`,
  );
  const engine = summarise(engineRounds, enginePickup);
  const bare = summarise(bareRounds, barePickup);
  return {
    database: bdb.kind,
    where: bdb.where,
    jobs: s.jobs,
    batchSize: s.batchSize,
    concurrency: s.concurrency,
    loadBefore,
    engine,
    bare,
    ratio: engine.jobsPerSecond / bare.jobsPerSecond,
    meetsTarget: bdb.kind === 'postgres' ? engine.jobsPerSecond >= JOBS_TARGET_PER_SECOND : null,
  };
}
