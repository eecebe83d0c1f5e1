/**
 * Where a dashboard request's time goes beyond its statements: one small site on a scratch PostgreSQL
 * database, one call (backlink statistics by default) timed through `app.inject()` against the same
 * statements bare, and the engine's request split at its hooks (auth, input guard and validation, handler,
 * serialisation and onSend, response). Diagnostic only (not part of `npm run bench`):
 * `node --conditions=development --import tsx server/bench/dashboard-profile.ts`
 * Knobs: PROFILE_REQUESTS (3000), PROFILE_CALL (statistics | ga | trivial).
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { comparisonPeriod, addDays, dayOf, resources } from '@sitefleet/shared';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { backlinkStatistics, gaFigures, gaProperty } from '../src/services/dms/seo/dashboard-repository.js';
import { openBenchPostgres, postgresServer } from './databases.js';
import { positive } from './env.js';
import { ADMIN_EMAIL, discardedLog, recordSql } from './targets.js';

const REQUESTS = positive(process.env, 'PROFILE_REQUESTS', 3000, 1_000_000);
const CALL = process.env.PROFILE_CALL ?? 'statistics';
const DAY = 86_400;
const ENGINE_ONLY = process.env.PROFILE_ENGINE_ONLY === '1';

const bdb = await openBenchPostgres(postgresServer(process.env).url);
try {
  const db = bdb.db;
  await migrate(db);
  const password = randomBytes(18).toString('base64url');
  const config = loadConfig(
    {},
    { logLevel: 'info', seedDemo: false, adminEmail: ADMIN_EMAIL, adminPassword: password, webDist: '/nonexistent' },
  );
  const deps = createDeps(config, db, {
    secretsKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  });
  const { app } = await buildApp(deps, { logStream: discardedLog() });
  const stamps: Record<string, number> = {};
  app.addHook('onRequest', async () => {
    stamps.onRequest = performance.now();
  });
  app.addHook('preValidation', async () => {
    stamps.preValidation = performance.now();
  });
  app.addHook('preHandler', async () => {
    stamps.preHandler = performance.now();
  });
  app.addHook('preSerialization', async (_req, _reply, payload) => {
    stamps.preSerialization = performance.now();
    return payload;
  });
  app.addHook('onSend', async (_req, _reply, payload) => {
    stamps.onSend = performance.now();
    return payload;
  });
  app.addHook('onResponse', async () => {
    stamps.onResponse = performance.now();
  });
  await app.ready();
  await seedIfEmpty(db, config, deps.engine);

  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const site = await db.query<{ id: number }>(
    `INSERT INTO websites (url, hostname, friendly_name, type, status, target_market)
     VALUES ('https://p.example/', 'p.example', 'P', 'MONEY', 'LIVE', 'UK') RETURNING id`,
  );
  const id = Number(site.rows[0]!.id);
  await db.query(
    `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external)
     SELECT $1, d, 100, 20, 30, '{"com": 20}'::jsonb, 5, 95 FROM generate_series($2::bigint - 60 * ${DAY}, $2::bigint - ${DAY}, ${DAY}) d`,
    [id, today],
  );
  await db.query(
    `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate, average_session_duration, event_count)
     SELECT $1, d, 100, 50, 120, 0.4, 80, 900 FROM generate_series($2::bigint - 60 * ${DAY}, $2::bigint - ${DAY}, ${DAY}) d`,
    [id, today],
  );
  await db.query(`VACUUM (ANALYZE)`);

  const login = await app.inject({
    method: 'POST',
    url: '/ums/auth/login',
    payload: { email: ADMIN_EMAIL, password },
  });
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, authtype: 'password' };
  const siteSql = recordSql(deps.engine.model(resources.websites.name));
  const period = comparisonPeriod('seven-days', dayOf(Date.now()));
  const calls: Record<string, { url: string; bare: () => Promise<unknown> }> = {
    statistics: {
      url: `/dms/api/v1/websites/statistics?website_id=${id}&comparison=seven-days`,
      bare: () => backlinkStatistics(db, id, period, addDays(period.end, -29)),
    },
    ga: {
      url: `/analytics/api/v1/google-analytics/report/${id}?comparison=seven-days`,
      bare: () =>
        Promise.all([
          gaProperty(db, id),
          gaFigures(db, id, period, [
            'activeUsers',
            'newUsers',
            'sessions',
            'bounceRate',
            'averageSessionDuration',
            'eventCount',
          ]),
        ]),
    },
  };
  const call = calls[CALL] ?? calls.statistics!;
  const engine = async () => {
    const res = await app.inject({ method: 'GET', url: call.url, headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const bare = async () => {
    await db.query(siteSql, [[id]]);
    return JSON.stringify(await call.bare());
  };
  const plain = Fastify({ logger: false });
  plain.get('/plain', async (_request, reply) => reply.type('application/json; charset=utf-8').send(await bare()));
  await plain.ready();
  const plainCall = async () => {
    const res = await plain.inject({ method: 'GET', url: `/plain?website_id=${id}&comparison=seven-days`, headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const parts = {
    toAuthDone: [] as number[],
    guard: [] as number[],
    validation: [] as number[],
    handler: [] as number[],
    serialiseSend: [] as number[],
    toResponse: [] as number[],
    afterResponse: [] as number[],
    engine: [] as number[],
    bare: [] as number[],
    plainFastify: [] as number[],
  };
  for (let i = 0; i < 300; i++) {
    await engine();
    await bare();
    await plainCall();
  }
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await engine();
    const t1 = performance.now();
    if (!ENGINE_ONLY) await bare();
    const t2 = performance.now();
    if (!ENGINE_ONLY) await plainCall();
    parts.plainFastify.push(performance.now() - t2);
    parts.toAuthDone.push(stamps.onRequest! - t0);
    parts.guard.push(stamps.preValidation! - stamps.onRequest!);
    parts.validation.push(stamps.preHandler! - stamps.preValidation!);
    parts.handler.push(stamps.preSerialization! - stamps.preHandler!);
    parts.serialiseSend.push(stamps.onSend! - stamps.preSerialization!);
    parts.toResponse.push(stamps.onResponse! - stamps.onSend!);
    parts.afterResponse.push(t1 - stamps.onResponse!);
    parts.engine.push(t1 - t0);
    parts.bare.push(t2 - t1);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  for (const [k, xs] of Object.entries(parts)) {
    console.log(`${k.padEnd(14)} median ${(med(xs) * 1000).toFixed(0).padStart(6)} µs  mean ${(mean(xs) * 1000).toFixed(0).padStart(6)} µs`);
  }
  await app.close();
} finally {
  await bdb.close();
}
