import type { JobService } from '@sitefleet/shared';
import type { AppDeps } from '../../src/deps.js';
import type { JsonObject } from '../../src/jobs/types.js';
import { openBenchDb, type BenchDb, type DbKind } from '../databases.js';
import { runRow, waitFor, type EngineApp } from '../jobs-app.js';

/* What the benches that put a command through the job engine beside a bare loop share. */

export interface Command {
  service: JobService;
  name: string;
}

/**
 * Runs fn on a fresh scratch database of the kind, closed (and dropped) afterwards; answers why not when
 * the database cannot be had (PostgreSQL not running), so the bench reports that part as skipped.
 */
export async function withBenchDb<T>(kind: DbKind, fn: (bdb: BenchDb) => Promise<T>): Promise<T | string> {
  const opened = await openBenchDb(kind);
  if (typeof opened === 'string') return opened;
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}

/** How many units the engine runs at once: round(concurrency x JOBS_CONCURRENCY) workers of batchSize slots. */
export interface EngineSlots {
  slots: number;
  batchSize: number;
  workers: number;
  unitsPerJob: number;
}

/** The command's slots, read the way JobEngine.startWorkers sets its workers up. */
export function engineSlots(deps: AppDeps, command: Command): EngineSlots {
  const def = deps.jobs.get(command.service, command.name);
  if (!def) throw new Error(`${command.name} is not registered`);
  const workers = Math.max(1, Math.round((def.concurrency ?? 2) * deps.config.jobsConcurrency));
  const batchSize = def.batchSize ?? 20;
  return { slots: batchSize * workers, batchSize, workers, unitsPerJob: def.unitsPerJob ?? 0 };
}

/** How often the database is asked whether a run has ended (see runToEnd). */
const RUN_POLL_MS = 1_000;

/**
 * Starts a run of the command and waits until it has no unit left; answers its id and the milliseconds from
 * the call that started it. The engine says when it records a run's last unit; polling the database
 * meanwhile would load the very database the engine works on (PGlite shares this thread), so the database is
 * asked only once a second, as a fallback.
 */
export async function runToEnd(
  engine: EngineApp,
  command: Command,
  args: JsonObject,
  timeoutMs: number,
): Promise<{ runId: number; ms: number }> {
  const started = performance.now();
  const runId = await engine.deps.jobs.startRun(command.service, command.name, args, {
    trigger: 'api',
    userId: null,
  });
  let done = false;
  const finished = engine.deps.jobs.whenFinished(runId).then(() => {
    done = true;
  });
  await Promise.race([
    finished,
    waitFor(`${command.name} run ${runId} to end`, timeoutMs, RUN_POLL_MS, async () =>
      done || (await runRow(engine.deps.db, runId)).remaining_jobs === 0 ? true : null,
    ),
  ]);
  return { runId, ms: performance.now() - started };
}

/** Runs fn over items with at most `limit` at once (a bare loop's in-flight bound). */
export async function lanes<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Throws with the first few of the wrong results, if there are any: a bench measures right answers only. */
export function failIfWrong(label: string, wrong: string[]): void {
  if (!wrong.length) return;
  throw new Error(`${label}: ${wrong.length} wrong results, e.g.\n  ${wrong.slice(0, 5).join('\n  ')}`);
}
