import { MONITOR_LIMITS } from '@sitefleet/shared';
import { errorMessage } from '../core/errors.js';
import type { Db } from '../db/db.js';
import type { WebsiteAlertSink } from './alerts.js';
import type { CheckResult, CheckTarget } from './checks/types.js';
import { MinHeap } from './heap.js';
import { decide, type MonitorState } from './state.js';
import {
  loadMonitors,
  monitorStamps,
  recordChange,
  writeChecks,
  type CheckWrite,
  type MonitorRow,
  type RecordedChange,
} from './monitor-repository.js';

export interface SchedulerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SchedulerOptions {
  db: Db;
  /** Where a confirmed change on a website's monitor raises and resolves the website's alerts. */
  alerts: WebsiteAlertSink;
  /** Runs one check; a throw is recorded as a failed check. */
  check(target: CheckTarget): Promise<CheckResult>;
  /** Checks in flight at once. */
  concurrency: number;
  log: SchedulerLog;
  /** Called after a confirmed change is recorded (the alert delivery loop is nudged). */
  onChange?(change: RecordedChange & { monitorId: number; status: 'up' | 'down' }): void;
  /** Clock in epoch milliseconds (tests). */
  now?: () => number;
  /** How often outcomes without a change are written, and API edits picked up (ms). */
  flushMs?: number;
  syncMs?: number;
  /** How often every monitor is re-read (deletions, anything an incremental read missed) (ms). */
  reconcileMs?: number;
}

interface Entry {
  row: MonitorRow;
  state: MonitorState;
  /** Due time of the scheduled check (ms), or null while unscheduled (paused, running). */
  dueAt: number | null;
  /** Bumped on every (re)schedule and removal; heap items with an older token are stale. */
  token: number;
  running: boolean;
  removed: boolean;
}

interface HeapItem {
  entry: Entry;
  token: number;
}

/** Drift histogram: 1 ms buckets up to a minute, one overflow bucket. */
const DRIFT_BUCKETS = 60_001;

export interface SchedulerStats {
  monitors: number;
  scheduled: number;
  inflight: number;
  checks: number;
  changes: number;
  failedWrites: number;
  driftP50Ms: number;
  driftP99Ms: number;
  driftMaxMs: number;
}

const hashSpread = (id: number, range: number) => (Math.imul(id, 2654435761) >>> 0) % Math.max(1, range);

/**
 * A monitor's slots are the times t with t = phase (mod interval), the phase fixed by its id: monitors
 * are spread evenly over every interval whatever order they were created or restarted in. Answers the
 * first slot at or after `t` (ms).
 */
export function slotAtOrAfter(row: Pick<MonitorRow, 'id' | 'interval'>, t: number): number {
  const interval = row.interval * 1000;
  const phase = hashSpread(row.id, interval);
  return t + ((((phase - t) % interval) + interval) % interval);
}

/**
 * Runs every monitor's checks on time from one process: a heap of due times, at most `concurrency`
 * checks in flight, and the alert rules of state.ts on each result. Checks of one monitor never overlap.
 * Each monitor keeps its phase (next = due + interval), so checks stay spread over the interval; new
 * monitors and those overdue after a restart are spread over a window instead of all firing at once.
 * Outcomes that change nothing are written in bulk every `flushMs`; a confirmed change is written at once,
 * in one transaction with its alerts.
 */
export class MonitorScheduler {
  private readonly entries = new Map<number, Entry>();
  private readonly heap = new MinHeap<HeapItem>();
  private readonly pending = new Map<number, CheckWrite>();
  private readonly drift = new Uint32Array(DRIFT_BUCKETS + 1);
  private driftCount = 0;
  private driftMax = 0;
  private checks = 0;
  private changes = 0;
  private failedWrites = 0;
  private inflight = 0;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private flushTimer: NodeJS.Timeout | null = null;
  private writes: Promise<void> = Promise.resolve();
  private syncing: Promise<void> | null = null;
  private lastSync = 0;
  private lastReconcile = 0;
  private idle: Array<() => void> = [];
  private readonly now: () => number;
  private readonly flushMs: number;
  private readonly syncMs: number;
  private readonly reconcileMs: number;

