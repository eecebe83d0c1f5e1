import type { JobResult, PgBoss } from 'pg-boss';
import { errorMessage } from '../core/errors.js';
import type { Queryable } from '../db/db.js';
import { messagesPerBatch, queueOf, slotsOf, unitsIn, type JobData, type QueueJob } from './job-data.js';
import type { CommandDef, JobContext, JsonObject, RunInfo, UnitResult } from './types.js';
import { queuedUnits } from './run-repository.js';

/** Finished units wait at most this long before they are recorded (the run's progress stays current). */
const FLUSH_AFTER_MS = 1_000;
/** After a fetch that found fewer messages than it asked for, the pipeline waits this long before asking again. */
const DRY_QUEUE_MS = 500;
/**
 * Bytes a pipeline's finished, unrecorded units may hold (UnitResult.heldBytes) before it starts no more:
 * units whose commits carry what they fetched (a site's posts) wait for recording in memory, and a
 * database slower than the network must not let them pile up.
 */
export const MAX_HELD_BYTES = 64 * 1024 * 1024;

export interface UnitRow {
  id: number;
  run_id: number;
  key: string;
  input: JsonObject;
  state: string;
  attempts: number;
}

/** A queue message being worked on: its units still unsettled, and why it must be retried, if it must. */
export interface Delivery {
  job: QueueJob;
  open: number;
  retry: string | null;
}

export interface Outcome {
  delivery: Delivery;
  unit: UnitRow;
  result: UnitResult | null;
  error: string | null;
}

/** What a pipeline needs of the engine that runs it. */
export interface PipelineHost {
  db: Queryable;
  boss: PgBoss;
  ctx: JobContext;
  /** Attempts after the first (the queue's retry limit). */
  retryLimit: number;
  /** How long after it starts the pipeline may fetch more messages. */
  refillForMs: number;
  /** Whether this process still takes new work (a worker that is not stopping). */
  active(): boolean;
  argumentsOf(runIds: number[]): Promise<Map<number, JsonObject>>;
  /** Records outcomes and settles the due messages, in one transaction. */
  record(outcomes: Outcome[], due: Delivery[]): Promise<void>;
}

/**
 * The units of a batch of messages, ready to start. Units are carried by the message; they are read
 * back only for a redelivery (a retry, or a message whose worker was lost) or a message that names its
 * unit by id alone, and then a unit already recorded is left out. A message with nothing left to run is
 * settled with the next group.
 */
async function unitsOf(
  db: Queryable,
  batch: QueueJob[],
): Promise<{ start: Array<[Delivery, UnitRow]>; idle: Delivery[] }> {
  const start: Array<[Delivery, UnitRow]> = [];
  const reread = new Map<number, Delivery>();
  const deliveries = batch.map((job): Delivery => ({ job, open: 0, retry: null }));
  for (const d of deliveries) {
    for (const ref of unitsIn(d.job.data)) {
      if (d.job.retryCount === 0 && typeof ref.key === 'string') {
        const unit = { id: ref.jobId, run_id: d.job.data.runId, key: ref.key, input: ref.input ?? {} };
        start.push([d, { ...unit, state: 'queued', attempts: 0 }]);
        d.open++;
      } else reread.set(ref.jobId, d);
    }
  }
  if (reread.size) {
    for (const u of await queuedUnits(db, [...reread.keys()])) {
      const d = reread.get(u.id)!;
      start.push([d, u]);
      d.open++;
    }
  }
  return { start, idle: deliveries.filter((d) => d.open === 0) };
}

/** Bytes the outcomes' commits hold (UnitResult.heldBytes). */
function heldBy(outcomes: Outcome[]): number {
  let bytes = 0;
  for (const o of outcomes) bytes += o.result?.heldBytes ?? 0;
  return bytes;
}

/**
 * Handles a batch of one command's messages as a pipeline: units run at once up to the batch size, each
 * finished unit frees its slot, and slots are refilled from units fetched a batch ahead, so one slow
 * page does not hold the others' slots. Finished units are recorded in groups, each in one transaction
 * that also settles the messages whose units are all done: completed, or failed back to the queue for a
 * retry when a unit threw and has attempts left. A unit recorded by an earlier delivery changes nothing.
 * The batch's own messages are settled the same way; pg-boss's settle of them then finds nothing to do.
 */
