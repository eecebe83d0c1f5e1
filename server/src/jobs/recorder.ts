import type { PgBoss } from 'pg-boss';
import { errorMessage } from '../core/errors.js';
import type { Db, Queryable } from '../db/db.js';
import { addUnits, bossDb, maxJobsOf } from './enqueue.js';
import { attemptOf, queueOf } from './job-data.js';
import type { Delivery, Outcome } from './pipeline.js';
import {
  advanceRunCounts,
  failUnit,
  finishRun,
  inSavepoint,
  lockRun,
  recordQueuedUnits,
} from './run-repository.js';
import type { CommandDef, GroupItem, UnitSpec } from './types.js';

/** Units recorded for one run in one transaction: how many, of which succeeded and failed. */
type RunDelta = { done: number; ok: number; failed: number };

/** A group handed to record(), settled when the transaction that records it commits (or fails). */
interface PendingRecord {
  outcomes: Outcome[];
  due: Delivery[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface RecordQueue {
  /** Recording transactions of this command under way; groups handed in while all lanes are busy wait. */
  lanes: number;
  pending: PendingRecord[];
}

/**
 * Recording transactions one process runs at once per command, unless it asks for more (recordLanes). One:
 * the groups of all its pipelines take turns and share transactions (measured with two lanes: more
 * statements per unit, no more jobs/s, the database being the limit); other processes' transactions still
 * interleave, on short counter turns. Commands whose commits are heavy writes (a WordPress site's synced
 * data) take two: each transaction is then mostly the database's work, and two use two of its cores.
 */
const RECORD_LANES = 1;

/** A unit's commit threw in a transaction recorded without savepoints: the group is recorded again with them. */
class UnitCommitFault extends Error {}

/** What the recorder needs of the engine. */
export interface RecorderHost {
  db: Db;
  boss(): Promise<PgBoss>;
  /** Told once a transaction that recorded the last unit of the run has committed. */
  finished(runId: number): void;
}

/**
 * Records finished units, group-committed: outcomes once each, the successful units' commits, the runs'
 * counters and the settling of the given messages (fenced to the attempt that was fetched), all in one
 * transaction. A process records a command's groups in at most its lanes' transactions at a time; groups
 * handed in while they are all under way wait, and the next lane to free records all of them together:
 * fewer transactions, statements and commits, and fewer turns on the runs' counter rows.
 */
export class UnitRecorder {
  /** Groups waiting to be recorded, per command's queue, and the transactions recording them. */
  private readonly queues = new Map<string, RecordQueue>();

  constructor(private readonly host: RecorderHost) {}

  record(def: CommandDef, outcomes: Outcome[], due: Delivery[] = []): Promise<void> {
    if (!outcomes.length && !due.length) return Promise.resolve();
    const queue = queueOf(def);
    let q = this.queues.get(queue);
    if (!q) {
      q = { lanes: 0, pending: [] };
      this.queues.set(queue, q);
    }
    const waiting = q;
    return new Promise<void>((resolve, reject) => {
      waiting.pending.push({ outcomes, due, resolve, reject });
      if (waiting.lanes < (def.recordLanes ?? RECORD_LANES)) void this.drain(def, waiting);
    });
  }

  private async drain(def: CommandDef, q: RecordQueue): Promise<void> {
    q.lanes++;
    try {
      while (q.pending.length) {
        const parts = q.pending.splice(0);
        await this.recordTogether(def, parts).catch(async (err: unknown) => {
          if (parts.length === 1) return parts[0]!.reject(err);
          // One group's fault must not fail the others: each is recorded again on its own.
          for (const part of parts) await this.recordTogether(def, [part]).catch(part.reject);
        });
      }
    } finally {
      q.lanes--;
    }
  }

  /**
   * Records the parts in one transaction; resolves each part once it committed. The units' commits run
   * straight in it first (a savepoint per unit costs two statements, and commits rarely fail); when one
   * throws, the transaction is rolled back and the group recorded again with each commit in a savepoint of
   * its own, so only that unit fails.
   */
  private async recordTogether(def: CommandDef, parts: PendingRecord[]): Promise<void> {
    try {
      await this.recordOnce(def, parts, false);
    } catch (err) {
      if (!(err instanceof UnitCommitFault)) throw err;
      await this.recordOnce(def, parts, true);
    }
  }

  private async recordOnce(def: CommandDef, parts: PendingRecord[], guarded: boolean): Promise<void> {
    const boss = await this.host.boss();
    const queue = queueOf(def);
    const outcomes = parts.flatMap((p) => p.outcomes);
    const due = parts.flatMap((p) => p.due);
    const ended: number[] = [];
    await this.host.db.transaction(async (tx) => {
      const perRun = outcomes.length
        ? await this.recordUnits(tx, boss, def, outcomes, guarded)
        : new Map<number, RunDelta>();
      const done = due.filter((d) => d.retry === null).map((d) => attemptOf(d.job));
      if (done.length) await boss.complete(queue, done, null, { db: bossDb(tx) });
      for (const d of due) {
        if (d.retry !== null)
          await boss.fail(queue, attemptOf(d.job), { message: d.retry }, { db: bossDb(tx) });
      }
      // The runs' counter rows last, in id order: their row locks are held only until the commit, and
      // transactions of other processes take them in the same order.
      for (const runId of [...perRun.keys()].sort((a, b) => a - b)) {
        if (await this.advanceRun(tx, def, runId, perRun.get(runId)!)) ended.push(runId);
      }
    });
    for (const p of parts) p.resolve();
    for (const runId of ended) this.host.finished(runId);
  }

  /**
   * Records the units still queued among the outcomes in one statement (each unit once, even when two
   * deliveries of it are in the same transaction), runs their commits and spawns; answers the counts to
   * add per run.
   */
  private async recordUnits(
    tx: Queryable,
    boss: PgBoss,
    def: CommandDef,
    outcomes: Outcome[],
    guarded: boolean,
  ): Promise<Map<number, RunDelta>> {
    const first = new Map<number, Outcome>();
    for (const o of outcomes) if (!first.has(o.unit.id)) first.set(o.unit.id, o);
    const unique = [...first.values()];
    const values = unique.map((o) => {
      const failed = o.error !== null || o.result?.failed === true;
      const output = o.error !== null ? { message: o.error } : o.result!.output;
      const attempts = o.delivery.job.retryCount + 1;
      return { id: o.unit.id, state: failed ? 'failed' : 'done', output, attempts };
    });
    const updated = await recordQueuedUnits(tx, values);
    const states = new Map(updated.map((u) => [Number(u.id), u.state]));
    const recorded: Array<{ o: Outcome; state: string }> = [];
    for (const o of unique) {
      let state = states.get(o.unit.id);
      if (!state) continue; // recorded by an earlier delivery
      // Definite failures (result.failed) may record what they found too (a page that answered 404).
      if (o.result?.commit && (state === 'done' || o.result.failed)) {
        let fault: string | null = null;
        if (guarded) fault = await inSavepoint(tx, o.result.commit);
        else
          await o.result.commit(tx).catch((err: unknown) => {
            throw new UnitCommitFault(errorMessage(err), { cause: err });
          });
        if (fault && state === 'done') {
          state = 'failed';
          await failUnit(tx, o.unit.id, `Saving the result failed: ${fault}`);
        }
      }
      recorded.push({ o, state });
    }
    await this.groupWrites(tx, recorded, guarded);
    const perRun = new Map<number, RunDelta>();
    for (const { o, state } of recorded) {
      const c = perRun.get(o.unit.run_id) ?? { done: 0, ok: 0, failed: 0 };
      c.done++;
      if (state === 'done') c.ok++;
      else c.failed++;
      if (state === 'done' && o.result?.spawn?.length) {
        await this.spawn(tx, boss, def, o.unit.run_id, o.result.spawn);
      }
      perRun.set(o.unit.run_id, c);
    }
    return perRun;
  }

  /**
   * The units' group writes, one call per writer for all of its items (guarded: each item alone, in a
   * savepoint of its own). A unit whose item is refused or throws is recorded failed, as a failed commit.
   */
  private async groupWrites(
    tx: Queryable,
    recorded: Array<{ o: Outcome; state: string }>,
    guarded: boolean,
  ): Promise<void> {
    const byWriter = new Map<object, Array<{ r: { o: Outcome; state: string }; item: GroupItem }>>();
    for (const r of recorded) {
      const item = r.o.result?.groupWrite;
      if (!item || (r.state !== 'done' && !r.o.result?.failed)) continue;
      const members = byWriter.get(item.writer) ?? [];
      members.push({ r, item });
      byWriter.set(item.writer, members);
    }
    for (const members of byWriter.values()) {
      const writeAll = members[0]!.item.writeAll;
      let faults: Array<string | null>;
      if (guarded) {
        faults = [];
        for (const { item } of members) {
          let refused: string | null = null;
          const thrown = await inSavepoint(tx, async (t) => {
            refused = (await writeAll(t, [item.value]))[0] ?? null;
          });
          faults.push(thrown ?? refused);
        }
      } else {
        faults = await writeAll(
          tx,
          members.map((m) => m.item.value),
        ).catch((err: unknown) => {
          throw new UnitCommitFault(errorMessage(err), { cause: err });
        });
      }
      for (const [i, { r }] of members.entries()) {
        const fault = faults[i] ?? null;
        if (fault && r.state === 'done') {
          r.state = 'failed';
          await failUnit(tx, r.o.unit.id, `Saving the result failed: ${fault}`);
        }
      }
    }
  }

  /** Adds discovered units to the run, within the room its maxJobs leaves. */
  private async spawn(
    tx: Queryable,
    boss: PgBoss,
    def: CommandDef,
    runId: number,
    units: UnitSpec[],
  ): Promise<number> {
    const row = await lockRun(tx, runId);
    if (!row) return 0;
    const room = maxJobsOf(def, row.arguments) - row.job_count;
    if (room <= 0) return 0;
    return addUnits(tx, boss, def, runId, units.slice(0, room));
  }

  /** Moves the run's counters; ends the run (with its summary) once no unit is left. */
  private async advanceRun(tx: Queryable, def: CommandDef, runId: number, c: RunDelta): Promise<boolean> {
    const run = await advanceRunCounts(tx, runId, c);
    if (!run || run.remaining_jobs > 0) return false;
    const counts = { success: run.success_count, failed: run.failed_count };
    const args = run.arguments ?? {};
    const summary = def.summarize?.(counts, args) ?? `${counts.success} succeeded, ${counts.failed} failed`;
    await finishRun(tx, runId, summary);
    return true;
  }
}