  constructor(private readonly o: SchedulerOptions) {
    this.now = o.now ?? Date.now;
    this.flushMs = o.flushMs ?? 2_000;
    this.syncMs = o.syncMs ?? 2_000;
    this.reconcileMs = o.reconcileMs ?? 60_000;
  }

  /** Loads every monitor and starts checking; overdue monitors are spread, not fired together. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const rows = await loadMonitors(this.o.db);
    const now = this.now();
    this.lastSync = Math.floor(now / 1000);
    this.lastReconcile = now;
    const fresh: Entry[] = [];
    let overdue = 0;
    for (const row of rows) {
      const entry = this.add(row);
      if (row.paused) continue;
      if (row.next_check === null) {
        fresh.push(entry);
        continue;
      }
      // Each monitor keeps its slot in its interval; checks missed while no scheduler ran are not made
      // up, so the first round after a restart runs at the steady rate, never as a burst.
      const stored = row.next_check * 1000;
      if (stored < now) overdue++;
      this.schedule(entry, slotAtOrAfter(row, Math.max(now, stored - 500)));
    }
    this.spread(fresh, now);
    this.o.log.info({ monitors: rows.length, overdue, new: fresh.length }, 'monitor scheduler started');
    this.flushTimer = setInterval(() => void this.tick(), Math.min(this.flushMs, this.syncMs));
    this.flushTimer.unref?.();
    this.arm();
  }

  /** Stops scheduling, waits for checks in flight, writes what is pending. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.timer = null;
    this.flushTimer = null;
    if (this.inflight > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.syncing) await this.syncing;
    await this.flush();
    await this.writes;
    this.entries.clear();
    this.heap.clear();
  }

  stats(reset = false): SchedulerStats {
    const pct = (p: number) => {
      if (this.driftCount === 0) return 0;
      const want = Math.ceil(this.driftCount * p);
      let seen = 0;
      for (let i = 0; i < this.drift.length; i++) {
        seen += this.drift[i]!;
        if (seen >= want) return i;
      }
      return DRIFT_BUCKETS;
    };
    let scheduled = 0;
    for (const e of this.entries.values()) if (e.dueAt !== null || e.running) scheduled++;
    const s: SchedulerStats = {
      monitors: this.entries.size,
      scheduled,
      inflight: this.inflight,
      checks: this.checks,
      changes: this.changes,
      failedWrites: this.failedWrites,
      driftP50Ms: pct(0.5),
      driftP99Ms: pct(0.99),
      driftMaxMs: this.driftMax,
    };
    if (reset) {
      this.drift.fill(0);
      this.driftCount = 0;
      this.driftMax = 0;
      this.checks = 0;
      this.changes = 0;
    }
    return s;
  }

  /** Picks up monitors created, edited or deleted through the API since the last look. */
  sync(full = false): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.doSync(full).finally(() => {
        this.syncing = null;
      });
    }
    return this.syncing;
  }

  /** Checks these monitors as soon as there is room (tests; an operator's 'check now'). */
  checkNow(ids: number[]): void {
    const now = this.now();
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry && !entry.running && !entry.row.paused) this.schedule(entry, now);
    }
    this.pump();
  }

  /** Writes outcomes waiting for the next bulk write now (tests, shutdown). */
  flush(): Promise<void> {
    if (this.pending.size === 0) return this.writes;
    const batch = [...this.pending.values()];
    this.pending.clear();
    return this.enqueueWrite(async () => {
      try {
        await writeChecks(this.o.db, batch);
      } catch (err) {
        this.failedWrites++;
        this.o.log.error({ err, count: batch.length }, 'writing monitor checks failed');
      }
    });
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    await this.flush();
    const now = this.now();
    const full = now - this.lastReconcile >= this.reconcileMs;
    if (full) this.lastReconcile = now;
    try {
      await this.sync(full);
    } catch (err) {
      this.o.log.warn({ err }, 'reading monitor changes failed');
    }
  }

  private async doSync(full: boolean): Promise<void> {
    const started = Math.floor(this.now() / 1000);
    // An overlap of a few seconds: a write committed late with an older updated_at is still seen.
    const stamps = await monitorStamps(this.o.db, full ? undefined : this.lastSync - 5);
    // Full rows only for what changed: the overlap (and the minute's full look) re-reads no one else.
    const changed = stamps
      .filter((st) => {
        const e = this.entries.get(st.id);
        return !e || e.row.version !== st.version || st.check_requested_at !== e.row.check_requested_at;
      })
      .map((st) => st.id);
    const rows = changed.length ? await loadMonitors(this.o.db, changed) : [];
    this.lastSync = started;
    const now = this.now();
    const fresh: Entry[] = [];
    const seen = full ? new Set(stamps.map((st) => st.id)) : null;
    for (const row of rows) {
      const entry = this.entries.get(row.id);
      if (!entry) {
        const added = this.add(row);
        if (!row.paused) fresh.push(added);
        continue;
      }
      const requested =
        row.check_requested_at !== null && row.check_requested_at !== entry.row.check_requested_at;
      if (entry.row.version === row.version) {
        entry.row.check_requested_at = row.check_requested_at;
        if (requested) this.checkNow([row.id]);
        continue;
      }
      const targetChanged =
        entry.row.url !== row.url || entry.row.type !== row.type || entry.row.value !== row.value;
      const wasPaused = entry.row.paused;
      entry.row = { ...row, status: entry.state.status, suspect_count: entry.state.suspect };
      if (row.paused) {
        this.unschedule(entry);
        continue;
      }
      if (targetChanged) entry.state.suspect = 0;
      if (entry.running) continue;
      // An edit and a 'check now' seen in the same look: the check is not lost with the edit.
      if (requested) this.checkNow([row.id]);
      else if (targetChanged || wasPaused || entry.dueAt === null) fresh.push(entry);
      // A shorter interval takes effect at the monitor's next slot under it.
      else if (entry.dueAt - now > row.interval * 1000) this.schedule(entry, slotAtOrAfter(row, now));
    }
    if (seen) {
      for (const [id, entry] of this.entries) {
        if (!seen.has(id)) {
          entry.removed = true;
          this.unschedule(entry);
          this.entries.delete(id);
          this.pending.delete(id);
        }
      }
    }
    this.spread(fresh, now);
    this.arm();
  }

  private add(row: MonitorRow): Entry {
    const entry: Entry = {
      row,
      state: { status: row.status, suspect: row.suspect_count },
      dueAt: null,
      token: 0,
      running: false,
      removed: false,
    };
    this.entries.set(row.id, entry);
    return entry;
  }

  /** Spreads first checks over a window that grows with their number (2 ms each), within the interval. */
  private spread(entries: Entry[], now: number): void {
    const n = entries.length;
    entries.forEach((entry, i) => {
      const interval = entry.row.interval * 1000;
      const window = Math.max(2_000, n * 2);
      // So many at once that the window is an interval: each goes straight to its slot (the steady
      // spread), instead of a first round whose realignment would double the rate for a while.
      if (window >= interval) this.schedule(entry, slotAtOrAfter(entry.row, now));
      else this.schedule(entry, now + Math.floor((window * i) / Math.max(1, n)));
    });
  }

  private schedule(entry: Entry, at: number): void {
    entry.token++;
    entry.dueAt = at;
    this.heap.push(at, { entry, token: entry.token });
    if (at < this.timerAt) this.arm();
  }

  private unschedule(entry: Entry): void {
    entry.token++;
    entry.dueAt = null;
  }

  /** Sets the one timer to the next due check (at most a second away, at least 5 ms). */
  private arm(): void {
    if (!this.running) return;
    const next = this.heap.peekKey();
    if (next === Infinity) return;
    const at = Math.max(next, this.now() + 5);
    if (this.timer && at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    const delay = Math.min(1_000, at - this.now());
    this.timerAt = this.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.pump();
    }, delay);
    this.timer.unref?.();
  }

  /** Starts every due check there is room for. */
  private pump(): void {
    if (!this.running) return;
    const now = this.now();
    while (this.inflight < this.o.concurrency && this.heap.peekKey() <= now) {
      const item = this.heap.pop()!;
      const entry = item.entry;
      if (item.token !== entry.token || entry.removed || entry.dueAt === null || entry.running) continue;
      this.launch(entry, entry.dueAt, now);
    }
    this.arm();
  }

  private launch(entry: Entry, dueAt: number, started: number): void {
    entry.running = true;
    entry.dueAt = null;
    this.inflight++;
    const lateness = Math.max(0, started - dueAt);
    this.drift[Math.min(DRIFT_BUCKETS, lateness)]!++;
    this.driftCount++;
    if (lateness > this.driftMax) this.driftMax = lateness;
    const row = entry.row;
    const version = row.version;
    const target: CheckTarget = {
      type: row.type,
      url: row.url,
      value: row.value,
      timeoutMs: row.timeout * 1000,
    };
    let result: Promise<CheckResult>;
    try {
      result = this.o.check(target);
    } catch (err) {
      result = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    result
      .catch((err: unknown): CheckResult => ({
        up: false,
        message: `Check failed: ${errorMessage(err)}`.slice(0, 300),
        responseMs: this.now() - started,
      }))
      .then((r) => this.finish(entry, dueAt, version, r))
      .catch((err: unknown) => this.o.log.error({ err, monitor: row.id }, 'monitor check bookkeeping failed'))
      .finally(() => {
        entry.running = false;
        this.inflight--;
        if (this.inflight === 0 && this.idle.length) for (const resolve of this.idle.splice(0)) resolve();
        else if (this.running) this.pump();
      });
  }

  private finish(entry: Entry, dueAt: number, version: number, r: CheckResult): void {
    this.checks++;
    if (entry.removed || !this.running) return;
    const now = this.now();
    const row = entry.row;
    if (row.paused) return;
    if (row.version !== version) {
      // Edited while the check ran: its result is about the old target; check the new one soon.
      this.schedule(entry, now + hashSpread(row.id, 2_000));
      return;
    }
    const previous = entry.state;
    const d = decide(previous, r.up, row.retries);
    const intervalMs = row.interval * 1000;
    let next: number;
    if (d.next === 'retry') {
      next = now + Math.min(MONITOR_LIMITS.retryIntervalSeconds * 1000, intervalMs);
    } else {
      // The monitor's next slot at least half an interval away: on time after an on-time check; after a
      // first check, a retry or a late start it moves back onto its slot; beats missed while overloaded
      // are skipped, not made up in a burst.
      next = slotAtOrAfter(row, Math.max(now, dueAt) + intervalMs / 2);
    }
    entry.state = d.state;
    this.schedule(entry, next);
    const write: CheckWrite = {
      id: row.id,
      lastCheck: Math.floor(now / 1000),
      nextCheck: Math.round(next / 1000),
      message: r.message.slice(0, 500),
      responseMs: r.responseMs,
      suspect: d.state.suspect,
    };
    if (!d.change) {
      this.pending.set(row.id, write);
      return;
    }
    this.pending.delete(row.id);
    const to = d.change;
    void this.enqueueWrite(async () => {
      try {
        const recorded = await recordChange(this.o.db, this.o.alerts, {
          ...write,
          from: previous.status,
          to,
          alert: d.alert,
        });
        if (recorded) {
          this.changes++;
          this.o.onChange?.({ ...recorded, monitorId: row.id, status: to });
        } else {
          // The stored status was not the one seen here (another scheduler for a moment): re-read it.
          const [fresh] = await loadMonitors(this.o.db, [row.id]);
          if (fresh && !entry.removed) entry.state = { status: fresh.status, suspect: fresh.suspect_count };
        }
      } catch (err) {
        this.failedWrites++;
        // Not recorded: forget the change so the next check confirms it again.
        if (!entry.removed) entry.state = previous;
        this.o.log.error({ err, monitor: row.id }, 'recording a monitor change failed');
      }
    });
  }

  /** Writes run one after another, so a bulk write never lands after a newer change of the same monitor. */
  private enqueueWrite(op: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(op, op);
    return this.writes;
  }
}
