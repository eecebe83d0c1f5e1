import { afterEach, describe, expect, it } from 'vitest';
import {
  AccurankerClient,
  AccurankerError,
  DOMAIN_FIELDS,
  KEYWORD_FIELDS,
  periodWindows,
  type AccurankerClientOptions,
  type AccurankerKeyword,
} from '../../src/integrations/accuranker/index.js';
import {
  ACCURANKER_TOKEN,
  FIRST_DAY,
  LAST_DAY,
  seededRank,
  startAccurankerServer,
} from './accuranker-server.js';
import { failureOf, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(startAccurankerServer);
const waits: number[] = [];

afterEach(() => local.server.clearScript());

const client = (options: Partial<AccurankerClientOptions> = {}) =>
  new AccurankerClient({
    token: ACCURANKER_TOKEN,
    baseUrl: local.server.baseUrl,
    safeFetch: local.fetch,
    timeoutMs: 1_000,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });

/** The AccurankerError a promise rejects with; fails the test on anything else. */
const failure = failureOf(AccurankerError);

const since = (before: number) => local.server.requests.slice(before);
const params = (before: number) => since(before).map((r) => Object.fromEntries(r.query));

/** Every day from..to inclusive. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
}

/** What the seed says a keyword's ranks are over a range: checked days only, 0 and null as null. */
function expectedRanks(keywordId: number, from: string, to: string) {
  return days(from, to).flatMap((date) => {
    const rank = seededRank(keywordId, date);
    return rank === undefined ? [] : [{ date, rank }];
  });
}

const ranksOf = (kw: AccurankerKeyword | undefined) => kw?.ranks.map(({ date, rank }) => ({ date, rank }));

describe('the local AccuRanker server', () => {
  it('answers 401 in the documented shape without a token, and empty objects without fields', async () => {
    const bare = await local.fetch(`${local.server.baseUrl}domains/`);
    expect(bare.status).toBe(401);
    expect(bare.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const auth = { authorization: `Token ${ACCURANKER_TOKEN}` };
    const empty = await local.fetch(`${local.server.baseUrl}domains/?limit=2`, { headers: auth });
    expect(empty.json()).toEqual([{}, {}]);
    const nested = await local.fetch(
      `${local.server.baseUrl}domains/42/keywords/?fields=id,search_engine.name,ranks.rank,nope&limit=1`,
      { headers: auth },
    );
    expect(nested.json()).toEqual([{ id: 9001, search_engine: { name: 'Google' }, ranks: [{ rank: 24 }] }]);
  });

  it('refuses a period over 100 days and a path without its trailing slash', async () => {
    const auth = { authorization: `Token ${ACCURANKER_TOKEN}` };
    const long = await local.fetch(
      `${local.server.baseUrl}domains/42/keywords/?fields=id&period_from=2025-01-01&period_to=2025-04-11`,
      { headers: auth },
    );
    expect(long.status).toBe(400);
    expect(long.json()).toEqual({ detail: 'The period cannot be longer than 100 days.' });
    const hundred = await local.fetch(
      `${local.server.baseUrl}domains/42/keywords/?fields=id&period_from=2025-01-01&period_to=2025-04-10`,
      { headers: auth },
    );
    expect(hundred.status).toBe(200);
    const noSlash = await local.fetch(`${local.server.baseUrl}domains?fields=id`, { headers: auth });
    expect(noSlash.status).toBe(404);
    expect(noSlash.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('periodWindows', () => {
  it('splits a range into windows of at most the cap, with no gap and no overlap', () => {
    expect(periodWindows({ from: '2025-01-01', to: '2025-01-01' })).toEqual([
      { from: '2025-01-01', to: '2025-01-01' },
    ]);
    expect(periodWindows({ from: '2025-01-01', to: '2025-04-10' })).toEqual([
      { from: '2025-01-01', to: '2025-04-10' },
    ]);
    expect(periodWindows({ from: '2024-12-31', to: '2025-07-10' })).toEqual([
      { from: '2024-12-31', to: '2025-04-09' },
      { from: '2025-04-10', to: '2025-07-10' },
    ]);
    expect(periodWindows({ from: '2024-02-27', to: '2024-03-02' }, 2)).toEqual([
      { from: '2024-02-27', to: '2024-02-28' },
      { from: '2024-02-29', to: '2024-03-01' },
      { from: '2024-03-02', to: '2024-03-02' },
    ]);
  });

  it('refuses dates that are not YYYY-MM-DD, a reversed range and a bad cap', () => {
    const kind = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof AccurankerError ? err.kind : 'other';
      }
      return 'none';
    };
    expect(kind(() => periodWindows({ from: '2025-02-30', to: '2025-03-01' }))).toBe('invalid');
    expect(kind(() => periodWindows({ from: '2025-1-1', to: '2025-03-01' }))).toBe('invalid');
    expect(kind(() => periodWindows({ from: '2025-03-02', to: '2025-03-01' }))).toBe('invalid');
    expect(kind(() => periodWindows({ from: '2025-03-01', to: '2025-03-01' }, 0))).toBe('invalid');
  });
});

describe('listing domains', () => {
  it('pages with limit and offset to the end and maps the projected fields', async () => {
    const before = local.server.requests.length;
    const domains = await client({ pageSize: 2 }).listDomains();
    expect(domains.map((d) => d.id)).toEqual([42, 43, 44, 45, 46]);
    expect(domains[0]).toEqual({
      id: 42,
      domain: 'example.com',
      displayName: 'Example',
      lastScraped: `${LAST_DAY}T03:59:01Z`,
      googleBusinessName: null,
    });
    expect(domains[2]).toMatchObject({ domain: 'example.org/blog', lastScraped: null });
    expect(params(before)).toEqual([
      { fields: DOMAIN_FIELDS, limit: '2', offset: '0' },
      { fields: DOMAIN_FIELDS, limit: '2', offset: '2' },
      { fields: DOMAIN_FIELDS, limit: '2', offset: '4' },
    ]);
    const sent = since(before);
    expect(sent.every((r) => r.path === 'domains/' && r.authorization === `Token ${ACCURANKER_TOKEN}`)).toBe(
      true,
    );
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const before = local.server.requests.length;
    expect(await client({ pageSize: 5 }).listDomains()).toHaveLength(5);
    expect(params(before).map((p) => p.offset)).toEqual(['0', '5']);
  });

  it('keeps the base URL path whether or not it ends in a slash', async () => {
    const noSlash = client({ baseUrl: local.server.baseUrl.replace(/\/$/, '') });
    expect(await noSlash.listDomains()).toHaveLength(5);
  });
});

describe('listing keywords with ranks', () => {
  it('reads the latest refreshed day when no period is given', async () => {
    const before = local.server.requests.length;
    const keywords = await client().listKeywords(42);
    expect(keywords.map((k) => k.id)).toEqual([9001, 9002, 9003, 9004]);
    expect(keywords[0]).toEqual({
      id: 9001,
      keyword: 'wordpress hosting',
      searchType: 1,
      device: 'desktop',
      searchEngine: 'Google',
      searchVolume: 2400,
      ranks: [
        {
          date: LAST_DAY,
          checkedAt: `${LAST_DAY}T03:01:17Z`,
          rank: 24,
          highestRankingPage: 'https://example.com/wordpress-hosting/',
        },
      ],
    });
    expect(keywords[1]).toMatchObject({ device: 'mobile', searchType: 2 });
    expect(keywords[2]).toMatchObject({ searchEngine: 'Bing', searchVolume: null });
    expect(params(before)).toEqual([{ fields: KEYWORD_FIELDS, limit: '100', offset: '0' }]);
  });

  it('backfills more than 100 days in capped windows with every day once and none outside', async () => {
    const before = local.server.requests.length;
    const period = { from: FIRST_DAY, to: LAST_DAY };
    const keywords = await client({ pageSize: 3 }).listKeywords(42, { period });
    const sent = params(before);
    // 181 days: two windows, two pages each (four keywords, three a page).
    expect(sent.map((p) => [p.period_from, p.period_to, p.offset])).toEqual([
      ['2025-01-01', '2025-04-10', '0'],
      ['2025-01-01', '2025-04-10', '3'],
      ['2025-04-11', LAST_DAY, '0'],
      ['2025-04-11', LAST_DAY, '3'],
    ]);
    expect(since(before).every((r) => r.path === 'domains/42/keywords/')).toBe(true);
    expect(keywords.map((k) => k.id)).toEqual([9001, 9002, 9003, 9004]);
    const byId = new Map(keywords.map((k) => [k.id, k]));
    const daily = byId.get(9001)!.ranks.map((r) => r.date);
    expect(daily).toEqual(days(FIRST_DAY, LAST_DAY));
    for (const id of [9001, 9002, 9003, 9004])
      expect(ranksOf(byId.get(id))).toEqual(expectedRanks(id, FIRST_DAY, LAST_DAY));
    // Not-ranking days (sent as 0 or null) are null; days without a check are absent.
    expect(byId.get(9002)!.ranks.filter((r) => r.rank === null)).toHaveLength(36);
    expect(
      byId
        .get(9002)!
        .ranks.filter((r) => r.rank === null)
        .every((r) => !r.highestRankingPage),
    ).toBe(true);
    expect(byId.get(9003)!.ranks[0]!.date).toBe('2025-03-15');
    expect(byId.get(9004)!.ranks).toHaveLength(181 - 26);
  });

  it('honours a smaller window and a saved filter, with no duplicates across window edges', async () => {
    const before = local.server.requests.length;
    const period = { from: '2025-05-30', to: '2025-06-08' };
    const keywords = await client({ maxPeriodDays: 3 }).listKeywords(42, { period, filterId: 654 });
    expect(params(before).map((p) => [p.period_from, p.period_to, p.filter_id])).toEqual([
      ['2025-05-30', '2025-06-01', '654'],
      ['2025-06-02', '2025-06-04', '654'],
      ['2025-06-05', '2025-06-07', '654'],
      ['2025-06-08', '2025-06-08', '654'],
    ]);
    const dates = keywords[0]!.ranks.map((r) => r.date);
    expect(dates).toEqual(days('2025-05-30', '2025-06-08'));
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('keeps one entry for a keyword that paging repeats, and the later check of a day', async () => {
    const kw = (id: number, ranks: Array<[string, number | null]>) => ({
      id,
      keyword: `kw ${id}`,
      search_type: 2,
      search_engine: null,
      search_volume: { search_volume: null },
      ranks: ranks.map(([created_at, rank]) => ({ created_at, rank })),
    });
    // Offset paging while a keyword is added upstream: keyword 2 comes again on the second page.
    local.server.script(
      [200, [kw(1, [['2025-06-01T03:00:00Z', 4]]), kw(2, [['2025-06-01T03:00:00Z', 9]])]],
      [
        200,
        [
          kw(2, [
            ['2025-06-01T05:30:00+02:00', 8],
            ['2025-06-02T03:00:00Z', 0],
          ]),
        ],
      ],
    );
    const period = { from: '2025-06-01', to: '2025-06-02' };
    const keywords = await client({ pageSize: 2 }).listKeywords(42, { period });
    expect(keywords.map((k) => [k.id, k.searchEngine, k.searchVolume, k.device])).toEqual([
      [1, null, null, 'mobile'],
      [2, null, null, 'mobile'],
    ]);
    expect(keywords[1]!.ranks).toEqual([
      { date: '2025-06-01', checkedAt: '2025-06-01T05:30:00+02:00', rank: 8, highestRankingPage: null },
      { date: '2025-06-02', checkedAt: '2025-06-02T03:00:00Z', rank: null, highestRankingPage: null },
    ]);
  });

  it('never asks for more than the documented 100 days, even when configured higher', async () => {
    const before = local.server.requests.length;
    await client({ maxPeriodDays: 365 }).listKeywords(43, {
      period: { from: '2025-01-01', to: '2025-06-30' },
    });
    expect(params(before).map((p) => [p.period_from, p.period_to])).toEqual([
      ['2025-01-01', '2025-04-10'],
      ['2025-04-11', '2025-06-30'],
    ]);
  });

  it('refuses a bad period or id without sending anything', async () => {
    const before = local.server.requests.length;
    const c = client();
    expect(
      (await failure(c.listKeywords(42, { period: { from: '2025-06-01', to: '2025-05-01' } }))).kind,
    ).toBe('invalid');
    expect((await failure(c.listKeywords(0))).kind).toBe('invalid');
    expect((await failure(c.listKeywords(42, { filterId: 1.5 }))).kind).toBe('invalid');
    expect(since(before)).toEqual([]);
  });

  it('reports an unknown domain as not found', async () => {
    const err = await failure(client().listKeywords(999));
    expect(err.kind).toBe('not_found');
    expect(err.status).toBe(404);
    expect(err.message).toBe('AccuRanker does not know domains/999/keywords/ (HTTP 404): Not found.');
  });
});

describe('failures', () => {
  it('reports a refused token as auth without echoing it', async () => {
    const wrong = 'ar-wrong-token-123456';
    const err = await failure(client({ token: wrong }).listDomains());
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toBe('AccuRanker refused the API token for domains/ (HTTP 401): Invalid token.');
    expect(JSON.stringify({ m: err.message, s: err.stack })).not.toContain(wrong);
  });

  it('waits out Retry-After once and then succeeds', async () => {
    let clock = 0;
    const limited = await startAccurankerServer({ requestsPerMinute: 2, now: () => clock });
    try {
      const slept: number[] = [];
      const c = client({
        baseUrl: limited.baseUrl,
        pageSize: 2,
        sleep: async (ms) => {
          slept.push(ms);
          clock += ms;
        },
      });
      const domains = await c.listDomains();
      expect(domains).toHaveLength(5);
      expect(slept).toEqual([60_000]);
      expect(limited.requests.map((r) => r.query.get('offset'))).toEqual(['0', '2', '4', '4']);
      expect(limited.peakInFlight()).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('retries a 429 at most once and reports the second as rate limited', async () => {
    const throttled: [number, string, Record<string, string>] = [
      429,
      JSON.stringify({ detail: 'Request was throttled. Expected available in 2 seconds.' }),
      { 'retry-after': '2' },
    ];
    local.server.script(throttled, throttled);
    const before = local.server.requests.length;
    const started = waits.length;
    const err = await failure(client().listDomains());
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAfterSeconds).toBe(2);
    expect(err.message).toBe(
      'AccuRanker is rate limiting domains/ (HTTP 429): Request was throttled. Expected available in 2 seconds.',
    );
    expect(since(before)).toHaveLength(2);
    expect(waits.slice(started)).toEqual([2_000]);
  });

  it('does not retry a 429 when retrying is turned off', async () => {
    local.server.script([429, { detail: 'Request was throttled.' }, { 'retry-after': '1' }]);
    const before = local.server.requests.length;
    const started = waits.length;
    expect((await failure(client({ retryRateLimited: false }).listDomains())).kind).toBe('rate_limited');
    expect(since(before)).toHaveLength(1);
    expect(waits.slice(started)).toEqual([]);
  });

  it('does not wait when Retry-After is missing or longer than the configured bound', async () => {
    const started = waits.length;
    local.server.script([429, { detail: 'Request was throttled.' }]);
    const missing = await failure(client().listDomains());
    expect(missing.kind).toBe('rate_limited');
    expect(missing.retryAfterSeconds).toBeUndefined();
    local.server.script([429, { detail: 'Request was throttled.' }, { 'retry-after': '120' }]);
    const long = await failure(client({ maxRetryWaitSeconds: 60 }).listDomains());
    expect(long.retryAfterSeconds).toBe(120);
    expect(waits.slice(started)).toEqual([]);
  });

  it('reports 5xx as unavailable without retrying', async () => {
    local.server.script([
      503,
      '<html><body>Service Unavailable</body></html>',
      { 'content-type': 'text/html' },
    ]);
    const before = local.server.requests.length;
    const err = await failure(client().listDomains());
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBe(503);
    expect(since(before)).toHaveLength(1);
    local.server.script([500, { detail: 'A server error occurred.' }]);
    expect((await failure(client().listKeywords(42))).message).toBe(
      'AccuRanker failed on domains/42/keywords/ (HTTP 500): A server error occurred.',
    );
  });

  it('maps a validation error to invalid and a plan gate to quota', async () => {
    local.server.script([
      400,
      { period_from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
    ]);
    const bad = await failure(client().listKeywords(42));
    expect(bad.kind).toBe('invalid');
    expect(bad.message).toContain('Date has wrong format');
    local.server.script([
      403,
      { message: 'The active plan for this account does not allow access to this endpoint.' },
    ]);
    expect((await failure(client().listDomains())).kind).toBe('quota');
    local.server.script([403, { detail: 'You do not have permission to perform this action.' }]);
    expect((await failure(client().listDomains())).kind).toBe('auth');
  });

  it('reports malformed bodies as bad_response', async () => {
    local.server.script([200, '<html>maintenance</html>', { 'content-type': 'text/html' }]);
    expect((await failure(client().listDomains())).message).toBe(
      'AccuRanker answered domains/ with invalid JSON',
    );
    local.server.script([200, { results: [], count: 0 }]);
    expect((await failure(client().listDomains())).message).toBe(
      'AccuRanker answered domains/ with something other than a list',
    );
    local.server.script([200, [{ id: 42 }]]);
    expect((await failure(client().listDomains())).message).toBe(
      'AccuRanker answered domains/ with domain 42 without its domain name',
    );
    local.server.script([200, [{ id: 1, keyword: 'x', search_type: 1 }]]);
    expect((await failure(client().listKeywords(42))).message).toBe(
      'AccuRanker answered domains/42/keywords/ with keyword 1 without a ranks list',
    );
    local.server.script([200, [{ id: 1, keyword: 'x', search_type: 1, ranks: [{ rank: 3 }] }]]);
    expect((await failure(client().listKeywords(42))).kind).toBe('bad_response');
    local.server.script([200, [{ id: 1, keyword: 'x', search_type: 1, search_volume: 50, ranks: [] }]]);
    expect((await failure(client().listKeywords(42))).kind).toBe('bad_response');
    // Seeded: a domain whose ranks carry the rank as text.
    const err = await failure(client().listKeywords(46));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toBe(
      'AccuRanker answered domains/46/keywords/ with a rank of keyword 9601 that is not a whole number',
    );
  });

  it('stops paging that never ends', async () => {
    const before = local.server.requests.length;
    const err = await failure(client({ pageSize: 1, maxPages: 3 }).listDomains());
    expect(err.kind).toBe('bad_response');
    expect(err.message).toMatch(/paging does not end/);
    expect(since(before)).toHaveLength(3);
  });

  it('reports a dead server as network and a slow one as timeout', async () => {
    const down = await failure(client({ baseUrl: `${local.deadOrigin}/api/v4/` }).listDomains());
    expect(down.kind).toBe('network');
    local.server.script([200, [], {}, 3_000]);
    const started = Date.now();
    const slow = await failure(client({ timeoutMs: 300 }).listDomains());
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is refused by the outbound guard when private addresses are not allowed', async () => {
    await withGuardedFetch(async (guarded) => {
      const err = await failure(client({ safeFetch: guarded }).listDomains());
      expect(err.kind).toBe('refused');
    });
  });
});
