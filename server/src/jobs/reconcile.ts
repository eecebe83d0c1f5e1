import type { Db, Queryable } from '../db/db.js';
import { findOrphanUnits, tryTransactionLock } from './run-repository.js';
import { queueOf, type JobData } from './job-data.js';
import type { CommandDef } from './types.js';

/** Held for one reconciling pass, so two worker processes never both re-enqueue the same unit. */
const RECONCILE_LOCK = 0x5f_1e_e7_0d;
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
    if (!(await tryTransactionLock(tx, RECONCILE_LOCK))) return 0;
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
