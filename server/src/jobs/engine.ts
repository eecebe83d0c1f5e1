import type { JobOutputItem, JobService } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  PgBoss,
  fromPglite,
  type ConstructorOptions,
  type JobResult,
  type JobWithMetadata,
  type Queue,
  type UpdateQueueOptions,
} from 'pg-boss';
import { invalid, notFound } from '../core/errors.js';
import type { Db, QueueConnection } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { bossDb, enqueueUnits, INSERT_CHUNK, maxJobsOf } from './enqueue.js';

/** A job id no job has (pg-boss ids are UUIDs): looking it up only warms the queue cache. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';
import { messagesPerBatch, queueOf, unitsIn, type JobData, type QueueJob } from './job-data.js';
import { runPipeline, type Outcome } from './pipeline.js';
import { reconcileOrphans } from './reconcile.js';
import { UnitRecorder } from './recorder.js';
import {
  completeEmptyRun,
  insertRunWithUnits,
  insertUnits,
  queuedUnits,
  runArguments,
  runOutputs,
} from './run-repository.js';
import type { CommandDef, JobContext, JsonObject, RetryPolicy, UnitSpec } from './types.js';

export interface JobEngineSettings {
  /** Overrides every command's unit timeout (seconds); tests shorten it to recover lost jobs quickly. */
  expireSeconds: number | null;
  /** How often expired jobs are looked for (seconds). */
  superviseSeconds: number;
  /** Multiplies every command's worker count in this process. */
  concurrencyFactor: number;
  /** Overrides every command's delay before a retry (seconds). */
  retryDelaySeconds: number | null;
}

interface ScheduleData {
  service: JobService;
  command: string;
  arguments?: JsonObject;
}

export interface StartRunOptions {
  trigger: 'console' | 'schedule' | 'api';
  userId: number | null;
}

const SCHEDULE_QUEUE = 'sitefleet.schedule';
const DEFAULT_RETRY: RetryPolicy = { limit: 2, delay: 5, backoff: true };
export { OUTPUT_LIMIT } from './run-repository.js';

/**
 * The job engine (ARCHITECTURE §5): commands registered once, each run a cron run whose units of work are
 * its jobs, carried to workers by pg-boss messages of several units each (a quarter of a worker's slots
 * unless the command says). Workers record each unit once (queued → done | failed), update the run's
 * counters and settle the messages in the same transaction, and let the unit's results commit with it
 * (recorder.ts). See docs/adr/0003.
 */
export class JobEngine {
  private readonly commands = new Map<string, CommandDef>();
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private workersStarted = false;
  private ctx: JobContext | null = null;
  private stopping = false;
  /** Whether the running pg-boss instance supervises (expires lost jobs) and runs schedules. */
  private supervising = false;
  /** The periodic pass that re-enqueues units whose queue message was lost (worker processes). */
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconciling: Promise<number> | null = null;
  /** Waiting for runs this process finishes (whenFinished). */
  private readonly finishWaiters = new Map<number, Array<() => void>>();
  private readonly recorder: UnitRecorder;

  constructor(
    private readonly db: Db,
    private readonly connection: QueueConnection,
    private readonly settings: JobEngineSettings,
  ) {
    this.recorder = new UnitRecorder({
      db,
      boss: () => this.start(),
      finished: (runId) => this.finished(runId),
    });
  }

  /** Gives handlers the app's dependencies (called once they exist). */
  bind(deps: AppDeps, log: FastifyBaseLogger): void {
    this.ctx = { deps, log };
  }

  register(...defs: CommandDef[]): void {
    for (const def of defs) {
      const key = `${def.service}/${def.name}`;
      if (this.commands.has(key)) throw new Error(`Command ${key} is registered twice`);
      if (!/^[a-z0-9-]+(:[a-z0-9-]+)*$/.test(def.name))
        throw new Error(`Command name ${def.name} is not valid`);
      this.commands.set(key, def);
    }
  }

  list(service: JobService): CommandDef[] {
    return [...this.commands.values()].filter((c) => c.service === service);
  }

  get(service: JobService, name: string): CommandDef | undefined {
    return this.commands.get(`${service}/${name}`);
  }

  private context(): JobContext {
    if (!this.ctx) throw new Error('Job engine used before bind()');
    return this.ctx;
  }

  private expireOf(def: CommandDef): number {
    return this.settings.expireSeconds ?? def.timeoutSeconds ?? 120;
  }

