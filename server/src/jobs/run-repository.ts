import type { JobOutputItem, JobService } from '@sitefleet/shared';
import { errorMessage } from '../core/errors.js';
import type { Queryable } from '../db/db.js';
import type { UnitRow } from './pipeline.js';
import type { JsonObject } from './types.js';

/**
 * Repository of cron runs and their units as the job engine writes them. Units are inserted, recorded and
 * counted in bulk (thousands per statement, recordsets and ON CONFLICT on the unit key) inside the
 * transaction that also settles their queue messages, and a run's counters move by increments; none of
 * that is a one-record write of the engine. The API reads runs through the engine (cron-runs.ts).
 */

/** The most outputs of each kind a run's detail carries (the console shows the latest). */
export const OUTPUT_LIMIT = 500;

export interface NewRun {
  service: JobService;
  command: string;
  description: string;
  arguments: JsonObject;
  trigger: string;
  createdBy: number | null;
}

/** A run planned with no units ends at once. */
export async function completeEmptyRun(tx: Queryable, runId: number): Promise<void> {
  await tx.query(
    `UPDATE cron_runs SET status = 'completed', end_time = start_time, total_time = 0, output = $2 WHERE id = $1`,
    [runId, JSON.stringify({ message: 'Nothing to do' })],
  );
}

/** A unit as inserted: its row id, with the key and input it was given. */
export interface InsertedUnit {
  id: number;
  key: string;
  input: JsonObject;
}

type UnitInput = { key: string; input?: JsonObject };

function unitsJson(units: UnitInput[]): string {
  return JSON.stringify(units.map((u) => ({ key: u.key, input: u.input ?? {} })));
}

/** The inserted rows ({id, key}) with the inputs they were given (not read back from the database). */
function withInputs(units: UnitInput[], rows: Array<{ id: number; key: string }>): InsertedUnit[] {
  const inputs = new Map(units.map((u) => [u.key, u.input ?? {}]));
  return rows.map((r) => ({ id: Number(r.id), key: r.key, input: inputs.get(r.key) ?? {} }));
}

/**
 * Inserts a new run counting `jobCount` units, with the first of them, in one statement; answers the run
 * id and the units inserted. The keys must be distinct (the run is new, so none is skipped).
 */
export async function insertRunWithUnits(
  tx: Queryable,
  run: NewRun,
  jobCount: number,
  units: UnitInput[],
): Promise<{ runId: number; units: InsertedUnit[] }> {
  const r = await tx.query<{ run_id: number; id: number | null; key: string | null }>(
    `WITH run AS (
       INSERT INTO cron_runs (service, command, description, arguments, trigger, created_by, job_count, remaining_jobs)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id
     ), unit AS (
       INSERT INTO cron_run_jobs (run_id, key, input)
       SELECT run.id, u.key, coalesce(u.input, '{}'::jsonb)
       FROM run, jsonb_to_recordset($8::jsonb) AS u(key text, input jsonb)
       ON CONFLICT (run_id, key) DO NOTHING RETURNING id, key
     )
     SELECT run.id AS run_id, unit.id, unit.key FROM run LEFT JOIN unit ON true`,
    [
      run.service,
      run.command,
      run.description,
      JSON.stringify(run.arguments),
      run.trigger,
      run.createdBy,
      jobCount,
      unitsJson(units),
    ],
  );
  const rows = r.rows.flatMap((row) =>
    row.id === null || row.key === null ? [] : [{ id: row.id, key: row.key }],
  );
  return { runId: Number(r.rows[0]!.run_id), units: withInputs(units, rows) };
}

/** Inserts the units whose keys the run does not have yet; answers those inserted. */
export async function insertUnits(tx: Queryable, runId: number, units: UnitInput[]): Promise<InsertedUnit[]> {
  const rows = await tx.query<{ id: number; key: string }>(
    `INSERT INTO cron_run_jobs (run_id, key, input)
     SELECT $1, u.key, coalesce(u.input, '{}'::jsonb) FROM jsonb_to_recordset($2::jsonb) AS u(key text, input jsonb)
     ON CONFLICT (run_id, key) DO NOTHING RETURNING id, key`,
    [runId, unitsJson(units)],
  );
  return withInputs(units, rows.rows);
}