export async function runPipeline(
  host: PipelineHost,
  def: CommandDef,
  jobs: QueueJob[],
): Promise<JobResult[]> {
  const { ctx, boss, retryLimit } = host;
  const queue = queueOf(def);
  const slots = slotsOf(def);
  const refillUntil = Date.now() + host.refillForMs;
  const inflight = new Set<Promise<void>>();
  // Each with its run's arguments, taken when fetched: the engine's cache of them may be cleared meanwhile.
  const waiting: Array<[Delivery, UnitRow, JsonObject, unknown]> = [];
  let finished: Outcome[] = [];
  // Messages with no unit left to run, settled with the next group.
  let idle: Delivery[] = [];

  const settle = async (outcomes: Outcome[]) => {
    const record: Outcome[] = [];
    const due: Delivery[] = idle;
    idle = [];
    for (const o of outcomes) {
      const d = o.delivery;
      if (o.error !== null) ctx.log.warn({ command: def.name, key: o.unit.key, err: o.error }, 'job failed');
      if (o.error !== null && d.job.retryCount < retryLimit) d.retry ??= o.error;
      else record.push(o);
      if (--d.open === 0) due.push(d);
    }
    try {
      await host.record(record, due);
    } finally {
      held -= heldBy(outcomes);
      launch();
      nudge();
    }
  };

  // Units set aside (setAsideAfterMs): still running, no longer holding a slot; at most `slots` of them.
  const aside = new Set<Promise<void>>();
  // Resolved when a unit is set aside or a group is recorded, so the loop below looks at the queue again
  // (nothing else finished).
  let wake: () => void = () => undefined;
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const nudge = () => {
    wake();
    woken = new Promise<void>((resolve) => (wake = resolve));
  };
  const setAside = (p: Promise<void>) => {
    if (!inflight.has(p) || aside.size >= slots) return;
    aside.add(p);
    launch();
    nudge();
  };

  // Bytes held by finished units not yet recorded (their commits' data).
  let held = 0;
  const launch = () => {
    while (inflight.size - aside.size < slots && waiting.length && held < MAX_HELD_BYTES) {
      const [delivery, unit, args, prepared] = waiting.shift()!;
      const run: RunInfo = {
        id: unit.run_id,
        service: def.service,
        command: def.name,
        arguments: args,
      };
      const task = def.run({ key: unit.key, input: unit.input, prepared }, run, ctx).then(
        (result): Outcome => ({ delivery, unit, result, error: null }),
        (err: unknown): Outcome => ({ delivery, unit, result: null, error: errorMessage(err) }),
      );
      // A finished unit's slot is refilled at once from the units waiting, not on the loop's next turn
      // (which may be waiting on a fetch).
      const timer =
        def.setAsideAfterMs === undefined ? undefined : setTimeout(() => setAside(p), def.setAsideAfterMs);
      const p: Promise<void> = task.then((o) => {
        clearTimeout(timer);
        held += o.result?.heldBytes ?? 0;
        finished.push(o);
        inflight.delete(p);
        aside.delete(p);
        launch();
      });
      inflight.add(p);
    }
  };
  // What the units need, read for the batch ahead of them (CommandDef.prepare); without it they read it.
  const prepare = (inputs: JsonObject[]): Promise<unknown[]> =>
    def.prepare!(inputs, ctx).catch((err: unknown) => {
      ctx.log.warn({ command: def.name, err: errorMessage(err) }, 'preparing units failed');
      return [];
    });
  const begin = async (batch: QueueJob[]) => {
    const { start, idle: nothingLeft } = await unitsOf(host.db, batch);
    idle.push(...nothingLeft);
    const args = await host.argumentsOf([...new Set(start.map(([, u]) => u.run_id))]);
    const prepared = def.prepare ? await prepare(start.map(([, u]) => u.input)) : [];
    start.forEach(([d, u], i) => waiting.push([d, u, args.get(u.run_id) ?? {}, prepared[i]]));
    launch();
  };

  // Recording runs behind the work: groups are settled one after another while units keep running.
  // A group is two batches' worth (fewer, larger transactions when pages are quick) or whatever finished
  // in the last second (so a run of slow pages still shows its progress).
  let settling: Promise<void> = Promise.resolve();
  let settleError: unknown = null;
  let lastFlush = Date.now();
  const flush = () => {
    const group = finished;
    finished = [];
    lastFlush = Date.now();
    settling = settling
      .then(() => settle(group))
      .catch((err: unknown) => {
        settleError ??= err;
      });
  };
  await begin(jobs);
  // A batch's worth is fetched once fewer than half a batch wait; a queue found dry is not asked again for
  // a moment, so the last units of a run do not each cost a fetch that finds nothing. The fetch runs beside
  // the units (they keep finishing and refilling their slots meanwhile); one at a time.
  const refillAt = Math.max(1, Math.ceil(slots / 2));
  const fetchSize = messagesPerBatch(def);
  let dryUntil = 0;
  let fetching: Promise<void> | null = null;
  const refill = async () => {
    const more = await boss.fetch<JobData>(queue, { batchSize: fetchSize });
    if (more.length < fetchSize) dryUntil = Date.now() + DRY_QUEUE_MS;
    if (more.length) await begin(more);
  };
  // Units may wait with nothing running while the finished ones hold too much: their recording frees them.
  while ((inflight.size || fetching || waiting.length) && settleError === null) {
    // Units that finished are recorded within FLUSH_AFTER_MS even while the others run on (a slow site).
    let flushTimer: NodeJS.Timeout | undefined;
    const flushDue =
      finished.length > 0
        ? new Promise<void>((resolve) => {
            flushTimer = setTimeout(resolve, Math.max(0, lastFlush + FLUSH_AFTER_MS - Date.now()));
          })
        : null;
    await Promise.race([
      ...inflight,
      woken,
      ...(fetching ? [fetching] : []),
      ...(flushDue ? [flushDue] : []),
    ]);
    clearTimeout(flushTimer);
    if (
      (finished.length > 0 || idle.length > 0) &&
      (finished.length >= 2 * slots ||
        (inflight.size === 0 && !fetching) ||
        held >= MAX_HELD_BYTES ||
        Date.now() - lastFlush >= FLUSH_AFTER_MS)
    )
      flush();
    const now = Date.now();
    if (!fetching && waiting.length < refillAt && now < refillUntil && now >= dryUntil && host.active()) {
      const current: Promise<void> = refill().finally(() => {
        if (fetching === current) fetching = null;
      });
      fetching = current;
    }
  }
  await fetching;
  await Promise.all(inflight);
  flush();
  await settling;
  if (settleError !== null) throw settleError;
  return jobs.map((j) => ({ id: j.id, status: 'completed' }));
}
