import type { JobService } from '@sitefleet/shared';
import type { SeedWriter } from '../../core/seed.js';
import type { Queryable } from '../../db/db.js';
import { DAY, type Rng } from '../../seed/random.js';
import type { CommandDef, JsonObject } from '../types.js';

export const HOUR = 3600;
const ROWS_PER_INSERT = 2000;

export type Output = { message: string } & JsonObject;

/** One unit of a seeded run, as a worker would have recorded it. */
export interface Unit {
  key: string;
  input: JsonObject;
  output: Output;
  failed: boolean;
  attempts: number;
  /** Seconds one attempt takes. */
  seconds: number;
  finishedAt: number;
}

export interface Run {
  id: number;
  def: CommandDef;
  args: JsonObject;
  trigger: 'console' | 'schedule';
  createdBy: number | null;
  start: number;
  units: Unit[];
}

export function unit(
  key: string,
  output: Output,
  o: Partial<Omit<Unit, 'key' | 'output' | 'finishedAt'>> = {},
): Unit {
  return {
    key,
    output,
    input: o.input ?? {},
    failed: o.failed ?? false,
    attempts: o.attempts ?? 1,
    seconds: o.seconds ?? 1,
    finishedAt: 0,
  };
}

/** Times relative to now, in UTC like the schedules. */
export class Clock {
  readonly midnight: number;
  constructor(readonly now: number) {
    this.midnight = Math.floor(now / DAY) * DAY;
  }
  at(daysAgo: number, hour: number, minute: number, second: number): number {
    return this.midnight - daysAgo * DAY + hour * HOUR + minute * 60 + second;
  }
  /** daysAgo, or the weekday before it when it falls on a weekend. */
  workday(daysAgo: number): number {
    let d = daysAgo;
    while ([0, 6].includes(new Date((this.midnight - d * DAY) * 1000).getUTCDay())) d++;
    return d;
  }
  /** A time during office hours on a weekday about daysAgo days ago. */
  office(rng: Rng, daysAgo: number, from = 8, to = 16): number {
    return this.at(this.workday(daysAgo), rng.int(from, to), rng.int(0, 59), rng.int(0, 59));
  }
}

/**
 * Finishing times as the engine records them: each worker takes a batch of queued units in plan order and
 * records it at once when its slowest unit is done; a unit that threw comes back after the retry delay.
 * Answers when the last unit was recorded.
 */
export function simulate(def: CommandDef, units: Unit[], from: number): number {
  const batchSize = def.batchSize ?? 20;
  const retry = { limit: 2, delay: 5, backoff: true, ...def.retry };
  const free = Array.from({ length: def.concurrency ?? 2 }, () => from);
  let queue = units.map((u) => ({ u, at: from, attempt: 1 }));
  let last = from;
  while (queue.length) {
    const worker = free.indexOf(Math.min(...free));
    const begin = Math.max(free[worker]!, Math.min(...queue.map((q) => q.at)));
    const batch = queue.filter((q) => q.at <= begin).slice(0, batchSize);
    queue = queue.filter((q) => !batch.includes(q));
    const end = begin + Math.max(...batch.map((q) => q.u.seconds)) + 0.2;
    for (const q of batch) {
      if (q.attempt < q.u.attempts) {
        const delay = retry.delay * (retry.backoff ? 2 ** (q.attempt - 1) : 1);
        queue.push({ u: q.u, at: end + delay, attempt: q.attempt + 1 });
      } else q.u.finishedAt = Math.round(end);
    }
    free[worker] = end;
    last = Math.max(last, end);
  }
  return Math.round(last);
}

/** The finished runs a seed builds up, command by command, before they are written at once. */
export class Runs {
  readonly list: Run[] = [];
  constructor(
    private readonly commands: CommandDef[],
    private readonly rng: Rng,
  ) {}
  def(service: JobService, name: string): CommandDef {
    const def = this.commands.find((c) => c.service === service && c.name === name);
    if (!def) throw new Error(`Demo seed: no command ${service}/${name}`);
    return def;
  }
  /** A finished run; phases run one after the other (a scan's pages come after its sitemap). */
  add(
    def: CommandDef,
    start: number,
    args: JsonObject,
    phases: Unit[][],
    by: { trigger: 'console' | 'schedule'; user?: number },
  ): Run {
    // A worker picks the first jobs up within a second of the run's start.
    let at = start + this.rng.next() * 0.8;
    for (const units of phases) at = simulate(def, units, at);
    const run: Run = {
      id: 0,
      def,
      args,
      trigger: by.trigger,
      createdBy: by.user ?? null,
      start,
      units: phases.flat(),
    };
    this.list.push(run);
    return run;
  }
  /** Attempts a unit that keeps throwing gets before it is recorded as failed. */
  attempts(def: CommandDef): number {
    return (def.retry?.limit ?? 2) + 1;
  }
}

/**
 * The runs (through each service's cron-jobs resource) with their counters as the engine leaves a finished
 * run, ids in order of start, then their units.
 */
export async function writeRuns(tx: Queryable, records: SeedWriter, runs: Run[]): Promise<void> {
  runs.sort((a, b) => a.start - b.start);
  // One table behind every service's resource: ids are reserved once, so they follow the start times.
  const ids = await records.reserveIds('dms-cron-jobs', runs.length);
  runs.forEach((r, i) => (r.id = ids[i]!));
  for (const service of new Set(runs.map((r) => r.def.service))) {
    await records.insert(
      `${service}-cron-jobs`,
      runs.filter((r) => r.def.service === service).map(runRecord),
    );
  }
  await writeRunUnits(
    tx,
    runs.flatMap((r) =>
      r.units.map((u) => ({
        run_id: r.id,
        key: u.key,
        input: u.input,
        state: u.failed ? 'failed' : 'done',
        output: u.output,
        attempts: u.attempts,
        finished_at: u.finishedAt,
        created_at: r.start,
      })),
    ),
  );
}

/** A finished run as the cron-jobs resource stores it: counters as the engine leaves them. */
function runRecord(r: Run) {
  const failed = r.units.filter((u) => u.failed).length;
  const counts = { success: r.units.length - failed, failed };
  const end = Math.max(r.start, ...r.units.map((u) => u.finishedAt));
  return {
    id: r.id,
    command: r.def.name,
    description: r.def.description,
    arguments: r.args,
    trigger: r.trigger,
    created_by: r.createdBy,
    status: failed ? 'failed' : 'completed',
    start_time: r.start,
    end_time: end,
    total_time: end - r.start,
    job_count: r.units.length,
    done_jobs: r.units.length,
    remaining_jobs: 0,
    success_count: counts.success,
    failed_count: failed,
    output: {
      message: r.def.summarize?.(counts, r.args) ?? `${counts.success} succeeded, ${counts.failed} failed`,
    },
    created_at: r.start,
    updated_at: end,
  };
}

/**
 * Repository-style, in SQL: a run's units (cron_run_jobs) are the job engine's own bookkeeping, not a
 * declared resource; the engine's run store writes them the same way, in bulk.
 */
async function writeRunUnits(tx: Queryable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.query(
      `INSERT INTO cron_run_jobs (run_id, key, input, state, output, attempts, finished_at, created_at)
       SELECT j.run_id, j.key, j.input, j.state, j.output, j.attempts, j.finished_at, j.created_at
       FROM jsonb_to_recordset($1::jsonb) AS j(run_id bigint, key text, input jsonb, state text, output jsonb,
         attempts integer, finished_at bigint, created_at bigint)`,
      [JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT))],
    );
  }
}