  private retryOf(def: CommandDef): RetryPolicy {
    const policy = { ...DEFAULT_RETRY, ...def.retry };
    return this.settings.retryDelaySeconds === null
      ? policy
      : { ...policy, delay: this.settings.retryDelaySeconds, backoff: false };
  }

  /** Starts pg-boss (installing its schema on first use) and creates every command's queues. */
  start(options: { supervise?: boolean } = {}): Promise<PgBoss> {
    this.starting ??= this.open(options.supervise ?? false).catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async open(supervise: boolean): Promise<PgBoss> {
    const base: ConstructorOptions = {
      schema: 'pgboss',
      supervise,
      schedule: supervise,
      migrate: true,
      useListenNotify: true,
      superviseIntervalSeconds: this.settings.superviseSeconds,
      // Lost (expired) jobs are found by the monitor pass, which has its own interval.
      monitorIntervalSeconds: this.settings.superviseSeconds,
      monitorVacuum: false,
      reindex: false,
    };
    const boss =
      this.connection.kind === 'pglite'
        ? new PgBoss({ ...base, backend: 'pglite', db: fromPglite(this.connection.pglite) })
        : new PgBoss({
            ...base,
            connectionString: this.connection.url,
            max: 8,
            application_name: this.connection.applicationName,
          });
    boss.on('error', (err: unknown) => this.ctx?.log.error({ err }, 'job queue error'));
    await boss.start();
    this.supervising = supervise;
    this.stopping = false;
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    const ensure = async (name: string, options: Omit<Queue, 'name' | 'policy' | 'partition'>) => {
      // Worker processes own queue settings; an API process only creates what is missing.
      if (!existing.has(name)) await boss.createQueue(name, options);
      else if (supervise) await boss.updateQueue(name, options as UpdateQueueOptions);
    };
    await ensure(SCHEDULE_QUEUE, { retryLimit: 2, expireInSeconds: 300, notify: true });
    for (const def of this.commands.values()) {
      const queue = queueOf(def);
      const retry = this.retryOf(def);
      await ensure(`${queue}.dead`, { retryLimit: 0, expireInSeconds: 60, notify: true });
      await ensure(queue, {
        retryLimit: retry.limit,
        retryDelay: retry.delay,
        retryBackoff: retry.backoff,
        expireInSeconds: this.expireOf(def),
        deadLetter: `${queue}.dead`,
        deleteAfterSeconds: 24 * 3600,
        notify: true,
      });
    }
    // Fill pg-boss's queue cache now: an insert inside one of our transactions must not need to read a
    // queue's row (on PGlite that read, outside the transaction, would wait for the transaction forever).
    // createQueue leaves the new queue out of the cache and getQueues() does not fill it; a lookup by job id
    // does (an id no job has: it reads nothing else). The cache's own refresh later keeps every queue.
    for (const def of this.commands.values()) await boss.getJobById(queueOf(def), NO_JOB);
    this.boss = boss;
    return boss;
  }

  /** Starts this process's workers on every command's queue, and the schedules (ROLE=worker or all). */
  async startWorkers(): Promise<void> {
    if (this.workersStarted) return;
    this.workersStarted = true;
    if (this.starting && !this.boss) await this.starting;
    if (this.boss && !this.supervising) {
      // Started earlier for enqueueing only; restart with supervision for a worker process.
      await this.boss.stop({ graceful: true, close: true });
      this.boss = null;
      this.starting = null;
    }
    const boss = await this.start({ supervise: true });
    for (const def of this.commands.values()) {
      const queue = queueOf(def);
      // About a batch of units in messages: the pipeline keeps its slots full by fetching ahead.
      const batchSize = messagesPerBatch(def);
      await boss.work<JobData>(
        queue,
        {
          batchSize,
          localConcurrency: Math.max(1, Math.round((def.concurrency ?? 2) * this.settings.concurrencyFactor)),
          perJobResults: true,
          pollingIntervalSeconds: 0.5,
          notifyPollingIntervalSeconds: 2,
          burstWhenBatchFull: batchSize > 1,
        },
        (jobs) => this.processBatch(def, jobs),
      );
      await boss.work<JobData>(`${queue}.dead`, { batchSize: 50, includeMetadata: true }, async (jobs) => {
        await this.recordAbandoned(def, jobs as JobWithMetadata<JobData>[]);
      });
    }
    await boss.work<ScheduleData>(SCHEDULE_QUEUE, { batchSize: 1 }, async ([job]) => {
      if (!job) return;
      await this.startRun(job.data.service, job.data.command, job.data.arguments ?? {}, {
        trigger: 'schedule',
        userId: null,
      });
    });
    await this.syncSchedules(boss);
    // At start (a process that died may have left units behind) and then as often as lost jobs are sought.
    await this.reconcile();
    this.reconcileTimer = setInterval(() => void this.reconcile(), this.settings.superviseSeconds * 1000);
    this.reconcileTimer.unref();
  }

  /**
   * Gives every queued unit of a running run that no live message carries a new message (reconcile.ts):
   * a database restart can settle a message whose unit's recording was lost. Answers how many; a failed
   * pass (the database still away) waits for the next.
   */
  reconcile(): Promise<number> {
    if (this.reconciling || this.stopping) return this.reconciling ?? Promise.resolve(0);
    const pass = (async () => {
      try {
        const boss = await this.start();
        const count = await reconcileOrphans(
          this.db,
          [...this.commands.values()],
          async (tx, def, messages) => {
            await boss.insert(
              queueOf(def),
              messages.map((data) => ({ data })),
              { db: bossDb(tx) },
            );
          },
        );
        if (count) this.ctx?.log.warn({ units: count }, 're-enqueued units whose queue message was lost');
        return count;
      } catch (err) {
        this.ctx?.log.warn({ err }, 'reconciling units without a queue message failed');
        return 0;
      } finally {
        this.reconciling = null;
      }
    })();
    this.reconciling = pass;
    return pass;
  }

  private async syncSchedules(boss: PgBoss): Promise<void> {
    const wanted = new Map<string, CommandDef>();
    for (const def of this.commands.values()) if (def.schedule) wanted.set(queueOf(def), def);
    for (const s of await boss.getSchedules(SCHEDULE_QUEUE)) {
      if (!wanted.has(s.key)) await boss.unschedule(SCHEDULE_QUEUE, s.key);
    }
    for (const [key, def] of wanted) {
      const data: ScheduleData = {
        service: def.service,
        command: def.name,
        arguments: def.schedule!.arguments ?? {},
      };
      await boss.schedule(SCHEDULE_QUEUE, def.schedule!.cron, data, { key, tz: 'UTC' });
    }
  }

  /** The next start of a scheduled command (epoch seconds). */
  nextRun(def: CommandDef): number | null {
    if (!def.schedule || !this.boss) return null;
    const [next] = this.boss.previewSchedule(def.schedule.cron, { tz: 'UTC', count: 1 });
    return next ? Math.floor(next.getTime() / 1000) : null;
  }

  /**
   * Starts a run: checks the arguments, plans the units, and in one transaction writes the run, its units
   * and their jobs. Answers the run id. Bad arguments throw a 422 with field errors and write nothing.
   */
  async startRun(
    service: JobService,
    name: string,
    rawArgs: JsonObject,
    opts: StartRunOptions,
  ): Promise<number> {
    const def = this.get(service, name);
    if (!def) throw invalid({ command: `Unknown command "${name}"` }, `Unknown command "${name}"`);
    const ctx = this.context();
    const args = await def.parse(rawArgs, ctx);
    const units = await def.plan(args, ctx);
    const max = maxJobsOf(def, args);
    if (units.length > max) {
      throw invalid({ arguments: `At most ${max} units per run (got ${units.length})` });
    }
    const boss = await this.start();
    // Distinct keys (the first of each), so the run's unit count is known before its units are written.
    const byKey = new Map<string, UnitSpec>();
    for (const u of units) if (!byKey.has(u.key)) byKey.set(u.key, u);
    const distinct = [...byKey.values()];
    const runId = await this.db.transaction(async (tx) => {
      const run = {
        service,
        command: name,
        description: def.description,
        arguments: args,
        trigger: opts.trigger,
        createdBy: opts.userId,
      };
      const first = await insertRunWithUnits(tx, run, distinct.length, distinct.slice(0, INSERT_CHUNK));
      await enqueueUnits(tx, boss, def, first.runId, first.units);
      for (let i = INSERT_CHUNK; i < distinct.length; i += INSERT_CHUNK) {
        const rows = await insertUnits(tx, first.runId, distinct.slice(i, i + INSERT_CHUNK));
        await enqueueUnits(tx, boss, def, first.runId, rows);
      }
      if (distinct.length === 0) await completeEmptyRun(tx, first.runId);
      return first.runId;
    });
    // A worker of this process takes the run's first units without reading its arguments back.
    this.cacheArguments(runId, args);
    return runId;
  }

  /** The arguments of runs (they never change once a run exists), so batches need not read them again. */
  private readonly runArguments = new Map<number, JsonObject>();

  /** The arguments of the given runs (each one asked for is in the answer, even when the cache was full). */
  private async argumentsOf(runIds: number[]): Promise<Map<number, JsonObject>> {
    const found = new Map<number, JsonObject>();
    const missing: number[] = [];
    for (const id of runIds) {
      const args = this.runArguments.get(id);
      if (args) found.set(id, args);
      else missing.push(id);
    }
    if (missing.length) {
      const runs = await runArguments(this.db, missing);
      for (const r of runs) {
        this.cacheArguments(Number(r.id), r.arguments);
        found.set(Number(r.id), r.arguments);
      }
    }
    return found;
  }

  private cacheArguments(runId: number, args: JsonObject): void {
    if (this.runArguments.size > 1000) this.runArguments.clear();
    this.runArguments.set(runId, args);
  }

  /** Runs a batch of one command's messages through a unit pipeline (pipeline.ts). */
  private async processBatch(def: CommandDef, jobs: QueueJob[]): Promise<JobResult[]> {
    const boss = await this.start();
    return runPipeline(
      {
        db: this.db,
        boss,
        ctx: this.context(),
        // The queue's retry limit, which startWorkers set from the same policy.
        retryLimit: this.retryOf(def).limit,
        // Refill only while the batch's own messages are far from their expiry.
        refillForMs: Math.min(this.expireOf(def) * 500, 20_000),
        active: () => this.supervising && !this.stopping,
        argumentsOf: (runIds) => this.argumentsOf(runIds),
        record: (outcomes, due) => this.recorder.record(def, outcomes, due),
      },
      def,
      jobs,
    );
  }

  /**
   * Resolves when this process records the last unit of the run (benchmarks and tests wait on it instead
   * of polling the database). A run finished elsewhere, or already, is not seen: callers keep a fallback.
   */
  whenFinished(runId: number): Promise<void> {
    return new Promise((resolve) => {
      const list = this.finishWaiters.get(runId) ?? [];
      list.push(resolve);
      this.finishWaiters.set(runId, list);
    });
  }

  private finished(runId: number): void {
    const list = this.finishWaiters.get(runId);
    this.finishWaiters.delete(runId);
    for (const resolve of list ?? []) resolve();
  }

  /** Messages that ran out of attempts without their units recorded (a worker died each time, or they timed out). */
  private async recordAbandoned(def: CommandDef, jobs: JobWithMetadata<JobData>[]): Promise<void> {
    const owner = new Map<number, JobWithMetadata<JobData>>();
    for (const job of jobs) for (const ref of unitsIn(job.data)) owner.set(ref.jobId, job);
    if (!owner.size) return;
    const units = await queuedUnits(this.db, [...owner.keys()]);
    const outcomes: Outcome[] = units.map((u) => {
      const job = owner.get(Number(u.id))!;
      const reason = (job.sourceOutput as { message?: string } | null)?.message;
      const attempts = job.sourceRetryCount ?? job.retryCount;
      return {
        delivery: { job: { ...job, retryCount: attempts }, open: 0, retry: null },
        unit: u,
        result: null,
        error: reason
          ? `Gave up after ${attempts + 1} attempts: ${reason}`
          : 'Gave up: the job timed out or its worker stopped',
      };
    });
    if (outcomes.length) await this.recorder.record(def, outcomes);
  }

  /** The latest outputs of a run, successes and failures apart, with their totals. */
  async outputs(runId: number): Promise<{
    job_output: JobOutputItem[];
    failed_job_output: JobOutputItem[];
    job_output_total: number;
    failed_job_output_total: number;
  }> {
    const found = await runOutputs(this.db, runId);
    if (!found) throw notFound(`Cron run ${runId} not found`);
    const strip = ({ state: _s, ...item }: JobOutputItem & { state: string }) => item;
    return {
      job_output: found.items.filter((i) => i.state === 'done').map(strip),
      failed_job_output: found.items.filter((i) => i.state === 'failed').map(strip),
      job_output_total: found.success,
      failed_job_output_total: found.failed,
    };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = null;
    await this.reconciling;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    this.boss = null;
    this.starting = null;
    if (boss) await boss.stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
