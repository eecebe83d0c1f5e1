/**
 * One side of the monitoring benchmark, in its own process so CPU and peak memory are its own:
 * - bare: a bare undici loop, one timer per "monitor", each GETting its URL every interval;
 * - engine: the monitoring scheduler with the real http check (SSRF-guarded client), on PGlite in this
 *   process or on PostgreSQL, with 10,000 monitors stored in the database. PGlite opens a data folder
 *   (a temporary one, removed afterwards) exactly as the server does, the database created by a child
 *   process, so its figure is the embedded server's and not a memory-only database's.
 * Both spread first checks over the interval and measure after a warm-up: checks/s, schedule drift
 * (start time minus due time), CPU share of one core, peak RSS. Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { createCheckContext, runCheck } from '../src/monitoring/checks/registry.js';
import { MonitorScheduler } from '../src/monitoring/scheduler.js';
import { websiteAlertSink } from '../src/services/nms/alerts.js';
import { openBenchPostgres, type BenchDb } from './databases.js';

export interface RunSettings {
  mode: 'bare' | 'engine';
  db: 'pglite' | 'postgres' | null;
  postgresUrl: string | null;
  port: number;
  monitors: number;
  intervalSeconds: number;
  warmupSeconds: number;
  measureSeconds: number;
}

export interface RunResult {
  mode: 'bare' | 'engine';
  db: string | null;
  checks: number;
  checksPerSecond: number;
  failed: number;
  driftP50Ms: number;
  driftP99Ms: number;
  driftMaxMs: number;
  cpuShare: number;
  /** Highest RSS of the process over its whole life (set-up included), and over the measured window. */
  peakRssMb: number;
  measuredRssMb: number;
  /** CPU of the PostgreSQL backends serving the engine, as a share of one core (PostgreSQL only). */
  databaseCpuShare: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const urlOf = (port: number, i: number) => `http://127.0.0.1:${port}/site-${i}/`;

class Drift {
  private readonly buckets = new Uint32Array(60_002);
  private count = 0;
  max = 0;
  add(ms: number): void {
    const v = Math.max(0, Math.round(ms));
    this.buckets[Math.min(60_001, v)]!++;
    this.count++;
    if (v > this.max) this.max = v;
  }
  reset(): void {
    this.buckets.fill(0);
    this.count = 0;
    this.max = 0;
  }
  pct(p: number): number {
    const want = Math.ceil(this.count * p);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= want && want > 0) return i;
    }
    return 0;
  }
}

/** Measures CPU share and counts over a window, after the warm-up. */
async function measure(
  s: RunSettings,
  reset: () => void,
  read: () => { checks: number; failed: number; p50: number; p99: number; max: number },
  dbCpu: (() => Promise<Map<number, number>>) | null,
): Promise<Omit<RunResult, 'mode' | 'db' | 'peakRssMb'>> {
  await sleep(s.warmupSeconds * 1000);
  reset();
  let measuredRss = 0;
  const sampler = setInterval(() => {
    measuredRss = Math.max(measuredRss, process.memoryUsage.rss());
  }, 250);
  const cpu0 = process.cpuUsage();
  const db0 = dbCpu ? await dbCpu() : null;
  const t0 = performance.now();
  await sleep(s.measureSeconds * 1000);
  clearInterval(sampler);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const db1 = dbCpu ? await dbCpu() : null;
  const r = read();
  return {
    checks: r.checks,
    checksPerSecond: r.checks / elapsed,
    failed: r.failed,
    driftP50Ms: r.p50,
    driftP99Ms: r.p99,
    driftMaxMs: r.max,
    cpuShare: (cpu.user + cpu.system) / 1e6 / elapsed,
    databaseCpuShare: db0 && db1 ? backendDelta(db0, db1) / elapsed : null,
    measuredRssMb: measuredRss / 2 ** 20,
  };
}

