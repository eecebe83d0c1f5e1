import type { Db as BossDb, PgBoss } from 'pg-boss';
import type { Queryable } from '../db/db.js';
import { messagesFor, queueOf, unitsPerMessage } from './job-data.js';
import { countAddedUnits, insertUnits, type InsertedUnit } from './run-repository.js';
import type { CommandDef, JsonObject, UnitSpec } from './types.js';

/** Units inserted (and their messages enqueued) per statement. */
export const INSERT_CHUNK = 1000;

/** pg-boss statements run through one of our transactions, so jobs commit with the rows that track them. */
export function bossDb(tx: Queryable): BossDb {
  return { executeSql: async (text, values) => ({ rows: (await tx.query(text, values)).rows }) };
}

/** Most units one run of the command may have, spawned ones included. */
export function maxJobsOf(def: CommandDef, args: JsonObject): number {
  return typeof def.maxJobs === 'function' ? def.maxJobs(args) : (def.maxJobs ?? 10_000);
}

/** The queue messages carrying these new units, in the caller's transaction. */
export async function enqueueUnits(
  tx: Queryable,
  boss: PgBoss,
  def: CommandDef,
  runId: number,
  rows: InsertedUnit[],
): Promise<void> {
  if (!rows.length) return;
  await boss.insert(
    queueOf(def),
    messagesFor(runId, rows, unitsPerMessage(def)).map((data) => ({ data })),
    { db: bossDb(tx) },
  );
}

/** Inserts units not yet in the run (by key) and enqueues them; answers how many were added. */
export async function addUnits(
  tx: Queryable,
  boss: PgBoss,
  def: CommandDef,
  runId: number,
  units: UnitSpec[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < units.length; i += INSERT_CHUNK) {
    const rows = await insertUnits(tx, runId, units.slice(i, i + INSERT_CHUNK));
    added += rows.length;
    await enqueueUnits(tx, boss, def, runId, rows);
  }
  if (added) await countAddedUnits(tx, runId, added);
  return added;
}
