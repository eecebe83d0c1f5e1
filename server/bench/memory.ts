/**
 * npm run bench:memory — the resident memory of the server at rest, as `npm start` runs it: the built
 * server (tsc -b shared server, as npm start does first) in its own process, with the Node flags npm start
 * gives it (serverNodeFlags: the embedded database's), on a fresh DATA_DIR, so the
 * embedded database is created, migrated and seeded with the demo data on this first run. Once it is
 * listening and its CPU has gone quiet, it is left alone for a while (the JavaScript heap shrinks back
 * after start-up only when the process has been idle a few seconds), then RSS is sampled for a few seconds
 * and the median reported. The same
 * server on PostgreSQL (a scratch database, demo data too) is the baseline of the same run.
 *
 * Knobs: BENCH_DATABASES (pglite,postgres), BENCH_MEMORY_SECONDS (5, sampled at rest),
 * BENCH_MEMORY_SETTLE (45 s left alone once quiet: V8's memory reducer gives the start-up's JavaScript
 * heap back on its own timers, 20–25 s after listening in the embedded server's first run; 20 s sampled
 * just before it),
 * BENCH_MEMORY_BUILD (1; 0 runs server/dist as it is). PostgreSQL comes from BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres if it answers.
 * Writes bench-results/memory.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serverNodeFlags } from '../src/db/pglite-node-flags.js';
import { benchPostgresUrl, createScratchDatabase } from './databases.js';
import { names, positive } from './env.js';
import { ceiling, type Figure } from './figures.js';
import { machine } from './machine.js';
import { log } from './measure.js';
import { writeJson } from './report.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const RESULTS_FILE = path.join(root, 'bench-results', 'memory.json');
const TARGET_REST_MB = 250;
/** CPU share of one core under which the server counts as idle, over QUIET_WINDOW_MS. */
const QUIET_SHARE = 0.05;
const QUIET_WINDOW_MS = 2000;
const READY_TIMEOUT_MS = 180_000;
const SETTLE_TIMEOUT_MS = 60_000;

interface Side {
  db: 'pglite' | 'postgres';
  /** Start to listening, first run included (initdb, migrations, demo seed). */
  readySeconds: number;
  /** Listening to sampling: until quiet, then BENCH_MEMORY_SETTLE. */
  quietSeconds: number;
  /** Median RSS over the sampled seconds at rest. */
  restMb: number;
  /** Highest RSS of the process so far (VmHWM), start-up included. */
  peakMb: number;
  /** Node flags the server was started with (as npm start gives them). */
  nodeFlags: readonly string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM). */
function statusMb(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for process ${pid}`);
  return Number(m[1]) / 1024;
}

/** CPU seconds the process has used (user + system, /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Waits until the process uses under QUIET_SHARE of a core over a window (or the timeout passes). */
async function quiet(pid: number): Promise<void> {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  let before = cpuSeconds(pid);
  while (Date.now() < until) {
    await sleep(QUIET_WINDOW_MS);
    const now = cpuSeconds(pid);
    if ((now - before) / (QUIET_WINDOW_MS / 1000) < QUIET_SHARE) return;
    before = now;
  }
  log(`  note: still busy after ${SETTLE_TIMEOUT_MS / 1000} s; sampling anyway`);
}

async function measureServer(
  db: Side['db'],
  env: NodeJS.ProcessEnv,
  sampleSeconds: number,
  settleSeconds: number,
): Promise<Side> {
  const started = performance.now();
  const childEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  const nodeFlags = serverNodeFlags(childEnv);
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'server', 'dist', 'server.js')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server not listening in time')), READY_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (/listening on/.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then((code) => reject(new Error(`server exited (${code}) before listening`)));
    });
    const pid = child.pid!;
    const readySeconds = (performance.now() - started) / 1000;
    await quiet(pid);
    await sleep(settleSeconds * 1000);
    const quietSeconds = (performance.now() - started) / 1000 - readySeconds;
    const samples: number[] = [];
    for (let t = 0; t < sampleSeconds * 4; t++) {
      samples.push(statusMb(pid, 'VmRSS'));
      await sleep(250);
    }
    return {
      db,
      readySeconds,
      quietSeconds,
      restMb: median(samples),
      peakMb: statusMb(pid, 'VmHWM'),
      nodeFlags,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const f1 = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const env = process.env;
  const databases = names(env, 'BENCH_DATABASES', ['pglite', 'postgres'] as const);
  const sampleSeconds = positive(env, 'BENCH_MEMORY_SECONDS', 5, 600);
  const settleSeconds = positive(env, 'BENCH_MEMORY_SETTLE', 45, 600);
  const m = machine();
  log(
    `bench:memory — the built server at rest on a fresh DATA_DIR with demo data, RSS median over ` +
      `${sampleSeconds} s from ${settleSeconds} s after it went quiet; ${m.cpus} x ${m.cpu ?? 'cpu'}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  if (env.BENCH_MEMORY_BUILD !== '0') {
    log('building the server (tsc -b shared server, as npm start does)…');
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-b', 'shared', 'server'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) log(`  note: tsc reported errors (exit ${r.status}); running what it emitted`);
  }
  const results: Side[] = [];
  const skipped: Record<string, string> = {};
  for (const db of databases) {
    if (db === 'pglite') {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitefleet-memory-'));
      try {
        log('embedded (PGlite) server, first run…');
        results.push(
          await measureServer(
            'pglite',
            { DATA_DIR: dataDir, DATABASE_URL: '' },
            sampleSeconds,
            settleSeconds,
          ),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const server = await benchPostgresUrl();
      if ('skipped' in server) {
        skipped.postgres = server.skipped;
        log(`  PostgreSQL skipped: ${server.skipped}`);
        continue;
      }
      const scratch = await createScratchDatabase(server.url);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitefleet-memory-'));
      try {
        log('server on PostgreSQL…');
        results.push(
          await measureServer(
            'postgres',
            {
              DATA_DIR: dataDir,
              DATABASE_URL: scratch.url.toString(),
              SECRETS_KEY: randomBytes(32).toString('base64'),
              JWT_SECRET: randomBytes(48).toString('base64url'),
            },
            sampleSeconds,
            settleSeconds,
          ),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      }
    }
    const r = results.at(-1)!;
    log(
      `  ${r.db}: RSS at rest ${f1(r.restMb)} MB (peak ${f1(r.peakMb)} MB), listening after ` +
        `${f1(r.readySeconds)} s, sampled ${f1(r.quietSeconds)} s later; node ${r.nodeFlags.join(' ') || '(no flags)'}`,
    );
  }
  const embedded = results.find((r) => r.db === 'pglite');
  const postgres = results.find((r) => r.db === 'postgres');
  const figures: Figure[] = embedded
    ? [ceiling('embedded RSS at rest', embedded.restMb, postgres?.restMb ?? null, 'MB', TARGET_REST_MB)]
    : [];
  for (const f of figures) {
    log(
      `${f.name}: ${f1(f.value)} MB (PostgreSQL ${f.baseline === null ? 'not run' : `${f1(f.baseline)} MB`}); ` +
        `target ${f.target}: ${f.pass ? 'met' : 'missed'}`,
    );
  }
  writeJson(RESULTS_FILE, {
    machine: m,
    sampleSeconds,
    results,
    skipped,
    figures,
    loadAverage: os.loadavg(),
  });
  log(`wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
