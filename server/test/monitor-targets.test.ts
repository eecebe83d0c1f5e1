import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

type Headers = Record<string, string>;
const PATH = '/umms/api/v1/monitors';
const HOSTS_HINT = 'monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS';

interface Answer {
  data?: { id: number; url: string; version: number };
  error?: { code: string; message: string; fields?: Record<string, string> };
}

// The rule does not depend on the database: one embedded one is enough.
describe('monitor targets and the outbound rules (SECURITY §13)', () => {
  let strict: TestApp;
  let allowing: TestApp;
  let strictAdmin: Headers;
  let allowingAdmin: Headers;

  beforeAll(async () => {
    strict = await createTestApp('pglite');
    allowing = await createTestApp('pglite', { outboundAllowHosts: ['127.0.0.1'] });
    strictAdmin = await strict.as('ADMIN');
    allowingAdmin = await allowing.as('ADMIN');
  });
  afterAll(async () => {
    await strict?.close();
    await allowing?.close();
  });

  const post = (t: TestApp, headers: Headers, payload: Record<string, unknown>) =>
    t.call<Answer>({ method: 'POST', url: PATH, headers, payload });

  it('refuses a private target with a field error on url saying how an operator allows it', async () => {
    const r = await post(strict, strictAdmin, { url: 'http://127.0.0.1:8080/health', type: 'http' });
    expect(r.status).toBe(422);
    expect(r.body.error?.code).toBe('validation_failed');
    expect(r.body.error?.fields).toEqual({
      url: `127.0.0.1 is a private or loopback address; ${HOSTS_HINT}`,
    });
    const ping = await post(strict, strictAdmin, { url: '192.168.1.20', type: 'ping' });
    expect(ping.status).toBe(422);
    expect(ping.body.error?.fields?.url).toBe(`192.168.1.20 is a private or loopback address; ${HOSTS_HINT}`);
    const named = await post(strict, strictAdmin, {
      url: 'http://localhost:3000/',
      type: 'keyword',
      value: 'ok',
    });
    expect(named.status).toBe(422);
    expect(named.body.error?.fields?.url).toMatch(
      /^localhost names this server; .*OUTBOUND_ALLOW_PRIVATE=true$/,
    );
    const count = await strict.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitors');
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('refuses moving an existing monitor to a private target', async () => {
    const created = await post(strict, strictAdmin, { url: 'https://shop.example/', type: 'http' });
    expect(created.status).toBe(201);
    const { id, version } = created.body.data!;
    const moved = await strict.call<Answer>({
      method: 'PATCH',
      url: `${PATH}/${id}`,
      headers: strictAdmin,
      payload: { url: 'http://[::1]/', version },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error?.fields?.url).toBe(`::1 is a private or loopback address; ${HOSTS_HINT}`);
    const stored = await strict.db.query<{ url: string }>('SELECT url FROM monitors WHERE id = $1', [id]);
    expect(stored.rows[0]!.url).toBe('https://shop.example/');
  });

  it('accepts an address the operator allowed, and only that one', async () => {
    const ok = await post(allowing, allowingAdmin, { url: 'http://127.0.0.1:8080/health', type: 'http' });
    expect(ok.status).toBe(201);
    expect(ok.body.data?.url).toBe('http://127.0.0.1:8080/health');
    const other = await post(allowing, allowingAdmin, { url: 'http://10.1.2.3/', type: 'http' });
    expect(other.status).toBe(422);
    expect(other.body.error?.fields?.url).toBe(`10.1.2.3 is a private or loopback address; ${HOSTS_HINT}`);
  });
});
