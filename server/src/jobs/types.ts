import type { CommandArgument, JobService } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One unit of work of a run: its key is unique within the run (a domain, a page URL). */
export interface UnitSpec {
  key: string;
  input?: JsonObject;
}

/** The run a unit belongs to, as its handler sees it. */
export interface RunInfo {
  id: number;
  service: JobService;
  command: string;
  arguments: JsonObject;
}

export interface JobContext {
  deps: AppDeps;
  log: FastifyBaseLogger;
}

/**
 * What a unit's handler reports. output.message is what the console shows. A handler does its slow work
 * (fetches) and returns; `commit` then writes its results inside the transaction that records the unit as
 * done, and runs only the first time the unit is recorded, so a job delivered twice writes once.
 */
export interface UnitResult {
  output: { message: string } & JsonObject;
  /** A definite failure (a page that answers 404): recorded as failed without retrying; commit still runs. */
  failed?: boolean;
  commit?: (tx: Queryable) => Promise<void>;
  /**
   * A write made together with the other units of the group that use the same writer: one call (one
   * statement, say) for the whole group instead of one commit per unit. Runs after the units' commits, for
   * units recorded done or definitely failed, as commit does.
   */
  groupWrite?: GroupItem;
  /**
   * About how many bytes `commit` holds until the unit is recorded (a site's synced posts). A pipeline whose
   * finished, unrecorded units hold more than its bound starts no more units until they are recorded.
   */
  heldBytes?: number;
  /** More units discovered by this one (pages a crawl found); de-duplicated by key within the run. */
  spawn?: UnitSpec[];
}

/** One unit's part of a group write (GroupWriter.item). */
export interface GroupItem {
  /** The writer: items of the same writer are written together. */
  readonly writer: object;
  readonly value: unknown;
  /** Writes the values (all of this writer); answers per value why it was not written, null when it was. */
  readonly writeAll: (tx: Queryable, values: unknown[]) => Promise<Array<string | null>>;
}

/**
 * Writes what several units of a recorded group found in one go. `write` must write nothing for a value it
 * refuses (answering why, which fails that unit); a throw fails the group's transaction, which is recorded
 * again with each unit's value written alone in a savepoint of its own.
 */
export class GroupWriter<T> {
  constructor(private readonly write: (tx: Queryable, values: T[]) => Promise<Array<string | null>>) {}

  item(value: T): GroupItem {
    // Only this writer's items reach writeAll, all made here from Ts.
    return { writer: this, value, writeAll: (tx, values) => this.write(tx, values as T[]) };
  }
}

export interface RetryPolicy {
  /** Attempts after the first. */
  limit: number;
  /** Seconds before a retry. */
  delay: number;
  backoff: boolean;
}

/** A registered command (ARCHITECTURE §5): name, description, input schema, handler, schedule, retries. */
export interface CommandDef<A extends JsonObject = JsonObject> {
  service: JobService;
  /** artisan-style name: `backlinks:deindex-check`. */
  name: string;
  description: string;
  arguments: CommandArgument[];
  /** Checks and normalises the arguments; throws invalid() with field errors (arguments.x) when bad. */
  parse(args: JsonObject, ctx: JobContext): A | Promise<A>;
  /** The units of work of a run with these arguments (may read the database). */
  plan(args: A, ctx: JobContext): Promise<UnitSpec[]> | UnitSpec[];
  /**
   * Reads at once, for the units a worker has just taken and before they start, what each needs from the
   * database (a site's connection): one query for the batch, ahead of the units, instead of one per unit
   * as it starts and waits for it. Answers a value per input, in order, handed to run() as
   * `unit.prepared`; when it fails the units run without it (run reads what it needs itself).
   */
  prepare?(inputs: JsonObject[], ctx: JobContext): Promise<unknown[]>;
  /** Does one unit. Throwing is retried per the retry policy, then recorded as failed. */
  run(
    unit: UnitSpec & { input: JsonObject; prepared?: unknown },
    run: RunInfo & { arguments: A },
    ctx: JobContext,
  ): Promise<UnitResult>;
  /** Cron expression (UTC) for scheduled runs, with the arguments they run with. */
  schedule?: { cron: string; arguments?: JsonObject };
  retry?: Partial<RetryPolicy>;
  /** Seconds a unit may run before it is considered lost and retried. */
  timeoutSeconds?: number;
  /** Units one worker runs at once (its slots). */
  batchSize?: number;
  /**
   * Units carried by one queue message (default: a quarter of batchSize, at least 1), so the queue claims,
   * completes and churns one row for several units; a message is retried as a whole and skips its recorded
   * units. 1 spreads a run's units over as many messages, and so worker processes, as it has units.
   */
  unitsPerJob?: number;
  /**
   * Milliseconds after which a unit still running stops counting against its worker's slots: a unit that
   * waits on a slow or dead outside system (a site that does not answer until its timeout) is set aside
   * and the next unit starts in its place, at most as many set aside as there are slots. For units that
   * mostly wait (network calls), not for ones that compute. Unset: a unit holds its slot to the end.
   */
  setAsideAfterMs?: number;
  /**
   * Recording transactions one process runs at once for this command (default 1). 2 for commands whose
   * commits are heavy writes (a site's synced data), so that two of the database's cores share them.
   */
  recordLanes?: number;
  /** Workers per process on this command's queue. */
  concurrency?: number;
  /** Most units one run may have, spawned ones included (a number, or one derived from the arguments). */
  maxJobs?: number | ((args: A) => number);
  /** A message for the run's output when it ends (defaults to the counts). */
  summarize?(counts: { success: number; failed: number }, args: A): string;
}

/**
 * A command for the registry, its argument type checked here and erased there: the engine only ever hands
 * a command the arguments its own `parse` produced, so they are its `A`.
 */
export function defineCommand<A extends JsonObject>(def: CommandDef<A>): CommandDef {
  const own = (args: JsonObject) => args as A;
  const { maxJobs, summarize } = def;
  return {
    ...def,
    plan: (args, ctx) => def.plan(own(args), ctx),
    run: (unit, run, ctx) => def.run(unit, { ...run, arguments: own(run.arguments) }, ctx),
    maxJobs: typeof maxJobs === 'function' ? (args) => maxJobs(own(args)) : maxJobs,
    ...(summarize ? { summarize: (counts, args) => summarize(counts, own(args)) } : {}),
  };
}
