/**
 * npm run bench:monitors — uptime monitoring at the scale of a whole network: 10,000 http monitors at a
 * 20 s interval against a local keep-alive HTTP server (its own process), for a warm-up and then at least
 * 2 minutes measured, in the same run as a bare undici loop doing the same requests on the same schedule.
 * Each side runs in its own process, so CPU share and peak memory are its own. Reports checks/s, p99
 * schedule drift, CPU share of one core and peak RSS, with the engine/bare ratios. Targets (the issue):
 * p99 drift <= 1 s, CPU <= 25% of a core, peak memory <= 256 MB.
 *
 * The engine on PGlite runs with the embedded server's Node flags (EMBEDDED_NODE_FLAGS, as npm start gives
 * them) and opens a data folder as the server does; the bare loop and the engine on PostgreSQL run without.
 *
 * Knobs: BENCH_DATABASES (pglite,postgres), BENCH_MONITORS (10000), BENCH_MONITOR_INTERVAL (20 s),
 * BENCH_MONITOR_SECONDS (120, measured), BENCH_MONITOR_WARMUP (60 s: a cold start of 10,000 brand-new
 * monitors, connections and JIT included, settles within it). PostgreSQL comes from
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres if it
 * answers; a scratch database is created and dropped. Writes bench-results/monitors.json.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EMBEDDED_NODE_FLAGS } from '../src/db/pglite-node-flags.js';
import { benchPostgresUrl } from './databases.js';
import { names, positive } from './env.js';
import { ceiling, type Figure } from './figures.js';
import { log } from './measure.js';
import type { RunResult, RunSettings } from './monitors-run.js';
import { writeJson } from './report.js';

const TARGETS = { driftP99Ms: 1000, cpuShare: 0.25, peakRssMb: 256 };
/** The light-embedded-default target: the engine on PGlite, whole process, during this bench. */
const EMBEDDED_PEAK_MB = 400;
const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'monitors.json');
const here = import.meta.dirname;

function child(script: string, args: string[], nodeFlags: readonly string[] = []) {
  return spawn(
    process.execPath,
    [...nodeFlags, '--conditions=development', '--import', 'tsx', path.join(here, script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
}

async function startTarget(): Promise<{ port: number; stop: () => void }> {
  const p = child('monitors-target.ts', []);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: p.stdout }).once('line', resolve);
    p.once('exit', (code) => reject(new Error(`target server exited (${code})`)));
  });
  return { port: (JSON.parse(line) as { port: number }).port, stop: () => p.kill('SIGTERM') };
}

async function run(settings: RunSettings): Promise<RunResult> {
  const flags = settings.mode === 'engine' && settings.db === 'pglite' ? EMBEDDED_NODE_FLAGS : [];
  const p = child('monitors-run.ts', [JSON.stringify(settings)], flags);
  let result: RunResult | null = null;
  createInterface({ input: p.stdout }).on('line', (line) => {
    if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as RunResult;
  });
  const code = await new Promise<number | null>((resolve) => p.once('exit', resolve));
  if (!result) throw new Error(`${settings.mode} run exited (${code}) without a result`);
  return result;
}

const f1 = (n: number) => n.toFixed(1);
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

function describe(r: RunResult): string {
  return (
    `${f1(r.checksPerSecond)} checks/s, drift p50 ${r.driftP50Ms} ms p99 ${r.driftP99Ms} ms max ${r.driftMaxMs} ms, ` +
    `CPU ${pct(r.cpuShare)} of a core${r.databaseCpuShare === null ? '' : ` (+ PostgreSQL backends ${pct(r.databaseCpuShare)})`}, ` +
    `RSS peak ${f1(r.peakRssMb)} MB (${f1(r.measuredRssMb)} MB while measured), ${r.failed} failed`
  );
}

