import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db, Queryable } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { AppDeps } from '../src/deps.js';
import type { CommandDef } from '../src/jobs/types.js';

export interface EngineApp {
  deps: AppDeps;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Wall-clock milliseconds with sub-millisecond resolution (one process, so both ends share the clock). */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Calls check every intervalMs until it answers something other than null. */
export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  intervalMs: number,
  check: () => Promise<T | null> | T | null,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** Marks the bench's own statements (its polling), which the statement count leaves out. */
export const BENCH_SQL = '/* bench */';

/** True once no job of the queue is waiting, retrying or running. */
export async function queueDrained(db: Queryable, queue: string): Promise<boolean> {
  const r = await db.query<{ busy: boolean }>(
    `${BENCH_SQL} SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = $1 AND state < 'completed') AS busy`,
    [queue],
  );
  return r.rows[0]?.busy === false;
}

export interface RunRow {
  status: string;
  job_count: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
}

export async function runRow(db: Queryable, runId: number): Promise<RunRow> {
  const r = await db.query<RunRow>(
    `${BENCH_SQL} SELECT status, job_count, remaining_jobs, success_count, failed_count FROM cron_runs WHERE id = $1`,
    [runId],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`Cron run ${runId} not found`);
  return row;
}

/**
 * The app as server/test/helper.ts builds it: migrate, configuration with overrides, dependencies, the
 * Fastify app (which binds the job engine), then the extra commands and the workers. Not listening:
 * runs are started through deps.jobs directly.
 */
export async function openEngineApp(
  db: Db,
  overrides: Partial<Config>,
  commands: CommandDef[] = [],
): Promise<EngineApp> {
  await migrate(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitefleet-bench-'));
  const config = loadConfig(
    {},
    { logLevel: 'silent', seedDemo: false, webDist: '/nonexistent', dataDir, ...overrides },
  );
  const keys = {
    secretsKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  };
  const deps = createDeps(config, db, keys);
  // Before the workers start: pg-boss creates the queues of the commands registered by then.
  deps.jobs.register(...commands);
  const { app } = await buildApp(deps, { logger: false });
  try {
    await app.ready();
    await deps.jobs.startWorkers();
  } catch (err) {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    deps,
    app,
    close: async () => {
      await app.close(); // stops the job engine and the outbound clients
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
