import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

/**
 * The security headers of the console's HTML, captured from the app as it answered when helmet still built
 * them on each request: the set computed once at start-up must stay exactly this.
 */
const DOCUMENT: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https: http:;" +
    "frame-ancestors 'none';img-src 'self' data: https:;object-src 'none';" +
    "script-src 'self' https://accounts.google.com/gsi/client;script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style;" +
    "connect-src 'self' https://accounts.google.com/gsi/;frame-src https://accounts.google.com/gsi/",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The headers of every other response (JSON, refusals, errors, scripts): what applies to a subresource or
 * to an answer opened on its own. (A request the auth hook refused carried none under helmet, whose hooks
 * ran after it.)
 */
const RESOURCE: Record<string, string> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** Headers that depend on the response rather than on the security policy. */
const PER_RESPONSE = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'cache-control',
  'last-modified',
  'accept-ranges',
  'vary',
]);

function securityHeaders(headers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_RESPONSE.has(name) && !name.startsWith('x-ratelimit'))
      .map(([name, value]) => [name, String(value)]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sitefleet-headers-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sitefleet</title>');
    t = await createTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("are the full document set on the console's HTML", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(securityHeaders(res.headers)).toEqual(DOCUMENT);
  });

  it('are the subresource set on every other response: success, refusal, validation error, missing route', async () => {
    const admin = await t.as('ADMIN');
    const cases = [
      { url: '/ums/api/v1/users/me', headers: admin, status: 200 },
      { url: '/ums/api/v1/users?perPage=5', headers: admin, status: 200 },
      { url: '/ums/api/v1/users/me', headers: {}, status: 401 },
      { url: '/ums/api/v1/users/not-a-number', headers: admin, status: 400 },
      { url: '/ums/api/v1/users/999999', headers: admin, status: 404 },
      { url: '/no/such/route', headers: {}, status: 404 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: c.headers });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(securityHeaders(res.headers), `${c.url} (${c.status})`).toEqual(RESOURCE);
    }
  });
});
