/**
 * Diagnostic, not part of npm run bench:api: where does the engine's per-request time go? Starting from
 * the bare handler of a scenario, each rung adds one piece of the engine's request path; every rung is
 * timed one request at a time through inject() (no sockets, no concurrency), interleaved over rounds, and
 * the median per-request time is reported with its step over the previous rung.
 *
 *   node --conditions=development --import tsx server/bench/ladder.ts
 *   knobs: BENCH_ROWS, BENCH_DATABASES, BENCH_SCENARIOS (first one used), LADDER_REQUESTS, LADDER_ROUNDS
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { compileList, parseListQuery, type RawListQuery } from '../src/core/query.js';
import type { ResourceModel } from '../src/core/resource.js';
import { listQuerySchema, recordSchema } from '../src/core/schema.js';
import type { AppDeps } from '../src/deps.js';
import { installValidation } from '../src/plugins/validation.js';
import { allows } from '../src/services/ums/principal.js';
import {
  openBenchPglite,
  openBenchPostgres,
  postgresServer,
  type BenchDb,
  type DbKind,
} from './databases.js';
import { log } from './measure.js';
import { listUrl, RESOURCE, scenarios, type Scenario } from './scenarios.js';
import { seedUsers } from './seed.js';
import { adminHeaders, prepareEngine, startEngine } from './targets.js';

interface Rung {
  name: string;
  parse: boolean;
  schema: boolean;
  jwt: boolean;
  principal: boolean;
  helmet: boolean;
}

const NONE = { parse: false, schema: false, jwt: false, principal: false, helmet: false };
const RUNGS: Rung[] = [
  { name: 'bare handler (baseline)', ...NONE },
  { name: '+ parseListQuery/compileList', ...NONE, parse: true },
  { name: '+ ajv query + fast-json-stringify', ...NONE, parse: true, schema: true },
  { name: '+ JWT verify (jose)', ...NONE, parse: true, schema: true, jwt: true },
  { name: '+ principal (PrincipalCache)', ...NONE, parse: true, schema: true, jwt: true, principal: true },
  { name: '+ @fastify/helmet', ...NONE, parse: true, schema: true, jwt: true, principal: true, helmet: true },
];

function listSchema(model: ResourceModel) {
  const data = { type: 'array', items: recordSchema(model) };
  const meta = { type: 'object', properties: { total: { type: 'integer' } } };
  return { querystring: listQuerySchema, response: { 200: { type: 'object', properties: { data, meta } } } };
}

/** The bare handler plus the pieces the rung names, each as the engine does it. */
async function rungApp(r: Rung, deps: AppDeps, model: ResourceModel, raw: RawListQuery) {
  const { db } = deps;
  const pre = compileList(model, parseListQuery(model, raw));
  const app: FastifyInstance = Fastify({ logger: false });
  if (r.helmet) await app.register(helmet);
  if (r.schema) installValidation(app);
  if (r.jwt) {
    app.addHook('onRequest', async (request) => {
      const claims = await deps.tokens.verify((request.headers.authorization ?? '').slice(7));
      if (!r.principal) return;
      const p = await deps.principals.get(db, claims.userId);
      if (!p || !allows(p, request.method, request.routeOptions.url ?? '')) throw new Error('not allowed');
    });
  }
  app.get(`/${model.path}`, r.schema ? { schema: listSchema(model) } : {}, async (request, reply) => {
    const q = r.parse ? compileList(model, parseListQuery(model, request.query as RawListQuery)) : pre;
    const [page, count] = await Promise.all([
      db.query(q.pageSql, q.params),
      db.query<{ total: number }>(q.countSql, q.countParams),
    ]);
    const body = { data: page.rows, meta: { total: Number(count.rows[0]?.total ?? 0) } };
    if (r.schema) return body;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
  await app.ready();
  return app;
}

async function perRequestMicros(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  n: number,
) {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  }
  return ((performance.now() - started) * 1000) / n;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function ladder(bdb: BenchDb, rows: number, scenario: Scenario, n: number, rounds: number) {
  const { deps, app } = await prepareEngine(bdb.db);
  await seedUsers(bdb.db, rows);
  const headers = await adminHeaders(await startEngine(app));
  const model = deps.engine.model(RESOURCE);
  const apps: Array<[string, FastifyInstance]> = [];
  for (const r of RUNGS) apps.push([r.name, await rungApp(r, deps, model, scenario.query)]);
  apps.push(['the real app (engine)', app]);
  const url = listUrl('', scenario);
  const samples = new Map<string, number[]>(apps.map(([name]) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    // Each round starts at another rung, so no rung always runs right after the same neighbour.
    for (let k = 0; k < apps.length; k++) {
      const [name, a] = apps[(k + round) % apps.length]!;
      const us = await perRequestMicros(a, url, headers, round === 0 ? Math.ceil(n / 5) : n);
      if (round > 0) samples.get(name)!.push(us);
    }
  }
  log(`\n${bdb.kind}, ${rows} rows, ${scenario.name}: ${scenario.description}`);
  log(`  ${'rung'.padEnd(36)} ${'µs/request'.padStart(10)} ${'step'.padStart(8)} ${'vs bare'.padStart(8)}`);
  let previous = 0;
  let bare = 0;
  for (const [name] of apps) {
    const us = median(samples.get(name)!);
    bare ||= us;
    const step = previous ? `${us - previous >= 0 ? '+' : ''}${(us - previous).toFixed(0)}` : '';
    log(
      `  ${name.padEnd(36)} ${us.toFixed(0).padStart(10)} ${step.padStart(8)} ${(bare / us).toFixed(3).padStart(8)}`,
    );
    previous = us;
  }
  for (const [, a] of apps) await a.close();
}

const env = process.env;
const rows = Number(env.BENCH_ROWS || 100_000);
const n = Number(env.LADDER_REQUESTS || 300);
const rounds = Number(env.LADDER_ROUNDS || 5);
const wanted = (env.BENCH_SCENARIOS || 'indexed').split(',')[0];
const scenario = scenarios(rows).find((s) => s.name === wanted) ?? scenarios(rows)[1]!;
for (const kind of (env.BENCH_DATABASES || 'pglite,postgres').split(',') as DbKind[]) {
  const bdb = kind === 'pglite' ? await openBenchPglite() : await openBenchPostgres(postgresServer(env).url);
  try {
    await ladder(bdb, rows, scenario, n, rounds);
  } finally {
    await bdb.close();
  }
}
