import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import type { RegisteredRoute } from '../src/plugins/auth.js';
import type { AppDeps } from '../src/deps.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { hashPassword } from '../src/services/ums/passwords.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'correct horse battery staple';
export const TEST_KEYS = {
  secretsKey: randomBytes(32).toString('base64'),
  jwtSecret: randomBytes(48).toString('base64url'),
};

/** A scratch database on the PostgreSQL server of TEST_DATABASE_URL, dropped by the returned function. */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `sf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Every route the app registered, with its access rule and the declaration it came from. */
  routes: RegisteredRoute[];
  db: Db;
  deps: AppDeps;
  config: Config;
  kind: DbKind;
  /** Bearer headers of a user holding the named role (created on first use). */
  as(role: string): Promise<Record<string, string>>;
  /** inject() with JSON parsing of the response. */
  call<T = Record<string, unknown>>(
    opts: InjectOptions,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind = 'pglite',
  overrides: Partial<Config> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  let db: Db;
  let drop: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const scratch = await scratchPostgres();
    db = await openPostgres(scratch.url, 5);
    drop = scratch.drop;
  } else {
    db = await openPglite(null);
  }
  await migrate(db);
  const config = loadConfig(
    {},
    {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      seedDemo: false,
      logLevel: 'silent',
      webDist: '/nonexistent',
      dataDir: mkdtempSync(path.join(tmpdir(), 'sitefleet-test-')),
      ...overrides,
    },
  );
  const deps = createDeps(config, db, TEST_KEYS);
  const { app, routes } = await buildApp(deps, { logger: false });
  extend?.(app);
  await app.ready();
  await seedIfEmpty(db, config, deps.engine);
  const tokens = new Map<string, Record<string, string>>();

  const call: TestApp['call'] = async (opts) => {
    const res = await app.inject(opts);
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // not JSON (text routes)
    }
    return { status: res.statusCode, body: body as never, headers: res.headers };
  };

  const as = async (role: string) => {
    const cached = tokens.get(role);
    if (cached) return cached;
    const email = `${role.toLowerCase()}-${randomBytes(3).toString('hex')}@test.local`;
    if (role !== 'ADMIN') {
      await db.query(
        `INSERT INTO roles (name, permissions) VALUES ($1, '{}') ON CONFLICT ((lower(name))) DO NOTHING`,
        [role],
      );
    }
    await db.query(
      `INSERT INTO users (name, email, roles, target_markets, password_hash)
       VALUES ($1, $2, ARRAY(SELECT id FROM roles WHERE name = $1), '{All}', $3)`,
      [role, email, await hashPassword(ADMIN_PASSWORD)],
    );
    const res = await call<{ access_token: string }>({
      method: 'POST',
      url: '/ums/auth/login',
      payload: { email, password: ADMIN_PASSWORD },
    });
    if (res.status !== 200) throw new Error(`login as ${role} failed: ${JSON.stringify(res.body)}`);
    const headers = { authorization: `Bearer ${res.body.access_token}`, authtype: 'password' };
    tokens.set(role, headers);
    return headers;
  };

  return {
    app,
    routes,
    db,
    deps,
    config,
    kind,
    as,
    call,
    async close() {
      await app.close();
      await db.close();
      await drop?.();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a command through its service's artisan call and waits until its run has no job left. */
export async function runCommand<R extends { remaining_jobs: number }>(
  t: TestApp,
  headers: Record<string, string>,
  service: string,
  command: string,
  args: Record<string, unknown> = {},
  timeoutMs = 30_000,
): Promise<R> {
  const started = await t.call<{ cron_id: number }>({
    method: 'POST',
    url: `/${service}/api/v1/artisan`,
    headers,
    payload: { command, arguments: args },
  });
  if (started.status !== 200) throw new Error(`${command} did not start: ${JSON.stringify(started.body)}`);
  return waitForRun<R>(t, headers, service, started.body.cron_id, timeoutMs);
}

/** Reads a cron run through the API until it has no job left; answers it. */
export async function waitForRun<R extends { remaining_jobs: number }>(
  t: TestApp,
  headers: Record<string, string>,
  service: string,
  id: number,
  timeoutMs = 30_000,
): Promise<R> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await t.call<{ data: R }>({
      method: 'GET',
      url: `/${service}/api/v1/cron-jobs/${id}`,
      headers,
    });
    if (v.body.data.remaining_jobs === 0) return v.body.data;
    if (Date.now() > until) throw new Error(`run ${id} did not finish: ${JSON.stringify(v.body.data)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/**
 * An app whose JSON log lines are captured into `lines`, on a fresh database with only the roles and the
 * admin, signed in as the admin (`token`). `beforeReady` registers extra routes (fault injection).
 */
export async function loggedTestApp(
  kind: DbKind,
  lines: string[],
  options: { logLevel: Config['logLevel']; beforeReady?: (app: FastifyInstance) => void },
): Promise<{ app: FastifyInstance; db: Db; token: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitefleet-log-'));
  const scratch = kind === 'postgres' ? await scratchPostgres() : null;
  const db = scratch ? await openPostgres(scratch.url, 5) : await openPglite(null);
  await migrate(db);
  const config = loadConfig(
    {},
    {
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      seedDemo: false,
      logLevel: options.logLevel,
      webDist: '/nonexistent',
      dataDir,
    },
  );
  const deps = createDeps(config, db, TEST_KEYS);
  const { app } = await buildApp(deps, { logStream: { write: (line) => void lines.push(line) } });
  options.beforeReady?.(app);
  await app.ready();
  await seedIfEmpty(db, config, deps.engine);
  const login = await app.inject({
    method: 'POST',
    url: '/ums/auth/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  return {
    app,
    db,
    token: (login.json() as { access_token: string }).access_token,
    async close() {
      await app.close();
      await db.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