/** Counts units added to a run (again running, should it have ended). */
export async function countAddedUnits(tx: Queryable, runId: number, added: number): Promise<void> {
  await tx.query(
    `UPDATE cron_runs SET job_count = job_count + $2, remaining_jobs = remaining_jobs + $2,
       status = 'running', end_time = NULL, total_time = NULL WHERE id = $1`,
    [runId, added],
  );
}

export async function runArguments(
  db: Queryable,
  runIds: number[],
): Promise<Array<{ id: number; arguments: JsonObject }>> {
  const runs = await db.query<{ id: number; arguments: JsonObject }>(
    'SELECT id, arguments FROM cron_runs WHERE id = ANY($1::bigint[])',
    [runIds],
  );
  return runs.rows;
}

export interface UnitRecord {
  id: number;
  state: string;
  output: JsonObject;
  attempts: number;
}

/** Records units still queued (a unit recorded by an earlier delivery is left alone); answers those written. */
export async function recordQueuedUnits(
  tx: Queryable,
  values: UnitRecord[],
): Promise<Array<{ id: number; run_id: number; state: string }>> {
  // The id list gives the planner the primary key to go by; joined to the recordset alone it may scan
  // every unit of every run for the queued ones.
  const updated = await tx.query<{ id: number; run_id: number; state: string }>(
    `UPDATE cron_run_jobs j SET state = v.state, output = v.output, attempts = v.attempts, finished_at = epoch_now()
     FROM jsonb_to_recordset($1::jsonb) AS v(id bigint, state text, output jsonb, attempts integer)
     WHERE j.id = ANY($2::bigint[]) AND j.id = v.id AND j.state = 'queued' RETURNING j.id, j.run_id, j.state`,
    [JSON.stringify(values), values.map((v) => v.id)],
    // Sent by every recording transaction: kept parsed, not planned again each time.
    { prepare: true },
  );
  return updated.rows;
}

export async function failUnit(tx: Queryable, unitId: number, message: string): Promise<void> {
  await tx.query(`UPDATE cron_run_jobs SET state = 'failed', output = $2 WHERE id = $1`, [
    unitId,
    JSON.stringify({ message }),
  ]);
}

/** Runs a unit's commit in a savepoint: answers its failure, undone without undoing the batch. */
export async function inSavepoint(
  tx: Queryable,
  commit: (tx: Queryable) => Promise<void>,
): Promise<string | null> {
  await tx.query('SAVEPOINT unit_commit');
  try {
    await commit(tx);
    await tx.query('RELEASE SAVEPOINT unit_commit');
    return null;
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT unit_commit');
    return errorMessage(err);
  }
}

/** Locks the run for adding units; its unit count and arguments, or null when it is gone. */
export async function lockRun(
  tx: Queryable,
  runId: number,
): Promise<{ job_count: number; arguments: JsonObject } | null> {
  const r = await tx.query<{ job_count: number; arguments: JsonObject }>(
    'SELECT job_count, arguments FROM cron_runs WHERE id = $1 FOR UPDATE',
    [runId],
  );
  return r.rows[0] ?? null;
}

export interface RunCounts {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  /** Only once the run has no units left (its summary needs them); null before. */
  arguments: JsonObject | null;
}

/** Adds recorded units to the run's counters; answers them after the change. */
export async function advanceRunCounts(
  tx: Queryable,
  runId: number,
  c: { done: number; ok: number; failed: number },
): Promise<RunCounts | null> {
  const r = await tx.query<RunCounts>(
    `UPDATE cron_runs SET done_jobs = done_jobs + $2, success_count = success_count + $3,
       failed_count = failed_count + $4, remaining_jobs = remaining_jobs - $2, updated_at = epoch_now()
     WHERE id = $1 RETURNING remaining_jobs, success_count, failed_count,
       CASE WHEN remaining_jobs <= 0 THEN arguments END AS arguments`,
    [runId, c.done, c.ok, c.failed],
    { prepare: true },
  );
  return r.rows[0] ?? null;
}

export async function finishRun(tx: Queryable, runId: number, summary: string): Promise<void> {
  await tx.query(
    `UPDATE cron_runs SET end_time = epoch_now(), total_time = epoch_now() - start_time,
       status = CASE WHEN failed_count > 0 THEN 'failed' ELSE 'completed' END, output = $2
     WHERE id = $1`,
    [runId, JSON.stringify({ message: summary })],
  );
}

