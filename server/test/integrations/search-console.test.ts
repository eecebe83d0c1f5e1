import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSearchConsoleClient,
  SEARCH_CONSOLE_SCOPE,
  SearchConsoleClient,
  SearchConsoleError,
  type SearchAnalyticsRow,
  type SearchConsoleClientOptions,
  type SearchDimension,
} from '../../src/integrations/search-console/index.js';
import {
  createTestServiceAccount,
  GSC_FIRST_DAY,
  GSC_LAST_DAY,
  MISSING_GSC_DAY,
  type LocalGoogleServer,
} from './google-server.js';
import {
  apiRequestsDuring,
  failureOf,
  startGoogleWithAccount,
  useLocalGoogle,
  useScriptedJsonServer,
} from './support.js';

const local = useLocalGoogle();
let client: SearchConsoleClient;

const make = (options: Partial<SearchConsoleClientOptions> = {}) =>
  new SearchConsoleClient({
    key: local.account.keyJson,
    safeFetch: local.fetch,
    baseUrl: local.server.searchConsoleBaseUrl,
    timeoutMs: 1_000,
    ...options,
  });

beforeAll(() => {
  client = make();
});

const failure = failureOf(SearchConsoleError);

/** The API requests a call made, token requests left out. */
const requestsOf = (call: () => Promise<unknown>) => apiRequestsDuring(local.server, call);

const JUNE = { startDate: GSC_FIRST_DAY, endDate: GSC_LAST_DAY };
const DOMAIN = 'sc-domain:example.com';
const PREFIX = 'https://www.example.org/';
const sum = (rows: SearchAnalyticsRow[], field: 'clicks' | 'impressions') =>
  rows.reduce((total, row) => total + row[field], 0);
const bodyOf = (r: LocalGoogleServer['requests'][number]) => r.body as Record<string, unknown>;

describe('Search Console sign-in', () => {
  it('asks for a webmasters.readonly token once and reuses it', async () => {
    const fresh = make();
    const before = local.server.requests.length;
    await fresh.searchAnalytics(DOMAIN, { ...JUNE, dimensions: ['date'] });
    await fresh.inspectUrl(DOMAIN, 'https://example.com/');
    const requests = local.server.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual([
      '/token',
      '/webmasters/v3/sites/sc-domain%3Aexample.com/searchAnalytics/query',
      '/v1/urlInspection/index:inspect',
    ]);
    const assertion = (requests[0]!.body as Record<string, string>).assertion ?? '';
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      iss: local.account.clientEmail,
      scope: SEARCH_CONSOLE_SCOPE,
      aud: local.server.tokenUrl,
    });
    expect(requests[1]!.authorization).toBe(requests[2]!.authorization);
  });

  it('refuses a broken key file in the constructor and a refused one on the first call', async () => {
    expect(() => make({ key: '{"type":"service_account","client_email":"a@b"}' })).toThrow(
      expect.objectContaining({ kind: 'bad_key', message: 'The service-account key has no "private_key"' }),
    );
    const stranger = createTestServiceAccount(
      local.server.tokenUrl,
      'stranger@sitefleet-test.iam.gserviceaccount.com',
    );
    const err = await failure(make({ key: stranger.keyJson }).inspectUrl(DOMAIN, 'https://example.com/'));
    expect(err.kind).toBe('auth');
    expect(err.message).toContain('account not found');
  });

  it('replaces a revoked token once', async () => {
    await client.searchAnalytics(DOMAIN, { ...JUNE, rowLimit: 1, maxRows: 1 });
    local.server.revokeTokens();
    const before = local.server.requests.length;
    const rows = await client.searchAnalytics(DOMAIN, { ...JUNE, rowLimit: 1, maxRows: 1 });
    expect(rows).toHaveLength(1);
    expect(local.server.requests.slice(before).map((r) => r.path)).toEqual([
      '/webmasters/v3/sites/sc-domain%3Aexample.com/searchAnalytics/query',
      '/token',
      '/webmasters/v3/sites/sc-domain%3Aexample.com/searchAnalytics/query',
    ]);
  });
});

