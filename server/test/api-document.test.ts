import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

interface Doc {
  [key: string]: unknown;
  openapi: string;
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
}

describe('the API document', () => {
  let t: TestApp;
  let pub: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    pub = await createTestApp('pglite', { apiDocsPublic: true });
  });
  afterAll(async () => {
    await t?.close();
    await pub?.close();
  });

  it('is valid OpenAPI 3 with every path parameter in its path template', async () => {
    const res = await t.call<Doc>({ method: 'GET', url: '/api/docs/json', headers: await t.as('ADMIN') });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const mismatched: string[] = [];
    for (const [url, item] of Object.entries(res.body.paths)) {
      const inTemplate = [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const declared = (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        if (JSON.stringify(declared) !== JSON.stringify(inTemplate)) mismatched.push(`${method} ${url}`);
      }
    }
    expect(mismatched).toEqual([]);
    for (const m of t.deps.engine.models.values())
      expect(Object.keys(res.body.paths)).toContain(`/${m.path}`);
  });

  it('is served to any signed-in user and refused without a token', async () => {
    for (const url of ['/api/docs/json', '/api/docs/yaml']) {
      const anonymous = await t.call<{ error: { code: string } }>({ method: 'GET', url });
      expect([url, anonymous.status, anonymous.body.error.code]).toEqual([url, 401, 'unauthorized']);
      // A role with no permission at all: reading the document needs only a session.
      const reader = await t.app.inject({ method: 'GET', url, headers: await t.as('NOTHING') });
      expect([url, reader.statusCode]).toEqual([url, 200]);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('serves the browsable page, which sends the console session token when it fetches the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('"requestInterceptor":');
    expect(init.body).toContain('getItem("id_token")');
    // The interceptor runs in the browser on its own: no helper of the server's build may leak into it.
    expect(init.body).not.toMatch(/__name|require\(|import\(/);
  });

  it('is public with API_DOCS_PUBLIC=true', async () => {
    expect((await pub.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await pub.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});