async function runBare(s: RunSettings): Promise<RunResult> {
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const drift = new Drift();
  let checks = 0;
  let failed = 0;
  let stopped = false;
  const interval = s.intervalSeconds * 1000;
  const start = Date.now();
  for (let i = 0; i < s.monitors; i++) {
    const url = urlOf(s.port, i);
    let due = start + Math.floor((interval * i) / s.monitors);
    const fire = () => {
      if (stopped) return;
      drift.add(Date.now() - due);
      request(url, { dispatcher: agent })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode >= 400) failed++;
        })
        .catch(() => failed++)
        .finally(() => {
          checks++;
          due += interval;
          setTimeout(fire, Math.max(0, due - Date.now()));
        });
    };
    setTimeout(fire, Math.max(0, due - Date.now()));
  }
  const m = await measure(
    s,
    () => {
      drift.reset();
      checks = 0;
      failed = 0;
    },
    () => ({ checks, failed, p50: drift.pct(0.5), p99: drift.pct(0.99), max: drift.max }),
    null,
  );
  stopped = true;
  await agent.close();
  return { mode: 'bare', db: null, ...m, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

async function insertMonitors(db: Db, s: RunSettings): Promise<void> {
  const ids = Array.from({ length: s.monitors }, (_, i) => i);
  for (let from = 0; from < ids.length; from += 2000) {
    const chunk = ids.slice(from, from + 2000);
    await db.query(
      `INSERT INTO monitors (friendly_name, url, type, interval, timeout, retries)
       SELECT 'site-' || i, $2 || i || '/', 'http', $3, 10, 1 FROM unnest($1::int[]) AS x(i)`,
      [chunk, `http://127.0.0.1:${s.port}/site-`, s.intervalSeconds],
    );
  }
}

/** CPU seconds of each PostgreSQL backend connected to this database, by pid (Linux /proc). */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const { readFile } = await import('node:fs/promises');
  const pids = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const out = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A backend that ended meanwhile.
    }
  }
  return out;
}

/** CPU the backends used between two readings: backends present at the end, less what they had used before. */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/** PGlite in a temporary data folder, opened as the server opens DATA_DIR/pg; close() removes it. */
async function openPgliteDataDir(): Promise<BenchDb> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sitefleet-monitors-'));
  try {
    const db = await openPglite(path.join(dir, 'pg'));
    return {
      kind: 'pglite',
      db,
      where: dir,
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function runEngine(s: RunSettings): Promise<RunResult> {
  const bdb: BenchDb =
    s.db === 'postgres' ? await openBenchPostgres(s.postgresUrl!) : await openPgliteDataDir();
  await migrate(bdb.db);
  await insertMonitors(bdb.db, s);
  const ctx = createCheckContext({ allowPrivate: true, allowHosts: [], pingPath: 'ping' });
  const log = { info: () => undefined, warn: () => undefined, error: (o: object) => console.error(o) };
  let failed = 0;
  const scheduler = new MonitorScheduler({
    db: bdb.db,
    alerts: websiteAlertSink,
    check: async (target) => {
      const r = await runCheck(target, ctx);
      if (!r.up) failed++;
      return r;
    },
    concurrency: 256,
    log,
  });
  await scheduler.start();
  const m = await measure(
    s,
    () => {
      scheduler.stats(true);
      failed = 0;
    },
    () => {
      const st = scheduler.stats();
      return { checks: st.checks, failed, p50: st.driftP50Ms, p99: st.driftP99Ms, max: st.driftMaxMs };
    },
    s.db === 'postgres' ? () => backendCpu(bdb.db) : null,
  );
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  await scheduler.stop();
  await ctx.close();
  await bdb.close();
  return { mode: 'engine', db: s.db, ...m, peakRssMb };
}

const settings = JSON.parse(process.argv[2] ?? '{}') as RunSettings;
const result = settings.mode === 'bare' ? await runBare(settings) : await runEngine(settings);
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
process.exit(0);