describe('Search Console searchAnalytics.query', () => {
  it('reads rows by date with the documented body; a day without data is absent', async () => {
    const [request, ...more] = await requestsOf(async () => {
      const rows = await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions: ['date'] });
      expect(rows).toHaveLength(29);
      const days = rows.map((r) => r.keys[0]!);
      expect(days).not.toContain(MISSING_GSC_DAY);
      expect(new Set(days).size).toBe(29);
      expect(days.every((d) => /^2025-06-\d{2}$/.test(d))).toBe(true);
      for (const row of rows) {
        expect(Number.isInteger(row.clicks) && Number.isInteger(row.impressions)).toBe(true);
        expect(row.ctr).toBeCloseTo(row.clicks / row.impressions, 12);
        expect(row.position).toBeGreaterThanOrEqual(1);
      }
      // Google's order: most clicks first.
      expect(rows.map((r) => r.clicks)).toEqual([...rows.map((r) => r.clicks)].sort((a, b) => b - a));
    });
    expect(more).toEqual([]);
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      dimensions: ['date'],
      type: 'web',
      dataState: 'final',
      rowLimit: 25000,
      startRow: 0,
    });
  });

  it('URL-encodes a URL-prefix property in the path', async () => {
    const [request] = await requestsOf(async () =>
      expect(
        (await client.searchAnalytics(PREFIX, { ...JUNE, dimensions: ['page'] })).map((r) => r.keys),
      ).toEqual(expect.arrayContaining([['https://www.example.org/'], ['https://www.example.org/about/']])),
    );
    expect(request!.path).toBe('/webmasters/v3/sites/https%3A%2F%2Fwww.example.org%2F/searchAnalytics/query');
  });

  it('gives keys in the order of the dimensions, and one totals row without dimensions', async () => {
    const rows = await client.searchAnalytics(DOMAIN, {
      startDate: '2025-06-02',
      endDate: '2025-06-02',
      dimensions: ['query', 'country', 'device'],
    });
    expect(rows.length).toBeGreaterThan(10);
    for (const { keys } of rows) {
      expect(keys).toHaveLength(3);
      expect(['usa', 'deu', 'nld']).toContain(keys[1]);
      expect(['DESKTOP', 'MOBILE', 'TABLET']).toContain(keys[2]);
    }
    const [totals, ...none] = await client.searchAnalytics(DOMAIN, {
      startDate: '2025-06-02',
      endDate: '2025-06-02',
    });
    expect(none).toEqual([]);
    expect(totals!.keys).toEqual([]);
    expect(totals!.clicks).toBe(sum(rows, 'clicks'));
    expect(totals!.impressions).toBe(sum(rows, 'impressions'));
  });

  it('pages with startRow until a short page, getting what one big page gets', async () => {
    const dimensions: SearchDimension[] = ['date', 'query', 'page'];
    const whole = await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions });
    expect(whole.length).toBeGreaterThan(300);
    const requests = await requestsOf(async () =>
      expect(await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions, rowLimit: 100 })).toEqual(whole),
    );
    const pages = Math.floor(whole.length / 100) + 1;
    expect(requests.map((r) => bodyOf(r).startRow)).toEqual(Array.from({ length: pages }, (_, i) => i * 100));
    expect(requests.every((r) => bodyOf(r).rowLimit === 100)).toBe(true);
    // The same traffic however it is grouped.
    const byDate = await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions: ['date'] });
    expect(sum(whole, 'clicks')).toBe(sum(byDate, 'clicks'));
    expect(sum(whole, 'impressions')).toBe(sum(byDate, 'impressions'));
  });

  it('stops at the row cap and starts at startRow', async () => {
    const dimensions: SearchDimension[] = ['query', 'page'];
    const whole = await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions });
    expect(whole).toHaveLength(20);
    const capped = await requestsOf(async () =>
      expect(await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions, rowLimit: 6, maxRows: 15 })).toEqual(
        whole.slice(0, 15),
      ),
    );
    expect(capped.map((r) => [bodyOf(r).startRow, bodyOf(r).rowLimit])).toEqual([
      [0, 6],
      [6, 6],
      [12, 3],
    ]);
    expect(await client.searchAnalytics(DOMAIN, { ...JUNE, dimensions, startRow: 12, rowLimit: 5 })).toEqual(
      whole.slice(12),
    );
  });

  it('answers [] when there are no rows (the rows key is left out)', async () => {
    expect(
      await client.searchAnalytics('sc-domain:fresh-site.nl', { ...JUNE, dimensions: ['date'] }),
    ).toEqual([]);
    expect(await client.searchAnalytics(DOMAIN, { ...JUNE, type: 'image' })).toEqual([]);
  });

  it('refuses bad input before sending', async () => {
    const odd: string = 'hour';
    const sent = await requestsOf(async () => {
      const calls = [
        client.searchAnalytics('https://www.example.org', JUNE),
        client.searchAnalytics('example.com', JUNE),
        client.searchAnalytics(DOMAIN, { startDate: '2025-06-31', endDate: '2025-07-01' }),
        client.searchAnalytics(DOMAIN, { startDate: '2025-06-10', endDate: '2025-06-01' }),
        client.searchAnalytics(DOMAIN, { ...JUNE, dimensions: [odd as SearchDimension] }),
        client.searchAnalytics(DOMAIN, { ...JUNE, dimensions: ['date', 'date'] }),
        client.searchAnalytics(DOMAIN, { ...JUNE, rowLimit: 25_001 }),
        client.searchAnalytics(DOMAIN, { ...JUNE, startRow: -1 }),
        client.inspectUrl(DOMAIN, '/relative/path'),
        client.inspectUrl(DOMAIN, 'https://example.com/', { languageCode: 'en US' }),
      ];
      for (const call of calls) expect((await failure(call)).kind).toBe('invalid');
    });
    expect(sent).toEqual([]);
    expect((await failure(client.searchAnalytics('https://www.example.org', JUNE))).message).toContain(
      'must end with "/"',
    );
  });
});

