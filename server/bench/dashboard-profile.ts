/**
 * Where a dashboard request's time goes beyond its statements: one small site on a scratch PostgreSQL
 * database, one call timed through `app.inject()` against the same statements bare, and against the same
 * bare work behind a plain Fastify route reached through the same `inject()` (what routing, a request and
 * reply and light-my-request cost without any of the app's plugins). The app's request is split at its
 * hooks: to the end of onRequest (routing, auth), the input guard and validation, the handler, serialisation
 * and onSend (security headers, compression), the response written, and the log line. Diagnostic only (not
 * part of `npm run bench`), medians and means of interleaved requests:
 *   node --conditions=development --import tsx server/bench/dashboard-profile.ts
 * Knobs: PROFILE_REQUESTS (3000), PROFILE_CALL (statistics | ga), PROFILE_ENGINE_ONLY=1 (for --cpu-prof).
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, addDays, comparisonPeriod, dayOf, GA_METRICS, resources } from '@sitefleet/shared';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { createDeps } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { RequestContext } from '../src/core/context.js';
import { sql } from '../src/core/sql.js';
import { migrate } from '../src/db/migrate.js';
import { seedIfEmpty } from '../src/seed/index.js';
import { siteCheck } from '../src/services/dms/seo/dashboard.js';
import { backlinkStatistics, gaFigures, gaProperty } from '../src/services/dms/seo/dashboard-repository.js';
import { openBenchPostgres, postgresServer } from './databases.js';
import { positive } from './env.js';
import { ADMIN_EMAIL, discardedLog } from './targets.js';

const REQUESTS = positive(process.env, 'PROFILE_REQUESTS', 3000, 1_000_000);
const WARMUP = 300;
const CALL = process.env.PROFILE_CALL === 'ga' ? 'ga' : 'statistics';
const ENGINE_ONLY = process.env.PROFILE_ENGINE_ONLY === '1';
const DAY = 86_400;

const bdb = await openBenchPostgres(postgresServer(process.env).url);
try {
  const db = bdb.db;
  await migrate(db);
  const password = randomBytes(18).toString('base64url');
  const config = loadConfig(
    {},
    {
      logLevel: 'info',
      seedDemo: false,
      adminEmail: ADMIN_EMAIL,
      adminPassword: password,
      webDist: '/nonexistent',
    },
  );
  const deps = createDeps(config, db, {
    secretsKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(48).toString('base64url'),
  });
  const { app } = await buildApp(deps, { logStream: discardedLog() });
  // Added last, so each runs after the app's own hooks of its kind.
  const stamps: Record<string, number> = {};
  app.addHook('onRequest', (_request, _reply, done) => {
    stamps.onRequest = performance.now();
    done();
  });
  app.addHook('preHandler', (_request, _reply, done) => {
    stamps.preHandler = performance.now();
    done();
  });
  app.addHook('preSerialization', (_request, _reply, payload, done) => {
    stamps.preSerialization = performance.now();
    done(null, payload);
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    stamps.onSend = performance.now();
    done(null, payload);
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    stamps.onResponse = performance.now();
    done();
  });
  await app.ready();
  await seedIfEmpty(db, config, deps.engine);

  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const site = await db.query<{ id: number }>(
    `INSERT INTO websites (url, hostname, friendly_name, type, status, target_market)
     VALUES ('https://p.example/', 'p.example', 'P', 'MONEY', 'LIVE', 'UK') RETURNING id`,
  );
  const id = Number(site.rows[0]!.id);
  const days = `generate_series($2::bigint - 60 * ${DAY}, $2::bigint - ${DAY}, ${DAY}) d`;
  await db.query(
    `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external)
     SELECT $1, d, 100, 20, 30, '{"com": 20}'::jsonb, 5, 95 FROM ${days}`,
    [id, today],
  );
  await db.query(
    `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate,
       average_session_duration, event_count)
     SELECT $1, d, 100, 50, 120, 0.4, 80, 900 FROM ${days}`,
    [id, today],
  );
  await db.query('VACUUM (ANALYZE)');

  const login = await app.inject({
    method: 'POST',
    url: '/ums/auth/login',
    payload: { email: ADMIN_EMAIL, password },
  });
  const token = (JSON.parse(login.body) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, authtype: 'password' };
  const admin = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    ADMIN_EMAIL,
  ]);
  const ctx: RequestContext = {
    user: { id: Number(admin.rows[0]!.id), email: ADMIN_EMAIL, isAdmin: true, roleNames: [ADMIN_ROLE] },
    ip: '127.0.0.1',
    db,
    audit: () => Promise.resolve(),
  };
  const check = siteCheck(deps.engine, ctx, deps.engine.model(resources.websites.name), sql`t.id = ${id}`);
  const period = comparisonPeriod('seven-days', dayOf(Date.now()));
  const calls = {
    statistics: {
      url: `/dms/api/v1/websites/statistics?website_id=${id}&comparison=seven-days`,
      bare: () => backlinkStatistics(db, id, period, addDays(period.end, -29)),
    },
    ga: {
      url: `/analytics/api/v1/google-analytics/report/${id}?comparison=seven-days`,
      bare: () => Promise.all([gaProperty(db, id), gaFigures(db, id, period, [...GA_METRICS])]),
    },
  };
  const call = calls[CALL];
  const engine = async () => {
    const res = await app.inject({ method: 'GET', url: call.url, headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  const bare = async () => {
    await db.query(check.text, check.values);
    return JSON.stringify(await call.bare());
  };
  const plain = Fastify({ logger: false });
  plain.get('/plain', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await bare()),
  );
  await plain.ready();
  const plainCall = async () => {
    const res = await plain.inject({ method: 'GET', url: '/plain', headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };

  const parts: Record<string, number[]> = {
    'to end of onRequest (routing, auth)': [],
    'input guard, validation': [],
    handler: [],
    'serialisation, onSend': [],
    'response written': [],
    'log line, inject resolves': [],
    'engine in all': [],
    'bare statements': [],
    'bare through plain Fastify': [],
  };
  const p = Object.values(parts);
  for (let i = 0; i < WARMUP; i++) {
    await engine();
    if (!ENGINE_ONLY) {
      await bare();
      await plainCall();
    }
  }
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await engine();
    const t1 = performance.now();
    const s = stamps as Record<
      'onRequest' | 'preHandler' | 'preSerialization' | 'onSend' | 'onResponse',
      number
    >;
    p[0]!.push(s.onRequest - t0);
    p[1]!.push(s.preHandler - s.onRequest);
    p[2]!.push(s.preSerialization - s.preHandler);
    p[3]!.push(s.onSend - s.preSerialization);
    p[4]!.push(s.onResponse - s.onSend);
    p[5]!.push(t1 - s.onResponse);
    p[6]!.push(t1 - t0);
    if (ENGINE_ONLY) continue;
    // Alternating which goes first.
    const sides = i % 2 ? [plainCall, bare] : [bare, plainCall];
    for (const side of sides) {
      const t = performance.now();
      await side();
      (side === bare ? p[7]! : p[8]!).push(performance.now() - t);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const us = (ms: number) => (ms * 1000).toFixed(0).padStart(6);
  console.log(`${CALL}, ${REQUESTS} requests a side after ${WARMUP}; µs`);
  for (const [name, xs] of Object.entries(parts)) {
    if (xs.length) console.log(`${name.padEnd(36)} median ${us(median(xs))}  mean ${us(mean(xs))}`);
  }
  await plain.close();
  await app.close();
} finally {
  await bdb.close();
}
