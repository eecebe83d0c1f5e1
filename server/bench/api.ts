/**
 * npm run bench:api — the engine's list and single-record endpoints against a minimal Fastify handler that
 * runs the same SQL, on PGlite and on PostgreSQL, reporting req/s, p50/p95/p99 and the ratio (targets:
 * engine >= 0.8x, the indexed list >= 0.9x). The engine logs as the server does by default (info: requests
 * summed up per route every 10 s, into /dev/null); BENCH_LOG_LEVEL=warn or silent measures without the lines.
 *
 * Knobs: BENCH_ROWS (100000 users), BENCH_WEBSITES (100000), BENCH_DOMAINS (300000), BENCH_SECONDS (10),
 * BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (10), BENCH_ROUNDS (2), BENCH_DATABASES (pglite,postgres),
 * BENCH_SCENARIOS (issue,indexed,single,websites,domains,import), BENCH_LOG_LEVEL (info). PostgreSQL comes
 * from BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres if it
 * answers; a scratch database is created there and dropped at the end.
 */
import path from 'node:path';
import { openBenchDb, type BenchDb, type DbKind } from './databases.js';
import { loadBefore, machine } from './machine.js';
import { benchScenario, log, type LoadSettings } from './measure.js';
import {
  apiFigures,
  formatResults,
  TARGET_RATIO,
  verdict,
  writeJson,
  type DatabaseResult,
} from './report.js';
import { inventoryScenarios, RESOURCE, scenarios } from './scenarios.js';
import { seedInventory } from './seed-inventory.js';
import { benchImport } from './import-bench.js';
import { seedUsers } from './seed.js';
import { adminHeaders, prepareEngine, startEngine } from './targets.js';
import { names, positive } from './env.js';

interface Settings extends LoadSettings {
  rows: number;
  websites: number;
  domains: number;
  databases: DbKind[];
  scenarios: string[];
  logLevel: 'info' | 'warn' | 'silent';
}

const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'api.json');

function readSettings(env: NodeJS.ProcessEnv): Settings {
  return {
    rows: positive(env, 'BENCH_ROWS', 100_000, 10_000_000),
    websites: positive(env, 'BENCH_WEBSITES', 100_000, 10_000_000),
    domains: positive(env, 'BENCH_DOMAINS', 300_000, 10_000_000),
    seconds: positive(env, 'BENCH_SECONDS', 10, 600),
    warmupSeconds: positive(env, 'BENCH_WARMUP_SECONDS', 2, 60),
    connections: positive(env, 'BENCH_CONNECTIONS', 10, 1000),
    rounds: positive(env, 'BENCH_ROUNDS', 2, 10),
    databases: names(env, 'BENCH_DATABASES', ['pglite', 'postgres'] as const),
    scenarios: names(env, 'BENCH_SCENARIOS', [
      'issue',
      'indexed',
      'single',
      'websites',
      'domains',
      'import',
    ] as const),
    logLevel: names(env, 'BENCH_LOG_LEVEL', ['info', 'warn', 'silent'] as const)[0] ?? 'info',
  };
}

async function benchDatabase(bdb: BenchDb, s: Settings): Promise<DatabaseResult> {
  log(`\n== ${bdb.kind} (${bdb.where})`);
  const { deps, app } = await prepareEngine(bdb.db, s.logLevel);
  const seedStart = performance.now();
  await seedUsers(bdb.db, s.rows);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  log(`  seeded ${s.rows} users in ${seedSeconds.toFixed(1)} s`);
  const engine = await startEngine(app);
  const load = loadBefore();
  try {
    const headers = await adminHeaders(engine);
    const results = [];
    const inventory = inventoryScenarios(Math.floor(Date.now() / 1000)).filter((x) =>
      s.scenarios.includes(x.name),
    );
    let inventorySeedSeconds: number | null = null;
    if (inventory.length || s.scenarios.includes('import')) {
      const started = performance.now();
      await seedInventory(bdb.db, s.websites, s.domains);
      inventorySeedSeconds = (performance.now() - started) / 1000;
      log(`  seeded ${s.websites} websites and ${s.domains} domains in ${inventorySeedSeconds.toFixed(1)} s`);
    }
    const importFigures = s.scenarios.includes('import') ? await benchImport(engine, headers) : null;
    if (importFigures) {
      log(
        `  import of a ${importFigures.rows}-row CSV: ${importFigures.firstMs.toFixed(0)} ms (${importFigures.imported} imported), ` +
          `again ${importFigures.secondMs.toFixed(0)} ms (${importFigures.existing} already there)`,
      );
    }
    for (const scenario of [...scenarios(s.rows), ...inventory].filter((x) => s.scenarios.includes(x.name))) {
      const r = await benchScenario(
        scenario,
        s,
        bdb.db,
        deps.engine.model(scenario.resource),
        engine,
        headers,
      );
      log(`  ${verdict(bdb.kind, r)}`);
      results.push(r);
    }
    return {
      database: bdb.kind,
      where: bdb.where,
      rows: s.rows,
      seedSeconds,
      inventorySeedSeconds,
      import: importFigures,
      loadBefore: load,
      scenarios: results,
    };
  } finally {
    await engine.app.close();
  }
}

async function main(): Promise<void> {
  const s = readSettings(process.env);
  const m = machine();
  log(`bench:api — GET /ums/api/v1/${RESOURCE}: the engine vs a bare Fastify handler running the same SQL`);
  log(
    `${s.rows} rows; ${s.rounds} rounds x ${s.seconds} s per handler after a ${s.warmupSeconds} s warm-up; ` +
      `${s.connections} connections; engine logging at ${s.logLevel}; node ${m.node}; ${m.cpus} x ${m.cpu ?? 'cpu'}`,
  );
  const results: DatabaseResult[] = [];
  const skipped: Record<string, string> = {};
  for (const kind of s.databases) {
    const opened = await openBenchDb(kind);
    if (typeof opened === 'string') {
      skipped[kind] = opened;
      log(`\n== ${kind}: skipped (${opened})`);
      continue;
    }
    try {
      results.push(await benchDatabase(opened, s));
    } finally {
      await opened.close();
    }
  }
  log(
    '\nreq/s: all rounds together (requests / seconds); latency percentiles over every request of all rounds',
  );
  log(`${formatResults(results)}\n`);
  const figures = apiFigures(results);
  writeJson(RESULTS_FILE, {
    date: new Date().toISOString(),
    settings: s,
    machine: m,
    targetRatio: TARGET_RATIO,
    results,
    skipped,
    figures,
  });
  log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
