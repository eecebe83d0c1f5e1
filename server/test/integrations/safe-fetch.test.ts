import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { OutboundError } from '../../src/integrations/http/errors.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

let site: LocalHttpServer;
let client: SafeFetchClient;
const clients: SafeFetchClient[] = [];

function open(options: Parameters<typeof createSafeFetch>[0]) {
  const c = createSafeFetch(options);
  clients.push(c);
  return c;
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundError) return err.reason;
    throw err;
  }
  return 'no error';
}

beforeAll(async () => {
  site = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = Number(url.searchParams.get('n') ?? 0);
    switch (url.pathname) {
      case '/page':
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end('<h1>Bonjour, café</h1>');
      case '/gzip':
        res.setHeader('content-encoding', 'gzip');
        res.setHeader('content-type', 'application/json');
        return res.end(gzipSync(JSON.stringify({ ok: true, method: req.method })));
      case '/br':
        res.setHeader('content-encoding', 'br');
        return res.end(brotliCompressSync('brotli body'));
      case '/chain':
        if (hop < 3) {
          res.writeHead(hop === 0 ? 303 : 301, { location: `chain?n=${hop + 1}` });
          return res.end();
        }
        return res.end(`arrived with ${req.method} after ${hop}`);
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return res.end();
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://example.com/file' });
        return res.end();
      case '/to-ssh':
        res.writeHead(307, { location: 'http://example.com:22/' });
        return res.end();
      case '/slow':
        setTimeout(() => res.end('late'), 2_000).unref();
        return;
      case '/trickle':
        res.write('first part ');
        setTimeout(() => res.end('rest'), 2_000).unref();
        return;
      case '/big':
        res.setHeader('content-length', String(3_000_000));
        return res.end(Buffer.alloc(3_000_000, 97));
      case '/stream': {
        let sent = 0;
        const push = () => {
          if (res.destroyed || sent > 50) return res.end();
          sent += 1;
          res.write(Buffer.alloc(64 * 1024, 98), () => setImmediate(push));
        };
        return push();
      }
      case '/bomb':
        res.setHeader('content-encoding', 'gzip');
        return res.end(gzipSync(Buffer.alloc(20_000_000, 0)));
      default:
        res.statusCode = 404;
        return res.end('missing');
    }
  });
  client = open({ allowPrivate: true });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await site.close();
});

