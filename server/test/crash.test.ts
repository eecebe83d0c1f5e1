import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import type { AppDeps } from '../src/deps.js';
import { buildApp } from '../src/app.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { scratchPostgres, TEST_KEYS } from './helper.js';
import { spawnServer } from './spawn-server.js';

const PAGES = 120;
const PAGE_DELAY_MS = 800;

/** ROLE=worker processes on PostgreSQL, with a short job timeout so lost jobs come back quickly. */
function startWorker(url: string): { child: ChildProcess; output: () => string } {
  return spawnServer({
    ROLE: 'worker',
    DATABASE_URL: url,
    SECRETS_KEY: TEST_KEYS.secretsKey,
    JWT_SECRET: TEST_KEYS.jwtSecret,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'correct horse battery staple',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    JOBS_EXPIRE_SECONDS: '4',
    JOBS_SUPERVISE_SECONDS: '1',
    JOBS_RETRY_DELAY_SECONDS: '0',
    LOG_LEVEL: 'warn',
  });
}

async function waitFor<T>(what: string, check: () => Promise<T | null>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Counters {
  job_count: number;
  done_jobs: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-run (PostgreSQL)', () => {
  let site: LocalHttpServer;
  let scratch: { url: string; drop: () => Promise<void> };
  let db: Db;
  let deps: AppDeps;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<html><head><title>${req.url}</title></head><body><p>A sponsored post about ${req.url}</p></body></html>`,
        );
      }, PAGE_DELAY_MS).unref();
    });
    scratch = await scratchPostgres();
    db = await openPostgres(scratch.url, 4);
    await migrate(db);
    // This process only enqueues (ROLE=api); the workers are separate processes.
    const config = loadConfig(
      {},
      { role: 'api', databaseUrl: scratch.url, seedDemo: false, logLevel: 'silent', webDist: '/nonexistent' },
    );
    deps = createDeps(config, db, TEST_KEYS);
    await buildApp(deps, { logger: false });
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await deps?.jobs.stop();
    await db?.close();
    await scratch?.drop();
    await site?.close();
  });

  it('finishes the run with correct counters and no duplicated output after kill -9 and a new worker', async () => {
    const first = startWorker(scratch.url);
    children.push(first.child);
    await waitFor(
      'the first worker',
      async () => (first.output().includes('worker running') ? true : null),
      60_000,
    );

    const pages = Array.from({ length: PAGES }, (_, i) => `${site.origin}/page-${i}`);
    const runId = await deps.jobs.startRun(
      'dms',
      'backlinks:keyword-check',
      {
        keywords: 'sponsored',
        keyword_delimiter: 'comma',
        pages: pages.join('\n'),
        page_delimiter: 'newline',
      },
      { trigger: 'api', userId: null },
    );
    const counters = async () =>
      (
        await db.query<Counters>(
          'SELECT job_count, done_jobs, remaining_jobs, success_count, failed_count FROM cron_runs WHERE id = $1',
          [runId],
        )
      ).rows[0]!;

    // Kill the worker once part of the run is recorded, while more is in flight.
    const mid = await waitFor(
      'part of the run',
      async () => {
        const c = await counters();
        return c.done_jobs >= 10 ? c : null;
      },
      60_000,
    );
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const atKill = await counters();
    expect(mid.done_jobs).toBeLessThan(PAGES);
    expect(atKill.remaining_jobs).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await counters()).done_jobs).toBe(atKill.done_jobs); // nobody works while no worker runs

    const second = startWorker(scratch.url);
    children.push(second.child);
    const done = await waitFor(
      'the run to finish',
      async () => {
        const c = await counters();
        return c.remaining_jobs === 0 ? c : null;
      },
      90_000,
    );
    expect(done).toEqual({
      job_count: PAGES,
      done_jobs: PAGES,
      remaining_jobs: 0,
      success_count: PAGES,
      failed_count: 0,
    });

    const units = await db.query<{ state: string; n: number; keys: number }>(
      `SELECT state, count(*)::int AS n, count(DISTINCT key)::int AS keys FROM cron_run_jobs WHERE run_id = $1 GROUP BY state`,
      [runId],
    );
    expect(units.rows).toEqual([{ state: 'done', n: PAGES, keys: PAGES }]);
    const run = await db.query<{ status: string; end_time: number | null }>(
      'SELECT status, end_time FROM cron_runs WHERE id = $1',
      [runId],
    );
    expect(run.rows[0]).toMatchObject({ status: 'completed' });
    expect(run.rows[0]!.end_time).not.toBeNull();
    second.child.kill('SIGTERM');
  }, 180_000);
});