describe('Search Console URL Inspection', () => {
  it('reads the index status of an indexed URL', async () => {
    const [request] = await requestsOf(async () =>
      expect(await client.inspectUrl(DOMAIN, 'https://example.com/')).toEqual({
        siteUrl: DOMAIN,
        inspectionUrl: 'https://example.com/',
        verdict: 'PASS',
        indexed: true,
        coverageState: 'Submitted and indexed',
        lastCrawlTime: '2025-06-05T08:12:33.000Z',
        robotsTxtState: 'ALLOWED',
        indexingState: 'INDEXING_ALLOWED',
        pageFetchState: 'SUCCESSFUL',
        googleCanonical: 'https://example.com/',
        userCanonical: 'https://example.com/',
        crawledAs: 'MOBILE',
        sitemaps: ['https://example.com/sitemap_index.xml'],
        referringUrls: ['https://example.com/blog/setup/'],
        inspectionResultLink: expect.stringMatching(
          /^https:\/\/search\.google\.com\/search-console\/inspect\?resource_id=sc-domain%3Aexample\.com&id=/,
        ),
      }),
    );
    expect(request!.path).toBe('/v1/urlInspection/index:inspect');
    expect(request!.body).toEqual({
      inspectionUrl: 'https://example.com/',
      siteUrl: DOMAIN,
      languageCode: 'en-US',
    });
  });

  it('reads an unknown URL, one blocked by robots.txt and a 404 with their absent fields as null', async () => {
    expect(await client.inspectUrl(DOMAIN, 'https://example.com/new-page/')).toMatchObject({
      verdict: 'NEUTRAL',
      indexed: false,
      coverageState: 'URL is unknown to Google',
      lastCrawlTime: null,
      robotsTxtState: null,
      pageFetchState: null,
      googleCanonical: null,
      sitemaps: [],
      referringUrls: [],
    });
    expect(await client.inspectUrl(DOMAIN, 'https://blog.example.com/private/')).toMatchObject({
      verdict: 'NEUTRAL',
      robotsTxtState: 'DISALLOWED',
      pageFetchState: 'BLOCKED_ROBOTS_TXT',
      lastCrawlTime: null,
    });
    expect(await client.inspectUrl(PREFIX, 'https://www.example.org/gone/')).toMatchObject({
      verdict: 'FAIL',
      indexed: false,
      coverageState: 'Not found (404)',
      pageFetchState: 'NOT_FOUND',
      lastCrawlTime: '2025-05-28T04:40:00.000Z',
    });
  });

  it('passes the language on and keeps a canonical Google chose differently', async () => {
    expect(
      await client.inspectUrl(DOMAIN, 'https://example.com/pricing/', { languageCode: 'de-DE' }),
    ).toMatchObject({
      coverageState: 'Gesendet und indexiert',
      lastCrawlTime: '2025-06-03T22:01:09.123Z',
      googleCanonical: 'https://example.com/',
      userCanonical: 'https://example.com/pricing/',
    });
  });

  it('reports a URL outside the property as invalid (Google’s 400)', async () => {
    const err = await failure(client.inspectUrl(PREFIX, 'https://example.com/'));
    expect(err.kind).toBe('invalid');
    expect(err.details).toMatchObject({
      status: 400,
      googleStatus: 'INVALID_ARGUMENT',
      reason: 'badRequest',
    });
  });

  it('reports an unknown verdict as bad_response', async () => {
    const err = await failure(client.inspectUrl('sc-domain:malformed.example', 'https://malformed.example/'));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toContain('"verdict" "INDEXED" is not a documented verdict');
  });
});