function verdict(r: RunResult): string[] {
  return [
    `p99 drift ${r.driftP99Ms} ms ${r.driftP99Ms <= TARGETS.driftP99Ms ? '<=' : '>'} ${TARGETS.driftP99Ms} ms`,
    `CPU ${pct(r.cpuShare)} ${r.cpuShare <= TARGETS.cpuShare ? '<=' : '>'} ${pct(TARGETS.cpuShare)}`,
    `peak ${f1(r.peakRssMb)} MB ${r.peakRssMb <= TARGETS.peakRssMb ? '<=' : '>'} ${TARGETS.peakRssMb} MB`,
  ];
}

/** Peak RSS of the engine on PGlite against its target, and on PostgreSQL for context; bare as baseline. */
function figures(results: RunResult[]): Figure[] {
  const bare = results.find((r) => r.mode === 'bare')?.peakRssMb ?? null;
  const engine = (db: string) => results.find((r) => r.mode === 'engine' && r.db === db);
  const out: Figure[] = [];
  const embedded = engine('pglite');
  if (embedded) {
    out.push(
      ceiling('embedded RSS during the 10k-monitor bench', embedded.peakRssMb, bare, 'MB', EMBEDDED_PEAK_MB),
    );
  }
  const postgres = engine('postgres');
  if (postgres) {
    out.push({
      name: 'RSS on PostgreSQL during the 10k-monitor bench',
      value: postgres.peakRssMb,
      baseline: bare,
      unit: 'MB',
      ratio: bare ? postgres.peakRssMb / bare : null,
      target: '-',
      pass: true,
    });
  }
  return out;
}

async function main(): Promise<void> {
  const env = process.env;
  const databases = names(env, 'BENCH_DATABASES', ['pglite', 'postgres'] as const);
  const base = {
    monitors: positive(env, 'BENCH_MONITORS', 10_000, 200_000),
    intervalSeconds: positive(env, 'BENCH_MONITOR_INTERVAL', 20, 3600),
    warmupSeconds: positive(env, 'BENCH_MONITOR_WARMUP', 60, 3600),
    measureSeconds: positive(env, 'BENCH_MONITOR_SECONDS', 120, 3600),
  };
  log(
    `bench:monitors — ${base.monitors} http monitors every ${base.intervalSeconds} s, ` +
      `${base.warmupSeconds} s warm-up + ${base.measureSeconds} s measured per side; ` +
      `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );
  const target = await startTarget();
  const results: RunResult[] = [];
  const skipped: Record<string, string> = {};
  try {
    const settings = (
      mode: 'bare' | 'engine',
      db: RunSettings['db'],
      postgresUrl: string | null = null,
    ): RunSettings => ({
      ...base,
      mode,
      db,
      postgresUrl,
      port: target.port,
    });
    log('bare undici loop…');
    const bare = await run(settings('bare', null));
    results.push(bare);
    log(`  bare:            ${describe(bare)}`);
    for (const db of databases) {
      let url: string | null = null;
      if (db === 'postgres') {
        const server = await benchPostgresUrl();
        if ('skipped' in server) {
          skipped.postgres = server.skipped;
          log(`  engine on PostgreSQL skipped: ${skipped.postgres}`);
          continue;
        }
        url = server.url;
      }
      log(`engine on ${db}…`);
      const r = await run(settings('engine', db, url));
      results.push(r);
      log(`  engine (${db}): ${describe(r)}`);
      log(
        `    vs bare: checks/s ${f1(r.checksPerSecond / bare.checksPerSecond)}x, CPU ${f1(r.cpuShare / bare.cpuShare)}x, ` +
          `memory ${f1(r.peakRssMb / bare.peakRssMb)}x; targets: ${verdict(r).join('; ')}`,
      );
    }
  } finally {
    target.stop();
  }
  writeJson(RESULTS_FILE, {
    settings: base,
    targets: TARGETS,
    results,
    skipped,
    figures: figures(results),
    loadAverage: os.loadavg(),
  });
  log(`wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
