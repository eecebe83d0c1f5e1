import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { DataForSeoProvider } from '../../src/integrations/serp/dataforseo.js';
import { createSearchIndexProvider, SerpError } from '../../src/integrations/serp/index.js';
import { SerpApiProvider } from '../../src/integrations/serp/serpapi.js';
import { noDns } from './fixtures.js';
import { startHttpServer } from './local-servers.js';
import {
  DATAFORSEO_LOGIN,
  DATAFORSEO_PASSWORD,
  SERPAPI_KEY,
  startSerpServer,
  type LocalSerpServer,
} from './serp-server.js';

let serp: LocalSerpServer;
let fetch: SafeFetchClient;
let client: SerpApiProvider;
let deadOrigin: string;

beforeAll(async () => {
  serp = await startSerpServer();
  fetch = createSafeFetch({ allowPrivate: true, lookup: noDns });
  client = new SerpApiProvider({
    apiKey: SERPAPI_KEY,
    baseUrl: serp.origin,
    safeFetch: fetch,
    timeoutMs: 1_000,
  });
  const dead = await startHttpServer((_req, res) => res.end());
  await dead.close();
  deadOrigin = dead.origin;
});
afterAll(async () => {
  await fetch.close();
  await serp.close();
});

/** The SerpError a promise rejects with; fails the test on anything else. */
async function failure(promise: Promise<unknown>): Promise<SerpError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof SerpError)) throw new Error(`expected a SerpError, got ${String(err)}`);
  return err;
}

const requestsSince = (before: number) => serp.serpapi.slice(before);

describe('SerpApi index check', () => {
  it('reports an indexed domain with the estimate and up to five sample URLs on the domain', async () => {
    const before = serp.serpapi.length;
    const result = await client.checkSite('Example.COM.');
    expect(result).toEqual({
      domain: 'example.com',
      query: 'site:example.com',
      indexed: true,
      resultCount: 1240,
      sampleUrls: [
        'https://example.com/',
        'https://www.example.com/about',
        'https://blog.example.com/post-1',
        'https://example.com/contact',
        'https://shop.example.com/',
      ],
    });
    const [params, ...more] = requestsSince(before);
    expect(more).toEqual([]);
    expect(Object.fromEntries(params!)).toEqual({
      engine: 'google',
      q: 'site:example.com',
      google_domain: 'google.com',
      gl: 'us',
      hl: 'en',
      device: 'desktop',
      filter: '0',
      nfpr: '1',
      api_key: SERPAPI_KEY,
    });
  });

  it('reports "Google hasn\'t returned any results" as not indexed after one uncached retry', async () => {
    const before = serp.serpapi.length;
    const result = await client.checkSite('never-indexed.example');
    expect(result).toEqual({
      domain: 'never-indexed.example',
      query: 'site:never-indexed.example',
      indexed: false,
      resultCount: 0,
      sampleUrls: [],
    });
    expect(requestsSince(before).map((p) => p.get('no_cache'))).toEqual([null, 'true']);
  });

  it('treats organic_results_state "Fully empty" without an error string as not indexed', async () => {
    expect(await client.checkSite('state-only.example')).toMatchObject({ indexed: false, resultCount: 0 });
  });

  it('trusts the uncached answer when the cached one was a false empty', async () => {
    expect(await client.checkSite('flaky.example')).toEqual({
      domain: 'flaky.example',
      query: 'site:flaky.example',
      indexed: true,
      resultCount: 3,
      sampleUrls: ['https://flaky.example/'],
    });
  });

  it('can skip the confirming retry', async () => {
    const once = new SerpApiProvider({
      apiKey: SERPAPI_KEY,
      baseUrl: serp.origin,
      safeFetch: fetch,
      confirmNegative: false,
    });
    const before = serp.serpapi.length;
    expect((await once.checkSite('flaky.example')).indexed).toBe(false);
    expect(requestsSince(before)).toHaveLength(1);
  });

  it('counts only results whose host is the domain or a subdomain of it', async () => {
    expect(await client.checkSite('noise.example')).toMatchObject({
      indexed: false,
      resultCount: 0,
      sampleUrls: [],
    });
    expect(await client.checkSite('mixed.example')).toEqual({
      domain: 'mixed.example',
      query: 'site:mixed.example',
      indexed: true,
      // No estimate printed: the distinct results on the site stand in for it.
      resultCount: 2,
      sampleUrls: ['https://mixed.example/a', 'https://WWW.Mixed.Example./b'],
    });
  });

  it('refuses a name that is not an ASCII domain without sending anything', async () => {
    const before = serp.serpapi.length;
    for (const bad of ['bücher.de', 'localhost', 'exa mple.com', '-bad.com', 'example.com/path', '1.2.3.4'])
      expect((await failure(client.checkSite(bad))).kind).toBe('invalid_domain');
    expect(requestsSince(before)).toEqual([]);
  });
});

