/**
 * Diagnostic, not part of npm run bench:api: where does the engine's per-request time go? Starting from
 * the bare handler of a scenario, each rung adds one piece of the engine's request path; every rung is
 * timed one request at a time through inject() (no sockets, no concurrency), interleaved over rounds, and
 * the best round's per-request time (the least disturbed by whatever else the machine runs) is reported
 * with its step over the previous rung.
 *
 *   node --conditions=development --import tsx server/bench/ladder.ts
 *   knobs: BENCH_ROWS, BENCH_DATABASES, BENCH_SCENARIOS (first one used: indexed, issue or single),
 *   BENCH_LOG_LEVEL (the real app's, info), LADDER_REQUESTS, LADDER_ROUNDS, LADDER_STEPS (the rungs' steps,
 *   in order: parse,schema,jwt,principal,headers,log)
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { compileList, parseListQuery, type RawListQuery } from '../src/core/query.js';
import type { ResourceModel } from '../src/core/resource.js';
import { idParamsSchema, listQuerySchema, recordSchema } from '../src/core/schema.js';
import type { AppDeps } from '../src/deps.js';
import { loggerOptions, RouteLogController } from '../src/plugins/logging.js';
import { installSecurityHeaders } from '../src/plugins/security-headers.js';
import { installValidation } from '../src/plugins/validation.js';
import { allows } from '../src/services/ums/principal.js';
import {
  openBenchPglite,
  openBenchPostgres,
  postgresServer,
  type BenchDb,
  type DbKind,
} from './databases.js';
import { names } from './env.js';
import { log } from './measure.js';
import { RESOURCE, scenarios, scenarioUrl, type Scenario } from './scenarios.js';
import { seedUsers } from './seed.js';
import { adminHeaders, discardedLog, prepareEngine, recordSql, startEngine } from './targets.js';

const STEPS = ['parse', 'schema', 'jwt', 'principal', 'headers', 'log'] as const;
type Step = (typeof STEPS)[number];

/** Each rung adds the next step; `parse` (building a list's SQL per request) only on a list. */
const LABELS: Record<Step, string> = {
  parse: '+ parseListQuery/compileList',
  schema: '+ ajv query + fast-json-stringify',
  jwt: '+ JWT verify (TokenService)',
  principal: '+ principal (PrincipalCache)',
  headers: '+ security headers',
  log: '+ request log line (info)',
};

interface Rung {
  name: string;
  steps: Set<Step>;
}

function rungs(single: boolean, only: readonly Step[]): Rung[] {
  const steps = only.filter((s) => !(single && s === 'parse'));
  return [
    { name: 'bare handler (baseline)', steps: new Set() },
    ...steps.map((s, i) => ({ name: LABELS[s], steps: new Set(steps.slice(0, i + 1)) })),
  ];
}

function responseSchema(model: ResourceModel, single: boolean) {
  if (single) {
    return {
      params: idParamsSchema,
      response: { 200: { type: 'object', properties: { data: recordSchema(model) } } },
    };
  }
  const data = { type: 'array', items: recordSchema(model) };
  const meta = { type: 'object', properties: { total: { type: 'integer' } } };
  return { querystring: listQuerySchema, response: { 200: { type: 'object', properties: { data, meta } } } };
}

/** The bare handler plus the pieces the rung names, each as the engine does it. */
async function rungApp(r: Rung, deps: AppDeps, model: ResourceModel, s: Scenario) {
  const { db } = deps;
  const has = (step: Step) => r.steps.has(step);
  const single = s.id !== undefined;
  const app: FastifyInstance = Fastify({
    logger: has('log') ? { ...loggerOptions('info'), stream: discardedLog() } : false,
    logController: new RouteLogController(),
  });
  if (has('headers')) installSecurityHeaders(app);
  if (has('schema')) installValidation(app);
  if (has('jwt')) {
    app.addHook('onRequest', async (request) => {
      const claims = await deps.tokens.verify((request.headers.authorization ?? '').slice(7));
      if (!has('principal')) return;
      const p = await deps.principals.get(db, claims.userId);
      if (!p || !allows(p, request.method, request.routeOptions.url ?? '')) throw new Error('not allowed');
    });
  }
  const options = has('schema') ? { schema: responseSchema(model, single) } : {};
  const send = (reply: { type(t: string): { send(b: string): unknown } }, body: unknown) =>
    has('schema') ? body : reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  if (single) {
    const sql = recordSql(model);
    app.get<{ Params: { id: string } }>(`/${model.path}/:id`, options, async (request, reply) => {
      const r = await db.query(sql, [[Number(request.params.id)]]);
      return send(reply, { data: r.rows[0] });
    });
  } else {
    const pre = compileList(model, parseListQuery(model, s.query));
    app.get(`/${model.path}`, options, async (request, reply) => {
      const q = has('parse') ? compileList(model, parseListQuery(model, request.query as RawListQuery)) : pre;
      const [page, count] = await Promise.all([
        db.query(q.pageSql, q.params),
        db.query<{ total: number }>(q.countSql, q.countParams),
      ]);
      return send(reply, { data: page.rows, meta: { total: Number(count.rows[0]?.total ?? 0) } });
    });
  }
  await app.ready();
  return app;
}

