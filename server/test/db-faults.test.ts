import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { TEST_KEYS } from './helper.js';
import { findPostgresBin, startCluster, type PgCluster } from './pg-cluster.js';
import { spawnServer } from './spawn-server.js';

const BIN = findPostgresBin();
const PAGES = 96;
const PAGE_DELAY_MS = 1_500;
const ADMIN = { email: 'admin@test.local', password: 'correct horse battery staple' };

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exits: Array<number | null>;
  origin: string;
}

async function waitFor<T>(what: string, check: () => Promise<T | null> | T | null, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the clients saw: acknowledged ids, and every refusal with its status, code and Retry-After. */
interface Tally {
  tags: number[];
  imported: string[];
  refusals: Array<{ status: number; code: string; retryAfter: string | null }>;
}

describe.skipIf(!BIN)(
  BIN
    ? 'a PostgreSQL restart under load (private cluster)'
    : 'a PostgreSQL restart under load: skipped, no initdb/pg_ctl under /usr/lib/postgresql/*/bin',
  () => {
    let cluster: PgCluster;
    let site: LocalHttpServer;
    const procs: Proc[] = [];

    const spawn = (name: string, role: 'api' | 'worker', port: number): Proc => {
      const { child, output } = spawnServer({
        ROLE: role,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: cluster.url,
        SECRETS_KEY: TEST_KEYS.secretsKey,
        JWT_SECRET: TEST_KEYS.jwtSecret,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        JOBS_EXPIRE_SECONDS: '10',
        JOBS_SUPERVISE_SECONDS: '2',
        JOBS_RETRY_DELAY_SECONDS: '0',
        LOG_LEVEL: 'error',
      });
      const proc: Proc = { name, child, output, exits: [], origin: `http://127.0.0.1:${port}` };
      child.on('exit', (code) => proc.exits.push(code));
      procs.push(proc);
      return proc;
    };
    const ready = (p: Proc, text: string) =>
      waitFor(
        `${p.name} to start`,
        () => (p.output().includes(text) ? true : p.exits.length ? fail(p) : null),
        60_000,
      );
    const fail = (p: Proc): never => {
      throw new Error(`${p.name} exited (${p.exits.join()}): ${p.output().slice(-2000)}`);
    };
    /** Fails the test at once, with what the process printed, if any process has exited. */
    const alive = () => {
      for (const p of procs) if (p.exits.length) fail(p);
    };

    beforeAll(async () => {
      site = await startHttpServer((req, res) => {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end(`<html><body><p>A sponsored post about ${req.url}</p></body></html>`);
        }, PAGE_DELAY_MS).unref();
      });
      cluster = await startCluster(BIN!);
      const base = 30_000 + Math.floor(Math.random() * 20_000);
      // The first process migrates and seeds; the others start on the finished schema.
      await ready(spawn('api-1', 'api', base), 'listening on');
      const others = [spawn('api-2', 'api', base + 1), spawn('worker', 'worker', base + 2)];
      await Promise.all([ready(others[0]!, 'listening on'), ready(others[1]!, 'worker running')]);
    }, 120_000);

    afterAll(async () => {
      for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await cluster?.stop();
      await site?.close();
    });

    it('loses no process, no run and no acknowledged write, and names every connection', async () => {
      const [api1, api2] = procs as [Proc, Proc, Proc];
      const login = await fetch(`${api1.origin}/ums/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const headers = {
        authorization: `Bearer ${token}`,
        authtype: 'password',
        'content-type': 'application/json',
      };
      const tally: Tally = { tags: [], imported: [], refusals: [] };
      const call = async (origin: string, method: string, url: string, body?: unknown) => {
        alive();
        let res: Response;
        try {
          res = await fetch(`${origin}${url}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (err) {
          alive();
          throw err;
        }
        const json = (await res.json()) as { data?: unknown; cron_id?: number; error?: { code: string } };
        if (!res.ok) {
          tally.refusals.push({
            status: res.status,
            code: json.error?.code ?? '',
            retryAfter: res.headers.get('retry-after'),
          });
        }
        return { ok: res.ok, json };
      };

      const pages = Array.from({ length: PAGES }, (_, i) => `${site.origin}/page-${i}`);
      const started = await call(api2.origin, 'POST', '/dms/api/v1/artisan', {
        command: 'backlinks:keyword-check',
        arguments: {
          keywords: 'sponsored',
          keyword_delimiter: 'comma',
          pages: pages.join('\n'),
          page_delimiter: 'newline',
        },
      });
      expect(started.ok, JSON.stringify(started.json)).toBe(true);
      const runId = started.json.cron_id!;

      // Every process's connections say which process they belong to.
      const watcher = new pg.Client({ connectionString: cluster.url, application_name: 'sitefleet-test' });
      await watcher.connect();
      const names = await waitFor(
        'every role in pg_stat_activity',
        async () => {
          const r = await watcher.query<{ name: string }>(
            `SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'sitefleet-%'`,
          );
          const seen = r.rows.map((x) => x.name).sort();
          return seen.includes('sitefleet-api-queue') && seen.includes('sitefleet-worker-queue')
            ? seen
            : null;
        },
        10_000,
      );
      expect(names).toEqual(
        expect.arrayContaining([
          'sitefleet-api',
          'sitefleet-api-queue',
          'sitefleet-worker',
          'sitefleet-worker-queue',
        ]),
      );
      expect(names.filter((n) => !/^sitefleet-(api|worker|test)(-queue)?$/.test(n))).toEqual([]);

      // Load: writes through both API processes, and imports that hold a transaction for a while.
      /** Whether more than n writes were acknowledged (failing at once if a process died). */
      const acknowledged = (n: number) => {
        alive();
        return tally.tags.length > n || null;
      };
      let loading = true;
      // A loop that fails stops them all, so the test reports the first failure rather than a hang.
      const stop = (err: unknown) => {
        loading = false;
        throw err;
      };
      const writer = async (origin: string, prefix: string) => {
        for (let i = 0; loading; i++) {
          const r = await call(origin, 'POST', '/dms/api/v1/tags', { name: `${prefix}-${i}` });
          if (r.ok) tally.tags.push((r.json.data as { id: number }).id);
        }
      };
      const importer = async () => {
        for (let i = 0; loading; i++) {
          const rows = Array.from({ length: 3000 }, (_, j) => ({ name: `fault-${i}-${j}.example.com` }));
          const r = await call(api1.origin, 'POST', '/dms/api/v1/domains/import', { rows });
          if (r.ok) tally.imported.push(...rows.map((x) => x.name));
        }
      };
      const load = Promise.all(
        [writer(api1.origin, 'a'), writer(api2.origin, 'b'), importer()].map((l) => l.catch(stop)),
      );
      load.catch(() => undefined);

      // Restart while the run is under way and an import holds a transaction on an API connection.
      await waitFor('the run to be under way', () => acknowledged(20), 20_000);
      await waitFor(
        'an API transaction',
        async () => {
          const r = await watcher.query(
            `SELECT 1 FROM pg_stat_activity WHERE application_name = 'sitefleet-api'
               AND (state = 'idle in transaction' OR query LIKE 'INSERT INTO domains%')`,
          );
          return r.rows.length ? true : null;
        },
        20_000,
      );
      await watcher.end();
      await cluster.restart();
      const restartedAt = Date.now();
      const acknowledgedBefore = tally.tags.length;
      await waitFor('writes to be acknowledged again', () => acknowledged(acknowledgedBefore + 20), 30_000);
      loading = false;
      await load;

      const run = await waitFor(
        'the run to finish',
        async () => {
          const r = await call(api1.origin, 'GET', `/dms/api/v1/cron-jobs/${runId}`);
          const d = r.json.data as { status: string; remaining_jobs: number } | undefined;
          return d && d.remaining_jobs === 0 && d.status !== 'running' ? d : null;
        },
        60_000,
      );
      const finishedAfterMs = Date.now() - restartedAt;

      const db = new pg.Client({ connectionString: cluster.url });
      await db.connect();
      const tags = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM tags WHERE id = ANY($1::bigint[])',
        [tally.tags],
      );
      const domains = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM domains WHERE name = ANY($1::text[])',
        [tally.imported],
      );
      const stuck = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cron_runs WHERE status = 'running'`,
      );
      await db.end();

      console.log(
        JSON.stringify({
          exits: procs.flatMap((p) => p.exits).length,
          acknowledgedTags: tally.tags.length,
          lostTags: tally.tags.length - tags.rows[0]!.n,
          importedDomains: tally.imported.length,
          lostDomains: tally.imported.length - domains.rows[0]!.n,
          refusals: tally.refusals.length,
          runFinishedAfterRestartMs: finishedAfterMs,
          stuckRuns: stuck.rows[0]!.n,
        }),
      );
      expect(procs.map((p) => [p.name, p.exits])).toEqual([
        ['api-1', []],
        ['api-2', []],
        ['worker', []],
      ]);
      expect(tags.rows[0]!.n).toBe(tally.tags.length);
      expect(domains.rows[0]!.n).toBe(tally.imported.length);
      expect(stuck.rows[0]!.n).toBe(0);
      expect(run).toMatchObject({ status: 'completed', remaining_jobs: 0 });
      // While the database was away, requests failed as retryable 503s, never as 500s.
      for (const r of tally.refusals)
        expect(r).toEqual({ status: 503, code: 'database_unavailable', retryAfter: '5' });
    }, 150_000);
  },
);
