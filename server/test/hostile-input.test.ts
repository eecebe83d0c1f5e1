import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type DbKind, loggedTestApp, type TestApp } from './helper.js';

const filterUrl = (base: string, filter: string) => `${base}?filter=${encodeURIComponent(filter)}`;

/** Test routes that fail in the database the way a value that slipped past every check would. */
function faultRoutes(app: FastifyInstance): void {
  for (const code of ['22021', '22P05', '54000', '42P01']) {
    app.get(`/test/fault/${code}`, {
      config: { access: 'user' },
      handler: async (request) => {
        await request.ctx.db.query(
          `DO $$ BEGIN RAISE EXCEPTION 'value "secret"' USING ERRCODE = '${code}'; END $$`,
        );
        return {};
      },
    });
  }
  app.get('/test/fault/param', {
    config: { access: 'user' },
    schema: { querystring: { type: 'object', properties: { v: { type: 'string' } } } },
    handler: async (request) => {
      await request.ctx.db.query('SELECT $1::text FROM no_such_table', [(request.query as { v: string }).v]);
      return {};
    },
  });
}

describe.each(DATABASES)('hostile text on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, faultRoutes);
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) =>
    t.call<{ error: { code: string; message: string } }>({ method: 'GET', url, headers: admin });

  it('refuses a NUL or an unpaired surrogate in a filter with a 400 naming it, on every list route', async () => {
    for (const model of t.deps.engine.models.values()) {
      const base = `/${model.path}`;
      const nul = await get(filterUrl(base, '{"q":"\\u0000"}'));
      expect([base, nul.status, nul.body.error.message]).toEqual([
        base,
        400,
        'filter.q: contains a NUL character',
      ]);
      const lone = await get(filterUrl(base, '{"id":["1","\\ud800"]}'));
      expect([base, lone.status, lone.body.error.message]).toEqual([
        base,
        400,
        'filter.id.1: contains an unpaired UTF-16 surrogate',
      ]);
    }
  });

  it('refuses hostile query and path values with a 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['/dms/api/v1/tags?sortBy=a%00b', 'query parameter sortBy: contains a NUL character'],
      [
        '/dms/api/v1/tags?filter=%7B%22q%22%3A%22%ED%A0%80%22%7D',
        'query parameter filter: is not valid UTF-8',
      ],
      ['/dms/api/v1/tags?page=%FF', 'query parameter page: is not valid UTF-8'],
      ['/dms/api/v1/tags/%00', 'path parameter id: contains a NUL character'],
      [
        `/ums/api/v1/users/me?x=${'y'.repeat(100_001)}`,
        'query parameter x: is longer than 100000 characters',
      ],
      [filterUrl('/dms/api/v1/tags', `{"q":${'['.repeat(40)}1${']'.repeat(40)}}`), ''],
      ['/dms/api/v1/tags?page=1e308', 'page must be at most 9007199254740991'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect([url.slice(0, 60), res.status]).toEqual([url.slice(0, 60), 400]);
      if (message) expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(/^filter\.q(\.0)+: is nested deeper than 32 levels$/);
    }
  });

  it('refuses hostile JSON and form bodies: field errors name the field, broken bodies are a 400', async () => {
    const post = (payload: string | Buffer, type = 'application/json') =>
      t.call<{ error: { code: string; message: string; fields?: Record<string, string> } }>({
        method: 'POST',
        url: '/dms/api/v1/tags',
        headers: { ...admin, 'content-type': type },
        payload,
      });
    const before = await t.db.query('SELECT count(*) AS n FROM tags');
    const surrogate = await post('{"name":"x\\udc00"}');
    expect([surrogate.status, surrogate.body.error.fields]).toEqual([
      422,
      { name: 'Contains an unpaired UTF-16 surrogate' },
    ]);
    const deep = await post(`{"name":"x","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect([deep.status, deep.body.error.fields]).toEqual([
      422,
      { extra: 'Is nested deeper than 32 levels' },
    ]);
    const wide = await post(JSON.stringify({ name: 'x', extra: Array.from({ length: 20_000 }, () => 1) }));
    expect([wide.status, wide.body.error.fields]).toEqual([422, { extra: 'Has more than 10000 items' }]);
    const bytes = await post(
      Buffer.from([...Buffer.from('{"name":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
    );
    expect([bytes.status, bytes.body.error.message]).toEqual([400, 'The request body is not valid UTF-8']);
    const form = await post('name=a%00b', 'application/x-www-form-urlencoded');
    expect([form.status, form.body.error.fields]).toEqual([422, { name: 'Contains a NUL character' }]);
    // get-many's ids declare no maxLength: the house bound applies.
    const longId = await t.call<{ error: { fields?: Record<string, string> } }>({
      method: 'POST',
      url: '/dms/api/v1/tags/get-many',
      headers: admin,
      payload: { ids: ['1'.repeat(100_001)] },
    });
    expect([longId.status, longId.body.error.fields]).toEqual([
      422,
      { ids: 'Must be at most 100000 characters' },
    ]);
    const multipart = await post('--x\r\nbroken', 'multipart/form-data; boundary=x');
    expect(multipart.status).toBeGreaterThanOrEqual(400);
    expect(multipart.status).toBeLessThan(500);
    expect((await t.db.query('SELECT count(*) AS n FROM tags')).rows).toEqual(before.rows);
  });

  it('answers what the database refuses as a value (22021, 22P05, 54000) with a 400 and the rest with a bare 500', async () => {
    expect(await get('/test/fault/22021')).toMatchObject({
      status: 400,
      body: {
        error: { code: 'bad_request', message: 'The request contains characters that cannot be stored' },
      },
    });
    expect((await get('/test/fault/22P05')).status).toBe(400);
    expect(await get('/test/fault/54000')).toMatchObject({
      status: 400,
      body: { error: { message: 'A value in the request is too large to be processed' } },
    });
    expect(await get('/test/fault/42P01')).toEqual(
      expect.objectContaining({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong on the server' } },
      }),
    );
  });
});

/** At debug level, so even SQL logging is looked at; with the fault-injection routes. */
const loggedApp = (kind: DbKind, lines: string[]) =>
  loggedTestApp(kind, lines, { logLevel: 'debug', beforeReady: faultRoutes });

describe.each(DATABASES)('request logs on %s', (kind) => {
  it('at info, sum requests up per route and status, with a slow or failed request on its own line', async () => {
    const lines: string[] = [];
    const logged = await loggedTestApp(kind, lines, { logLevel: 'info', beforeReady: faultRoutes });
    try {
      const headers = { authorization: `Bearer ${logged.token}` };
      for (let i = 0; i < 3; i++)
        expect(
          (await logged.app.inject({ method: 'GET', url: '/dms/api/v1/tags', headers })).statusCode,
        ).toBe(200);
      expect((await logged.app.inject({ method: 'GET', url: '/test/fault/42P01', headers })).statusCode).toBe(
        500,
      );
      await logged.app.close(); // writes the summary (close() below closes what is left)
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(records.filter((r) => r.msg === 'request')).toEqual([]);
      expect(records.filter((r) => r.msg === 'requests' && r.route === '/dms/api/v1/tags')).toEqual([
        expect.objectContaining({
          level: 30,
          method: 'GET',
          status: 200,
          count: 3,
          p50: expect.any(Number),
          p95: expect.any(Number),
          max: expect.any(Number),
        }),
      ]);
      expect(records.some((r) => r.msg === 'request failed')).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('carry method, route pattern, status and time, and never a filter value or SQL parameter', async () => {
    const lines: string[] = [];
    const logged = await loggedApp(kind, lines);
    try {
      const headers = { authorization: `Bearer ${logged.token}` };
      const canary = 'canary-7f3a9c';
      const list = await logged.app.inject({
        method: 'GET',
        url: filterUrl('/dms/api/v1/tags', JSON.stringify({ q: canary })),
        headers,
      });
      expect(list.statusCode).toBe(200);
      const nul = await logged.app.inject({
        method: 'GET',
        url: filterUrl('/dms/api/v1/tags', JSON.stringify({ q: `${canary}\u0000` })),
        headers,
      });
      expect(nul.statusCode).toBe(400);
      const failed = await logged.app.inject({
        method: 'GET',
        url: `/test/fault/param?v=${canary}`,
        headers,
      });
      expect(failed.statusCode).toBe(500);

      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.filter((l) => l.includes(canary))).toEqual([]);
      expect(records.filter((r) => r.msg === 'request' && r.route === '/dms/api/v1/tags')).toEqual([
        expect.objectContaining({ level: 30, method: 'GET', status: 200, ms: expect.any(Number) }),
        expect.objectContaining({ level: 30, method: 'GET', status: 400, ms: expect.any(Number) }),
      ]);
      expect(
        records.some((r) => 'url' in r || (typeof r.req === 'object' && r.req !== null && 'url' in r.req)),
      ).toBe(false);
      const errorLine = records.find((r) => r.msg === 'request failed');
      expect(errorLine?.err).toMatchObject({ code: '42P01' });
      expect(JSON.stringify(errorLine)).not.toMatch(/"params"|"query"/);
      if (kind === 'pglite') {
        // PGlite attaches the statement to its errors: it is logged at debug level, without its parameters.
        expect(records.find((r) => r.msg === 'failed statement')).toMatchObject({
          level: 20,
          sql: 'SELECT $1::text FROM no_such_table',
        });
      }
    } finally {
      await logged.close();
    }
  });
});
