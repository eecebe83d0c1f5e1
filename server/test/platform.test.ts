import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

describe.each(DATABASES)('platform routes and bad input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('returns int8, numeric and their arrays as numbers', async () => {
    const r = await t.db.query<Record<string, unknown>>(
      "SELECT 9007199254740::bigint AS a, 1.5::numeric AS b, '{1,2,NULL}'::bigint[] AS c, '{2.5}'::numeric[] AS d",
    );
    expect(r.rows[0]).toEqual({ a: 9007199254740, b: 1.5, c: [1, 2, null], d: [2.5] });
  });

  it('answers heartbeats of the five services in epoch seconds, without a token', async () => {
    for (const s of ['dms', 'ums', 'nms', 'umms', 'analytics']) {
      const res = await t.call<{ data: number; node: string }>({
        method: 'GET',
        url: `/${s}/health/heartbeat`,
      });
      expect(res.status).toBe(200);
      expect(Math.abs(res.body.data - Date.now() / 1000)).toBeLessThan(5);
      expect(res.body.node).toBe(process.version);
    }
  });

  it('serves version.txt and the OpenAPI document with every resource route', async () => {
    const v = await t.app.inject({ method: 'GET', url: '/version.txt' });
    expect(v.statusCode).toBe(200);
    expect(v.body).toMatch(/^\d+\.\d+\.\d+/);
    const docs = await t.call<{ paths: Record<string, unknown> }>({
      method: 'GET',
      url: '/api/docs/json',
      headers: await t.as('ADMIN'),
    });
    expect(docs.status).toBe(200);
    for (const m of t.deps.engine.models.values())
      expect(Object.keys(docs.body.paths)).toContain(`/${m.path}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('refuses oversize bodies, wrong content types and malformed JSON with a 4xx and no change', async () => {
    const admin = await t.as('ADMIN');
    const before = await t.db.query('SELECT count(*) AS n FROM tags');
    const big = await t.call({
      method: 'POST',
      url: '/dms/api/v1/tags',
      headers: admin,
      payload: { name: 'x'.repeat(2_000_000) },
    });
    expect(big.status).toBe(413);
    const malformed = await t.call({
      method: 'POST',
      url: '/dms/api/v1/tags',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    const text = await t.call({
      method: 'POST',
      url: '/dms/api/v1/tags',
      headers: { ...admin, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect([400, 415]).toContain(text.status);
    const proto = await t.call({
      method: 'POST',
      url: '/dms/api/v1/tags',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name":"p","__proto__":{"admin":true}}',
    });
    expect(proto.status).toBeGreaterThanOrEqual(400);
    expect(proto.status).toBeLessThan(500);
    expect((await t.db.query('SELECT count(*) AS n FROM tags')).rows).toEqual(before.rows);
  });

  it('gives field messages for wrong types, lengths, formats and enum values', async () => {
    const admin = await t.as('ADMIN');
    const res = await t.call<{ error: { fields: Record<string, string> } }>({
      method: 'POST',
      url: '/ums/api/v1/users',
      headers: admin,
      payload: {
        name: 42,
        email: 'not-an-email',
        picture: 'not a url',
        roles: 'admin',
        target_markets: ['Atlantis'],
        adult: 'yes',
        new_password: 'short',
        verify_password: 'short',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({
      name: 'Must be text',
      email: 'Must be a valid e-mail address',
      picture: 'Must be a url',
      roles: 'Must be a list',
      adult: 'Must be true or false',
      new_password: 'Must be at least 12 characters',
    });
    expect(res.body.error.fields.target_markets).toMatch(/^Must be one of: All, International/);
  });

  it('survives 1,000 malformed requests without a single 5xx', async () => {
    const admin = await t.as('ADMIN');
    const junk = [
      '',
      '{',
      '[]',
      'null',
      '"x"',
      '{"a":',
      '\u0000',
      '%',
      '{"$gt":1}',
      '1e309',
      '-1',
      '9'.repeat(40),
    ];
    const paths = ['/dms/api/v1/tags', '/ums/api/v1/users', '/ums/api/v1/roles', '/ums/api/v1/permissions'];
    let n = 0;
    let fives = 0;
    for (let i = 0; i < 1000; i++) {
      const p = paths[i % paths.length]!;
      const j = junk[i % junk.length]!;
      const variants = [
        {
          method: 'GET' as const,
          url: `${p}?filter=${encodeURIComponent(j)}&sortBy=${encodeURIComponent(j)}`,
        },
        { method: 'GET' as const, url: `${p}/${encodeURIComponent(j)}` },
        {
          method: 'POST' as const,
          url: p,
          payload: j,
          headers: { ...admin, 'content-type': 'application/json' },
        },
        {
          method: 'PUT' as const,
          url: `${p}/1`,
          payload: j,
          headers: { ...admin, 'content-type': 'application/json' },
        },
        {
          method: 'GET' as const,
          url: `${p}?page=${encodeURIComponent(j)}&perPage=${encodeURIComponent(j)}`,
        },
        { method: 'DELETE' as const, url: `${p}?ids=${encodeURIComponent(j)}` },
        {
          method: 'POST' as const,
          url: `${p}/get-many`,
          payload: `{"ids":${j || 'x'}}`,
          headers: { ...admin, 'content-type': 'application/json' },
        },
      ];
      const v = variants[i % variants.length]!;
      const res = await t.app.inject({ ...v, headers: { ...admin, ...(v.headers ?? {}) } });
      n++;
      if (res.statusCode >= 500) fives++;
    }
    expect(n).toBe(1000);
    expect(fives).toBe(0);
  });
});

describe('boot checks', () => {
  it('refuses to start when a route declares no access rule', async () => {
    await expect(
      createTestApp('pglite', {}, (app) => {
        app.get('/dms/api/v1/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/Routes without an access rule.*GET \/dms\/api\/v1\/forgotten/);
  });
});
