import type { Job } from 'pg-boss';
import type { CommandDef, JsonObject } from './types.js';

/** The queue of a command: `dms.backlinks.keyword-check`. */
export function queueOf(def: Pick<CommandDef, 'service' | 'name'>): string {
  return `${def.service}.${def.name.replace(/:/g, '.')}`;
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
