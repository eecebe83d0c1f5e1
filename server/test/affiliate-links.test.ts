import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';

type Body = Record<string, unknown>;

/**
 * Affiliate links (issue 18, SPEC §3): a permalink of a website that must answer its declared 301 or 302 to
 * the operator's URL; the check confirms it against the site this test serves, and every change of the
 * permalink, target, type or name is listed with who made it.
 */
describe.each(DATABASES)('affiliate links on %s', (kind) => {
  let t: TestApp;
  let site: LocalHttpServer;
  let admin: Record<string, string>;
  let websiteId: number;
  /** What /go/ paths answer: status and Location. */
  const redirects: Record<string, [number, string]> = {
    '/go/spinland/': [302, 'https://track.spinland.example/?aff=77'],
    '/go/moved/': [301, 'https://track.other.example/'],
  };
  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.call<T>({ method, url, headers: admin, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    site = await startHttpServer((req: IncomingMessage, res: ServerResponse) => {
      const hit = redirects[req.url ?? ''];
      if (hit) res.writeHead(hit[0], { location: hit[1] }).end();
      else res.writeHead(404).end('not found');
    });
    t = await createTestApp(kind, { outboundAllowPrivate: true });
    admin = await t.as('ADMIN');
    websiteId = (
      await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
        url: site.origin,
        target_market: 'UK',
        type: 'MONEY',
      })
    ).body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('confirms a permalink that redirects as declared, and says why another does not', async () => {
    const created = await call<{ data: Body }>('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      casino_name: 'SpinLand',
      permalink: 'go/spinland/',
      redirect_to: 'https://track.spinland.example/?aff=77',
      redirection_type: 302,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ permalink: '/go/spinland/', link_confirmed: false });
    const id = Number(created.body.data.id);
    const check = () =>
      call<{ data: { link_confirmed: boolean; message: string; http_status: number | null } }>(
        'PUT',
        `/dms/api/v1/affiliate-links/${id}/check`,
      );
    const ok = await check();
    expect(ok.body.data).toMatchObject({ link_confirmed: true, http_status: 302 });
    expect(
      (await call<{ data: Body }>('GET', `/dms/api/v1/affiliate-links/${id}`)).body.data.link_confirmed,
    ).toBe(true);

    // The operator changed the tracking URL: the link is unconfirmed until it redirects there.
    const moved = await call<{ data: Body }>('PUT', `/dms/api/v1/affiliate-links/${id}`, {
      redirect_to: 'https://track.spinland.example/?aff=99',
      version: Number(created.body.data.version),
    });
    expect(moved.body.data.link_confirmed).toBe(false);
    const wrong = await check();
    expect(wrong.body.data.link_confirmed).toBe(false);
    expect(wrong.body.data.message).toContain('redirects to https://track.spinland.example/?aff=77, not');

    const typed = await call<{ data: Body }>('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      permalink: '/go/moved/',
      redirect_to: 'https://track.other.example/',
      redirection_type: 302,
    });
    const r = await call<{ data: { link_confirmed: boolean; message: string } }>(
      'PUT',
      `/dms/api/v1/affiliate-links/${String(typed.body.data.id)}/check`,
    );
    expect(r.body.data).toMatchObject({ link_confirmed: false });
    expect(r.body.data.message).toContain('redirects with 301, not 302');
    const gone = await call<{ data: Body }>('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      permalink: '/go/nowhere/',
      redirection_type: 301,
    });
    const g = await call<{ data: { link_confirmed: boolean; message: string; http_status: number } }>(
      'PUT',
      `/dms/api/v1/affiliate-links/${String(gone.body.data.id)}/check`,
    );
    expect(g.body.data).toMatchObject({ link_confirmed: false, http_status: 404 });
  });

  it('lists each change of the permalink, target, type and name with who made it', async () => {
    const created = await call<{ data: Body }>('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      casino_name: 'Lucky Reels',
      permalink: '/go/lucky/',
      redirect_to: 'https://track.lucky.example/a',
      redirection_type: 301,
    });
    const id = Number(created.body.data.id);
    await call('PUT', `/dms/api/v1/affiliate-links/${id}`, { permalink: '/go/lucky-reels/', version: 1 });
    const changes = await call<{ data: Body[] }>('GET', `/dms/api/v1/affiliate-links/${id}/changes`);
    expect(changes.status).toBe(200);
    expect(changes.body.data[0]).toMatchObject({
      field: 'permalink',
      old_value: '/go/lucky/',
      new_value: '/go/lucky-reels/',
      user_name: 'ADMIN',
    });
    expect(changes.body.data.map((c) => c.field).sort()).toEqual(
      ['casino_name', 'permalink', 'permalink', 'redirect_to', 'redirection_type'].sort(),
    );
    const dup = await call('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      permalink: '/go/lucky-reels/',
      redirection_type: 301,
    });
    expect(dup.status).toBe(409);
    const missing = await call<{ error: { fields: Body } }>('POST', '/dms/api/v1/affiliate-links', {
      website_id: websiteId,
      redirection_type: 301,
    });
    expect(missing.body.error.fields).toEqual({ permalink: 'Required' });
  });
});