/**
 * Wall and CPU time of this process per request. On a shared machine the CPU time is the steadier one; it
 * includes PGlite's work (in this thread) but not PostgreSQL's (another process).
 */
async function perRequestMicros(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  n: number,
): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  }
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / n, cpu: (used.user + used.system) / n };
}

async function ladder(bdb: BenchDb, rows: number, scenario: Scenario, n: number, rounds: number) {
  const { deps, app } = await prepareEngine(bdb.db, engineLog);
  await seedUsers(bdb.db, rows);
  const headers = await adminHeaders(await startEngine(app));
  const model = deps.engine.model(RESOURCE);
  const apps: Array<[string, FastifyInstance]> = [];
  for (const r of rungs(scenario.id !== undefined, steps))
    apps.push([r.name, await rungApp(r, deps, model, scenario)]);
  apps.push(['the real app (engine)', app]);
  const url = scenarioUrl('', scenario);
  const walls = new Map<string, number[]>(apps.map(([name]) => [name, []]));
  const cpus = new Map<string, number[]>(apps.map(([name]) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    // Each round starts at another rung, so no rung always runs right after the same neighbour.
    for (let k = 0; k < apps.length; k++) {
      const [name, a] = apps[(k + round) % apps.length]!;
      const us = await perRequestMicros(a, url, headers, round === 0 ? Math.ceil(n / 5) : n);
      if (round > 0) {
        walls.get(name)!.push(us.wall);
        cpus.get(name)!.push(us.cpu);
      }
    }
  }
  log(`\n${bdb.kind}, ${rows} rows, ${scenario.name}: ${scenario.description}`);
  const head = ['wall µs', 'step', 'vs bare', 'CPU µs', 'step', 'vs bare'];
  log(`  ${'rung'.padEnd(36)} ${head.map((h) => h.padStart(8)).join(' ')}`);
  const columns = (values: Map<string, number[]>) => {
    let previous = 0;
    let bare = 0;
    return apps.map(([name]) => {
      const us = Math.min(...values.get(name)!);
      bare ||= us;
      const step = previous ? `${us - previous >= 0 ? '+' : ''}${(us - previous).toFixed(0)}` : '';
      previous = us;
      return [us.toFixed(0), step, (bare / us).toFixed(3)];
    });
  };
  const wall = columns(walls);
  const cpu = columns(cpus);
  apps.forEach(([name], i) => {
    log(`  ${name.padEnd(36)} ${[...wall[i]!, ...cpu[i]!].map((c) => c.padStart(8)).join(' ')}`);
  });
  for (const [, a] of apps) await a.close();
}

const env = process.env;
const rows = Number(env.BENCH_ROWS || 100_000);
const n = Number(env.LADDER_REQUESTS || 300);
const rounds = Number(env.LADDER_ROUNDS || 5);
const wanted = (env.BENCH_SCENARIOS || 'indexed').split(',')[0];
const scenario = scenarios(rows).find((s) => s.name === wanted) ?? scenarios(rows)[1]!;
const steps = names(env, 'LADDER_STEPS', STEPS);
const engineLog = names(env, 'BENCH_LOG_LEVEL', ['info', 'warn', 'silent'] as const)[0] ?? 'info';
for (const kind of (env.BENCH_DATABASES || 'pglite,postgres').split(',') as DbKind[]) {
  const bdb = kind === 'pglite' ? await openBenchPglite() : await openBenchPostgres(postgresServer(env).url);
  try {
    await ladder(bdb, rows, scenario, n, rounds);
  } finally {
    await bdb.close();
  }
}
