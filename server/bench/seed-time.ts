/**
 * Times the first-start seed (roles, admin, demo portfolio) on a fresh in-memory PGlite, as `npm start` runs
 * it: `node --conditions=development --import tsx server/bench/seed-time.ts` (BENCH_ROUNDS rounds, default 3).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { seedIfEmpty } from '../src/seed/index.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const times: number[] = [];
// PGlite runs inside this process: its CPU time measures the seed's work even on a busy machine.
const cpu: number[] = [];
for (let i = 0; i < rounds; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitefleet-seed-'));
  const db = await openPglite(null);
  await migrate(db);
  const config = loadConfig(
    {},
    { logLevel: 'silent', seedDemo: true, adminPassword: randomBytes(12).toString('base64url'), dataDir },
  );
  const deps = createDeps(config, db, {
    secretsKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  });
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await seedIfEmpty(db, config, deps.engine);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
const list = (xs: number[]) => xs.map((t) => `${Math.round(t)} ms`).join(', ');
console.log(`seedIfEmpty on PGlite, wall: ${list(times)} (median ${median(times)} ms)`);
console.log(`seedIfEmpty on PGlite, CPU:  ${list(cpu)} (median ${median(cpu)} ms)`);