describe('safe fetch, allowed targets', () => {
  it('fetches a normal page with status, headers and decoded text', async () => {
    const res = await client(`${site.origin}/page`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.origin}/page`);
    expect(res.redirects).toEqual([]);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text()).toBe('<h1>Bonjour, café</h1>');
  });

  it('decodes gzip and brotli bodies and parses JSON', async () => {
    const gz = await client(`${site.origin}/gzip`, { method: 'POST', body: '{}' });
    expect(gz.json<{ ok: boolean; method: string }>()).toEqual({ ok: true, method: 'POST' });
    expect((await client(`${site.origin}/br`)).text()).toBe('brotli body');
  });

  it('answers HEAD with an empty body and reports 404 as a status, not an error', async () => {
    expect((await client(`${site.origin}/page`, { method: 'HEAD' })).body.length).toBe(0);
    expect((await client(`${site.origin}/nothing`)).status).toBe(404);
  });

  it('follows a redirect chain, turning POST into GET on 303', async () => {
    const res = await client(`${site.origin}/chain`, { method: 'POST', body: 'x' });
    expect(res.text()).toBe('arrived with GET after 3');
    expect(res.url).toBe(`${site.origin}/chain?n=3`);
    expect(res.redirects).toEqual([
      `${site.origin}/chain`,
      `${site.origin}/chain?n=1`,
      `${site.origin}/chain?n=2`,
    ]);
  });

  it('returns the redirect itself when maxRedirects is 0', async () => {
    const res = await client(`${site.origin}/loop`, { maxRedirects: 0 });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/loop');
  });
});

describe('safe fetch, limits', () => {
  it('stops a redirect loop', async () => {
    expect(await reasonOf(client(`${site.origin}/loop`, { maxRedirects: 4 }))).toBe('too_many_redirects');
  });

  it('re-checks scheme and port on every redirect hop', async () => {
    expect(await reasonOf(client(`${site.origin}/to-ftp`))).toBe('bad_url');
    expect(await reasonOf(client(`${site.origin}/to-ssh`))).toBe('bad_url');
  });

  it('times out a slow answer and a slow body', async () => {
    const started = Date.now();
    expect(await reasonOf(client(`${site.origin}/slow`, { timeoutMs: 200 }))).toBe('timeout');
    expect(await reasonOf(client(`${site.origin}/trickle`, { timeoutMs: 200 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses bodies over the cap, declared or streamed, and decompression bombs', async () => {
    expect(await reasonOf(client(`${site.origin}/big`, { maxBytes: 1_000_000 }))).toBe('too_large');
    expect(await reasonOf(client(`${site.origin}/stream`, { maxBytes: 200_000 }))).toBe('too_large');
    expect(await reasonOf(client(`${site.origin}/bomb`, { maxBytes: 1_000_000 }))).toBe('too_large');
    expect((await client(`${site.origin}/big`)).body.length).toBe(3_000_000);
  });

  it('refuses other schemes, credentials and well-known ports before connecting', async () => {
    const bad = [
      'ftp://example.com/',
      'file:///etc/passwd',
      'gopher://example.com:70/',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'http://user:pass@example.com/',
      'http://user@example.com/',
      'http://example.com:22/',
      'http://example.com:25/',
      'https://example.com:1023/',
      'http://example.com:0/',
      'not a url',
      'http://',
    ];
    for (const url of bad) expect([url, await reasonOf(client(url))]).toEqual([url, 'bad_url']);
  });
});

describe('safe fetch, redirects into private space', () => {
  let entry: LocalHttpServer;
  let internal: LocalHttpServer;

  beforeAll(async () => {
    internal = await startHttpServer((_req, res) => res.end('internal secret'));
    // The entry server listens on another loopback address so a policy can allow it and not 127.0.0.1.
    entry = await startHttpServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/admin` });
      res.end();
    }, '127.0.0.2');
  });
  afterAll(async () => {
    await entry.close();
    await internal.close();
  });

  it('refuses a redirect to 127.0.0.1 when private addresses are not allowed', async () => {
    const guarded = open({ allowHosts: ['127.0.0.2'] });
    await expect(guarded(`${entry.origin}/go`)).rejects.toThrow(
      'Refused to connect to 127.0.0.1: private or loopback address',
    );
    expect(entry.connections()).toBe(1);
    expect(internal.connections()).toBe(0);
  });

  it('follows it when allowHosts or allowPrivate permits the target', async () => {
    const viaList = open({ allowHosts: ['127.0.0.2', '127.0.0.0/30'] });
    expect((await viaList(`${entry.origin}/go`)).text()).toBe('internal secret');
    const viaFlag = open({ allowPrivate: true });
    const res = await viaFlag(`${entry.origin}/go`);
    expect(res.url).toBe(`http://127.0.0.1:${internal.port}/admin`);
    expect(internal.connections()).toBeGreaterThan(0);
  });
});

describe('safe fetch, host name checks', () => {
  /** A resolver that answers the local site's address for any name, and counts what it is asked. */
  const counting = (failFirst = false) => {
    const asked: string[] = [];
    const lookup = async (hostname: string) => {
      asked.push(hostname);
      if (failFirst && asked.length === 1)
        throw Object.assign(new Error('resolver timed out'), { code: 'ETIMEOUT' });
      return ['127.0.0.1'];
    };
    return { asked, lookup };
  };
  const page = (host: string) => `http://${host}:${site.port}/page`;
  /** Requests to the page; answers the resolutions that were pre-checks (each new connection resolves too). */
  async function prechecks(fetch: SafeFetchClient, asked: string[], host: string, times: number) {
    const [askedBefore, connectionsBefore] = [asked.length, site.connections()];
    for (let i = 0; i < times; i++) expect((await fetch(page(host))).status).toBe(200);
    return asked.length - askedBefore - (site.connections() - connectionsBefore);
  }

  it('resolves a name that passed its check once for a while, not before every request', async () => {
    const dns = counting();
    const fetch = open({ allowPrivate: true, lookup: dns.lookup });
    expect(await prechecks(fetch, dns.asked, 'Blog.Test', 5)).toBe(1);
    expect(await prechecks(fetch, dns.asked, 'blog.test', 3)).toBe(0);
    expect(await prechecks(fetch, dns.asked, 'other.test', 2)).toBe(1);
    expect(new Set(dns.asked)).toEqual(new Set(['blog.test', 'other.test']));
  });

  it('checks every request with precheckTtlMs 0, and never keeps a check that failed', async () => {
    const every = counting();
    const fetch = open({ allowPrivate: true, lookup: every.lookup, precheckTtlMs: 0 });
    expect(await prechecks(fetch, every.asked, 'blog.test', 3)).toBe(3);

    const flaky = counting(true);
    const retried = open({ allowPrivate: true, lookup: flaky.lookup });
    expect(await reasonOf(retried(page('blog.test')))).toBe('network');
    expect(await prechecks(retried, flaky.asked, 'blog.test', 2)).toBe(1);
  });
});