describe('SerpApi failures', () => {
  it('reports a bad key as unauthorized without echoing the key', async () => {
    const wrongKey = 'sk-wrong-key-000111';
    const bad = new SerpApiProvider({ apiKey: wrongKey, baseUrl: serp.origin, safeFetch: fetch });
    const err = await failure(bad.checkSite('example.com'));
    expect(err.kind).toBe('unauthorized');
    expect(err.details.status).toBe(401);
    expect(err.message).toBe(
      'SerpApi refused the credentials or account (HTTP 401): Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key',
    );
    expect(JSON.stringify({ message: err.message, stack: err.stack, cause: err.cause })).not.toContain(
      wrongKey,
    );
  });

  it('reports 429 as rate limited with the Retry-After hint', async () => {
    const err = await failure(client.checkSite('throttled.example'));
    expect(err.kind).toBe('rate_limited');
    expect(err.details).toEqual({ provider: 'SerpApi', status: 429, retryAfterSeconds: 3600 });
    expect(err.message).toContain('Your account has run out of searches.');
  });

  it('reports 5xx as unavailable', async () => {
    const err = await failure(client.checkSite('broken.example'));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe('SerpApi failed (HTTP 503): Something went wrong on our side.');
  });

  it('reports an error field other than "no results" as a failed search, not as "not indexed"', async () => {
    const err = await failure(client.checkSite('failed.example'));
    expect(err.kind).toBe('search_failed');
    expect(err.message).toBe('SerpApi could not run the search: Unsupported `google_domain` parameter.');
  });

  it('reports a body that is not JSON as a bad response', async () => {
    const err = await failure(client.checkSite('garbage.example'));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toBe('SerpApi answered with invalid JSON');
  });

  it('redacts the key from error text the provider echoes back', async () => {
    const err = await failure(client.checkSite('leaky.example'));
    expect(err.kind).toBe('search_failed');
    expect(err.message).not.toContain(SERPAPI_KEY);
    expect(err.message).toContain('api_key=***');
  });

  it('times out on a slow answer', async () => {
    const started = Date.now();
    const err = await failure(client.checkSite('slow.example'));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toMatch(/did not answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('keeps the key out of network failure messages, whose URL carries it', async () => {
    const down = new SerpApiProvider({ apiKey: SERPAPI_KEY, baseUrl: deadOrigin, safeFetch: fetch });
    const err = await failure(down.checkSite('example.com'));
    expect(err.kind).toBe('unavailable');
    expect(err.cause).toBeUndefined();
    expect(`${err.message} ${err.stack}`).not.toContain(SERPAPI_KEY);
  });

  it('is refused by the outbound guard when private addresses are not allowed', async () => {
    const guarded = createSafeFetch({ lookup: noDns });
    try {
      const p = new SerpApiProvider({ apiKey: SERPAPI_KEY, baseUrl: serp.origin, safeFetch: guarded });
      const err = await failure(p.checkSite('example.com'));
      expect(err.kind).toBe('refused');
      expect(err.message).not.toContain(SERPAPI_KEY);
    } finally {
      await guarded.close();
    }
  });
});

describe('DataForSEO index check', () => {
  const provider = () =>
    new DataForSeoProvider({
      login: DATAFORSEO_LOGIN,
      password: DATAFORSEO_PASSWORD,
      baseUrl: serp.origin,
      safeFetch: fetch,
      timeoutMs: 1_000,
    });

  it('posts one live task and reads organic items on the domain', async () => {
    const before = serp.dataforseo.length;
    expect(await provider().checkSite('example.com')).toEqual({
      domain: 'example.com',
      query: 'site:example.com',
      indexed: true,
      resultCount: 532,
      sampleUrls: ['https://example.com/', 'https://docs.example.com/start'],
    });
    expect(serp.dataforseo.slice(before)).toEqual([
      [
        {
          keyword: 'site:example.com',
          location_code: 2840,
          language_code: 'en',
          device: 'desktop',
          depth: 10,
        },
      ],
    ]);
  });

  it('reports no items as not indexed', async () => {
    expect(await provider().checkSite('nothing.example')).toMatchObject({ indexed: false, resultCount: 0 });
  });

  it('maps status codes in the body', async () => {
    expect((await failure(provider().checkSite('poor.example'))).kind).toBe('rate_limited');
    const down = await failure(provider().checkSite('engine-down.example'));
    expect(down.kind).toBe('unavailable');
    expect(down.message).toBe('DataForSEO answered status 40101: Internal SE Server Error.');
  });

  it('reports a wrong password as unauthorized without echoing it', async () => {
    const wrong = new DataForSeoProvider({
      login: DATAFORSEO_LOGIN,
      password: 'nope-123',
      baseUrl: serp.origin,
      safeFetch: fetch,
    });
    const err = await failure(wrong.checkSite('example.com'));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).not.toContain('nope-123');
  });
});

describe('createSearchIndexProvider', () => {
  it('returns null when no key is configured', () => {
    expect(createSearchIndexProvider({ provider: 'serpapi', apiKey: '' }, fetch)).toBeNull();
    expect(createSearchIndexProvider({ provider: 'serpapi', apiKey: '  ' }, fetch)).toBeNull();
    expect(createSearchIndexProvider({ provider: 'dataforseo', apiKey: null }, fetch)).toBeNull();
  });

  it('builds the named provider against the configured base URL', async () => {
    const serpapi = createSearchIndexProvider(
      { provider: 'serpapi', apiKey: SERPAPI_KEY, baseUrl: serp.origin },
      fetch,
    );
    expect(serpapi?.name).toBe('serpapi');
    expect((await serpapi!.checkSite('example.com')).indexed).toBe(true);
    const dfs = createSearchIndexProvider(
      { provider: 'dataforseo', apiKey: `${DATAFORSEO_LOGIN}:${DATAFORSEO_PASSWORD}`, baseUrl: serp.origin },
      fetch,
    );
    expect(dfs?.name).toBe('dataforseo');
    expect((await dfs!.checkSite('example.com')).resultCount).toBe(532);
  });

  it('refuses DataForSEO credentials that are not login:password', () => {
    expect(() => createSearchIndexProvider({ provider: 'dataforseo', apiKey: 'justakey' }, fetch)).toThrow(
      /login:password/,
    );
  });
});
