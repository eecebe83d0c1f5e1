import { LIMITS } from '@sitefleet/shared';
import { randomBytes } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { compileList, parseListQuery, type RawListQuery } from '../src/core/query.js';
import type { ResourceModel } from '../src/core/resource.js';
import { ident } from '../src/core/sql.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import type { AppDeps } from '../src/deps.js';
import { BatchedLines } from '../src/plugins/logging.js';
import { seedIfEmpty } from '../src/seed/index.js';
import type { Scenario } from './scenarios.js';

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

/** The server's own log destination (batched lines), pointed at /dev/null. */
export function discardedLog(): BatchedLines {
  const fd = openSync('/dev/null', 'w');
  return new BatchedLines({ write: (chunk: string) => writeSync(fd, chunk) });
}

/**
 * Migrates, builds the real app exactly as the server does and seeds roles and the admin. It logs at
 * `logLevel` (the server's default, info: requests summed up per route every 10 s) into /dev/null through
 * the server's own batched destination, so that logging's cost is part of what is measured.
 */
export async function prepareEngine(
  db: Db,
  logLevel: 'info' | 'warn' | 'silent' = 'info',
): Promise<{ deps: AppDeps; app: FastifyInstance }> {
  await migrate(db);
  const config = loadConfig(
    {},
    {
      logLevel,
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
  const { app } = await buildApp(
    deps,
    logLevel === 'silent' ? { logger: false } : { logStream: discardedLog() },
  );
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
 * The reference: a bare Fastify route (no auth, validation, hooks, logging or response schema) that runs
 * the very SQL the engine generates for the scenario, compiled once up front, and answers with
 * JSON.stringify. The difference to the engine is the engine's own per-request work.
 */
export function startBaseline(db: Db, model: ResourceModel, s: Scenario): Promise<Target> {
  if (model.access || model.source.scope) {
    throw new Error(`${model.name} has an access rule or a scope; the baseline SQL would differ`);
  }
  return listen(s.id === undefined ? bareList(db, model, s.query) : bareRecord(db, model));
}

function bareList(db: Db, model: ResourceModel, raw: RawListQuery): FastifyInstance {
  const q = compileList(model, parseListQuery(model, raw));
  const app = Fastify({ logger: false });
  app.get(`/${model.path}`, async (_request, reply) => {
    const [page, count] = await Promise.all([
      db.query(q.pageSql, q.params),
      db.query<{ total: number }>(q.countSql, q.countParams),
    ]);
    // The count is bounded as the engine's: past the bound the engine answers the bound ("at least").
    const total = Math.min(Number(count.rows[0]?.total ?? 0), LIMITS.exactTotalMax);
    const body = JSON.stringify({ data: page.rows, meta: { total } });
    return reply.type('application/json; charset=utf-8').send(body);
  });
  return app;
}

/** The engine's statement for GET <path>/:id on a model without access rules (one parameter: [id]). */
export function recordSql(model: ResourceModel): string {
  return `SELECT ${model.selectList} FROM ${ident(model.table)} t WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`;
}

/** The engine's single-record read, bare. */
function bareRecord(db: Db, model: ResourceModel): FastifyInstance {
  const sql = recordSql(model);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>(`/${model.path}/:id`, async (request, reply) => {
    const r = await db.query(sql, [[Number(request.params.id)]]);
    if (!r.rows[0]) return reply.status(404).send({ error: { code: 'not_found' } });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data: r.rows[0] }));
  });
  return app;
}
