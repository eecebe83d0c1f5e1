import type { Db, Queryable } from '../db/db.js';
import { queueOf, type JobData } from './job-data.js';
import type { CommandDef } from './types.js';

/** Held for one reconciling pass, so two worker processes never both re-enqueue the same unit. */
const RECONCILE_LOCK = 0x5f_1e_e7_0d;
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
 */
export async function findOrphanUnits(tx: Queryable, queues: string[]): Promise<OrphanUnit[]> {
  const r = await tx.query<OrphanUnit>(
    `WITH waiting AS (
       SELECT j.id, j.run_id, r.service, r.command
       FROM cron_runs r JOIN cron_run_jobs j ON j.run_id = r.id AND j.state = 'queued'
       WHERE r.status = 'running'
     ), carried AS (
       SELECT coalesce(u.value->>'jobId', m.data->>'jobId')::bigint AS unit_id
       FROM pgboss.job m
       LEFT JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(m.data->'units') = 'array' THEN m.data->'units' ELSE '[]'::jsonb END
       ) u ON true
       WHERE m.name = ANY($1::text[]) AND m.state < 'completed'
         AND (m.data->>'runId')::bigint IN (SELECT run_id FROM waiting)
     )
     SELECT w.id, w.run_id, w.service, w.command FROM waiting w
     WHERE NOT EXISTS (SELECT 1 FROM carried c WHERE c.unit_id = w.id)
     ORDER BY w.run_id, w.id LIMIT ${PASS_LIMIT}`,
    [queues],
  );
  return r.rows.map((u) => ({ ...u, id: Number(u.id), run_id: Number(u.run_id) }));
}

/**
 * One reconciling pass (worker processes, at start and then periodically): every orphaned unit gets a new
 * message naming it by id alone, so the worker that takes it reads it back and runs it only if it is still
 * queued. A unit recorded meanwhile costs an empty delivery, never a second recording. Answers how many
 * units were re-enqueued; 0 when another process holds the pass.
 */
export async function reconcileOrphans(
  db: Db,
  defs: CommandDef[],
  enqueue: (tx: Queryable, def: CommandDef, messages: JobData[]) => Promise<void>,
): Promise<number> {
  const byName = new Map(defs.map((d) => [`${d.service}/${d.name}`, d]));
  const queues = defs.flatMap((d) => [queueOf(d), `${queueOf(d)}.dead`]);
  return db.transaction(async (tx) => {
    const lock = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS held', [
      RECONCILE_LOCK,
    ]);
    if (!lock.rows[0]?.held) return 0;
    const orphans = await findOrphanUnits(tx, queues);
    const perCommand = new Map<CommandDef, JobData[]>();
    for (const u of orphans) {
      const def = byName.get(`${u.service}/${u.command}`);
      if (!def) continue; // a command no longer registered: nothing could run it
      const list = perCommand.get(def) ?? [];
      list.push({ runId: u.run_id, units: [{ jobId: u.id }] });
      perCommand.set(def, list);
    }
    let count = 0;
    for (const [def, messages] of perCommand) {
      await enqueue(tx, def, messages);
      count += messages.length;
    }
    return count;
  });
}
