import type { Job } from 'pg-boss';
import type { CommandDef, JsonObject } from './types.js';

/** The queue of a command: `dms.backlinks.keyword-check`. */
export function queueOf(def: Pick<CommandDef, 'service' | 'name'>): string {
  return `${def.service}.${def.name.replace(/:/g, '.')}`;
}

/** Units one worker of a command runs at once when the command does not say (its slots). */
export const DEFAULT_SLOTS = 20;
/**
 * Messages a worker's batch holds when the command does not set its units per message: a quarter of its
 * slots to each message, so the queue claims, completes and churns one row for several units while a run
 * still spreads over at least four messages a batch (and so over several worker processes).
 */
const MESSAGES_PER_BATCH = 4;

/** Units one worker of the command runs at once. */
export function slotsOf(def: Pick<CommandDef, 'batchSize'>): number {
  return def.batchSize ?? DEFAULT_SLOTS;
}

/** Units carried by one of the command's messages: its own `unitsPerJob`, else a quarter of its slots. */
export function unitsPerMessage(def: Pick<CommandDef, 'batchSize' | 'unitsPerJob'>): number {
  return def.unitsPerJob ?? Math.max(1, Math.ceil(slotsOf(def) / MESSAGES_PER_BATCH));
}

/** Messages a worker takes at once: about as many units as it has slots, so none waits long for one. */
export function messagesPerBatch(def: Pick<CommandDef, 'batchSize' | 'unitsPerJob'>): number {
  return Math.max(1, Math.ceil(slotsOf(def) / unitsPerMessage(def)));
}

/** One unit a queue message stands for: its row in cron_run_jobs, and its key and input carried along. */
export interface UnitRef {
  jobId: number;
  key?: string;
  input?: JsonObject;
}

/**
 * A queue message's payload: the run and the units it carries, whole, so a worker starts them without
 * reading them back. Messages queued before units were carried name one unit by jobId alone.
 */
export interface JobData {
  runId: number;
  units?: UnitRef[];
  jobId?: number;
  key?: string;
  input?: JsonObject;
}

export type QueueJob = Job<JobData>;

/** The units a message carries, in either payload shape. */
export function unitsIn(data: JobData): UnitRef[] {
  if (data.units) return data.units;
  return typeof data.jobId === 'number' ? [{ jobId: data.jobId, key: data.key, input: data.input }] : [];
}

/** Messages for new units: up to `perMessage` units each, in the order given. */
export function messagesFor(
  runId: number,
  units: Array<{ id: number; key: string; input: JsonObject }>,
  perMessage: number,
): JobData[] {
  const out: JobData[] = [];
  for (let i = 0; i < units.length; i += perMessage) {
    out.push({
      runId,
      units: units.slice(i, i + perMessage).map((u) => ({ jobId: Number(u.id), key: u.key, input: u.input })),
    });
  }
  return out;
}

/** A message as pg-boss settles it: fenced to the attempt this worker fetched. */
export function attemptOf(job: Job<unknown>): { id: string; retryCount: number } {
  return { id: job.id, retryCount: job.retryCount };
}