describe('Search Console failures', () => {
  it('reports an unverified property, or one the account is no user of, as permission_denied', async () => {
    for (const site of ['https://unverified.example/', 'sc-domain:someone-else.com']) {
      const err = await failure(client.searchAnalytics(site, JUNE));
      expect(err.kind).toBe('permission_denied');
      expect(err.details).toEqual({
        endpoint: 'searchAnalytics.query',
        status: 403,
        googleStatus: 'PERMISSION_DENIED',
        reason: 'forbidden',
      });
      expect(err.message).toContain(`User does not have sufficient permission for site '${site}'`);
    }
    const inspect = await failure(
      client.inspectUrl('https://unverified.example/', 'https://unverified.example/'),
    );
    expect(inspect.kind).toBe('permission_denied');
  });

  it('reports a quota error as quota_exceeded, with the hint when Retry-After is too long to wait', async () => {
    const requests = await requestsOf(async () => {
      const err = await failure(client.searchAnalytics('sc-domain:quota.example', JUNE));
      expect(err.kind).toBe('quota_exceeded');
      expect(err.details).toMatchObject({
        status: 429,
        googleStatus: 'RESOURCE_EXHAUSTED',
        reason: 'quotaExceeded',
      });
      expect(err.message).toContain('Search Analytics load quota exceeded');
      const long = await failure(
        client.inspectUrl('sc-domain:throttled-long.example', 'https://throttled-long.example/'),
      );
      expect(long.kind).toBe('quota_exceeded');
      expect(long.details.retryAfterSeconds).toBe(900);
    });
    expect(requests).toHaveLength(2);
  });

  it('waits out a 429 with Retry-After once and then answers, on either endpoint', async () => {
    const waits: number[] = [];
    const throttled = make({ sleep: async (ms) => void waits.push(ms) });
    const site = 'sc-domain:throttled-once.example';
    const requests = await requestsOf(async () => {
      expect(await throttled.searchAnalytics(site, JUNE)).toEqual([]);
      expect((await throttled.inspectUrl(site, 'https://throttled-once.example/')).verdict).toBe('PASS');
    });
    expect(waits).toEqual([1000, 1000]);
    expect(requests).toHaveLength(4);
  });

  it('does not retry when retries are off', async () => {
    const site = 'sc-domain:throttled-once.example';
    const { google: fresh, account: other } = await startGoogleWithAccount();
    try {
      const err = await failure(
        make({ key: other.keyJson, baseUrl: fresh.searchConsoleBaseUrl, maxRetryWaitMs: 0 }).searchAnalytics(
          site,
          JUNE,
        ),
      );
      expect(err.kind).toBe('quota_exceeded');
      expect(err.details.retryAfterSeconds).toBe(1);
      expect(fresh.requests.filter((r) => r.path !== '/token')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('reports 5xx as unavailable, HTML and wrong types as bad_response', async () => {
    const broken = await failure(client.searchAnalytics('sc-domain:broken.example', JUNE));
    expect(broken.kind).toBe('unavailable');
    expect(broken.message).toBe(
      'Search Console failed (HTTP 500, searchAnalytics.query): Internal error encountered.',
    );
    const garbage = await failure(client.inspectUrl('sc-domain:garbage.example', 'https://garbage.example/'));
    expect(garbage.kind).toBe('bad_response');
    const malformed = await failure(
      client.searchAnalytics('sc-domain:malformed.example', { ...JUNE, dimensions: ['date'] }),
    );
    expect(malformed.kind).toBe('bad_response');
    expect(malformed.message).toContain('rows[0] "clicks" is not a number');
  });

  it('reports a wrong base URL as not_found, a dead server as network, a slow one as timeout', async () => {
    const wrong = await failure(
      make({ baseUrl: `${local.server.origin}/webmasters` }).searchAnalytics(DOMAIN, JUNE),
    );
    expect(wrong.kind).toBe('not_found');
    expect(wrong.details.status).toBe(404);
    const dead = await failure(make({ baseUrl: local.deadOrigin }).searchAnalytics(DOMAIN, JUNE));
    expect(dead.kind).toBe('network');
    const started = Date.now();
    const slow = await failure(client.searchAnalytics('sc-domain:slow.example', JUNE));
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});

describe('Search Console answers outside the seeded ones', () => {
  const odd = useScriptedJsonServer();

  it('refuses a page longer than asked, keys that do not match the dimensions, a ctr above 1', async () => {
    const row = { keys: ['2025-06-01'], clicks: 1, impressions: 2, ctr: 0.5, position: 3 };
    const oddClient = make({ baseUrl: odd.origin });
    const cases: Array<[unknown, string]> = [
      [{ rows: [row, row] }, '2 rows for a limit of 1'],
      [{ rows: [{ ...row, keys: ['a', 'b'] }] }, '"keys" is not 1 strings'],
      [{ rows: [{ ...row, ctr: 1.5 }] }, '"ctr" is not a number from 0 to 1'],
      [{ rows: {} }, '"rows" is not a list'],
    ];
    for (const [body, reason] of cases) {
      odd.replies = [[200, body]];
      const err = await failure(
        oddClient.searchAnalytics(DOMAIN, { ...JUNE, dimensions: ['date'], rowLimit: 1 }),
      );
      expect(err.kind).toBe('bad_response');
      expect(err.message).toContain(reason);
    }
  });
});

describe('createSearchConsoleClient', () => {
  it('returns null without a key and builds a working client with one', async () => {
    expect(createSearchConsoleClient({ serviceAccountKey: ' ' }, local.fetch)).toBeNull();
    const built = createSearchConsoleClient(
      { serviceAccountKey: local.account.keyJson, baseUrl: `${local.server.searchConsoleBaseUrl}/` },
      local.fetch,
    );
    expect((await built!.inspectUrl(DOMAIN, 'https://example.com/')).indexed).toBe(true);
  });
});
