import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { compileList, parseListQuery, type RawListQuery } from '../src/core/query.js';
import type { ResourceModel } from '../src/core/resource.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { AppDeps } from '../src/deps.js';
import { seedIfEmpty } from '../src/seed/index.js';

export const ADMIN_EMAIL = 'admin@bench.local';
const ADMIN_PASSWORD = randomBytes(18).toString('base64url');
const HOST = '127.0.0.1';

export interface Target {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  origin: string;
}

async function listen(app: FastifyInstance): Promise<Target> {
  await app.listen({ host: HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, origin: `http://${HOST}:${port}` };
}

/** Migrates, builds the real app exactly as the server does (minus logging) and seeds roles and the admin. */
export async function prepareEngine(db: Db): Promise<{ deps: AppDeps; app: FastifyInstance }> {
  await migrate(db);
  const config = loadConfig(
    {},
    {
      logLevel: 'silent',
      seedDemo: false,
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      webDist: '/nonexistent',
    },
  );
  const keys = {
    secretsKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  };
  const deps = createDeps(config, db, keys);
  const { app } = await buildApp(deps, { logger: false });
  await app.ready();
  await seedIfEmpty(db, config, deps.engine);
  return { deps, app };
}

export function startEngine(app: FastifyInstance): Promise<Target> {
  return listen(app);
}

/** Signs in as the admin through the real login route and returns the headers the console would send. */
export async function adminHeaders(engine: Target): Promise<Record<string, string>> {
  const res = await fetch(`${engine.origin}/ums/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) {
    throw new Error(`Admin login failed (${res.status}): ${JSON.stringify(body)}`);
  }
  return { authorization: `Bearer ${body.access_token}`, authtype: 'password' };
}

/**
 * The reference: a bare Fastify route (no auth, validation, hooks or response schema) that runs the very
 * SQL the engine generates for `raw`, compiled once up front, and answers with JSON.stringify. The
 * difference to the engine is the engine's own per-request work.
 */
export function startBaseline(db: Db, model: ResourceModel, raw: RawListQuery): Promise<Target> {
  if (model.access) throw new Error(`${model.name} has an access rule; the baseline SQL would differ`);
  const q = compileList(model, parseListQuery(model, raw));
  const app = Fastify({ logger: false });
  app.get(`/${model.path}`, async (_request, reply) => {
    const [page, count] = await Promise.all([
      db.query(q.pageSql, q.params),
      db.query<{ total: number }>(q.countSql, q.countParams),
    ]);
    const body = JSON.stringify({ data: page.rows, meta: { total: Number(count.rows[0]?.total ?? 0) } });
    return reply.type('application/json; charset=utf-8').send(body);
  });
  return listen(app);
}