/** The units among these still queued. */
export async function queuedUnits(db: Queryable, unitIds: number[]): Promise<UnitRow[]> {
  const units = await db.query<UnitRow>(
    `SELECT id, run_id, key, input, state, attempts FROM cron_run_jobs
      WHERE id = ANY($1::bigint[]) AND state = 'queued'`,
    [unitIds],
  );
  return units.rows.map((u) => ({ ...u, id: Number(u.id), run_id: Number(u.run_id) }));
}

/** The latest outputs of a run (OUTPUT_LIMIT of each state) and its totals; null when it is gone. */
export async function runOutputs(
  db: Queryable,
  runId: number,
): Promise<{ items: Array<JobOutputItem & { state: string }>; success: number; failed: number } | null> {
  const items = await db.query<JobOutputItem & { state: string }>(
    `(SELECT id, key, output, finished_at, attempts, state FROM cron_run_jobs
        WHERE run_id = $1 AND state = 'done' ORDER BY finished_at DESC, id DESC LIMIT ${OUTPUT_LIMIT})
     UNION ALL
     (SELECT id, key, output, finished_at, attempts, state FROM cron_run_jobs
        WHERE run_id = $1 AND state = 'failed' ORDER BY finished_at DESC, id DESC LIMIT ${OUTPUT_LIMIT})`,
    [runId],
  );
  const totals = await db.query<{ success_count: number; failed_count: number }>(
    'SELECT success_count, failed_count FROM cron_runs WHERE id = $1',
    [runId],
  );
  const t = totals.rows[0];
  if (!t) return null;
  return { items: items.rows, success: t.success_count, failed: t.failed_count };
}

/** Deletes a service's finished runs older than `days`, except `keep` (the pruning run itself). */
export async function pruneRuns(
  db: Queryable,
  service: JobService,
  days: number,
  keep: number,
): Promise<number> {
  const r = await db.query(
    `DELETE FROM cron_runs WHERE service = $1 AND end_time IS NOT NULL AND end_time < epoch_now() - $2 * 86400
     AND id <> $3`,
    [service, days, keep],
  );
  return r.rowCount;
}

/** The most units one pass re-enqueues; the rest wait for the next pass. */
const PASS_LIMIT = 5_000;

export interface OrphanUnit {
  id: number;
  run_id: number;
  service: string;
  command: string;
}

/**
 * Queued units of running runs that no live queue message carries: not waiting, retrying or running in
 * their command's queue, nor waiting in its dead-letter queue to be recorded as given up. A message and
 * its units are written, failed or settled in one transaction, so in one snapshot a unit either has a live
 * message or has none for good (its message was settled while the unit's recording was lost with the
 * database, or the message itself was lost).
 *
 * The queued units less the carried ones is a set difference (EXCEPT, hashed or sorted once), not an
 * anti-join: a run's units and messages are written in bulk just before the pass may look at them, and on
 * estimates from before they were there the planner took a nested loop over both, seconds to minutes of
 * database time per pass for a run of 10,000 units, every pass while the run lasted.
 */
export async function findOrphanUnits(tx: Queryable, queues: string[]): Promise<OrphanUnit[]> {
  const r = await tx.query<OrphanUnit>(
    `WITH running AS (
       SELECT id FROM cron_runs WHERE status = 'running'
     ), carried AS (
       SELECT coalesce(u.value->>'jobId', m.data->>'jobId')::bigint AS unit_id
       FROM pgboss.job m
       LEFT JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(m.data->'units') = 'array' THEN m.data->'units' ELSE '[]'::jsonb END
       ) u ON true
       WHERE m.name = ANY($1::text[]) AND m.state < 'completed'
         AND (m.data->>'runId')::bigint IN (SELECT id FROM running)
     ), orphan AS (
       SELECT j.id FROM cron_run_jobs j WHERE j.run_id IN (SELECT id FROM running) AND j.state = 'queued'
       EXCEPT
       SELECT unit_id FROM carried
     )
     SELECT j.id, j.run_id, r.service, r.command
     FROM orphan o JOIN cron_run_jobs j ON j.id = o.id JOIN cron_runs r ON r.id = j.run_id
     ORDER BY j.run_id, j.id LIMIT ${PASS_LIMIT}`,
    [queues],
  );
  return r.rows.map((u) => ({ ...u, id: Number(u.id), run_id: Number(u.run_id) }));
}

/** Takes a transaction-scoped advisory lock if it is free; answers whether it was. */
export async function tryTransactionLock(tx: Queryable, key: number): Promise<boolean> {
  const lock = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS held', [key]);
  return lock.rows[0]?.held === true;
}
