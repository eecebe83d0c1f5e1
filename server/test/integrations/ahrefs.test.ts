import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AhrefsClient,
  AhrefsError,
  createAhrefsClient,
  type AhrefsClientOptions,
  type AhrefsMode,
  type AhrefsUsage,
} from '../../src/integrations/ahrefs/index.js';
import { AHREFS_KEY, AHREFS_KEY_NO_API, AHREFS_KEY_SPENT, startAhrefsServer } from './ahrefs-server.js';
import { startHttpServer } from './local-servers.js';
import { failureOf, requestsDuring, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(startAhrefsServer);
let client: AhrefsClient;

const make = (options: Partial<AhrefsClientOptions> = {}) =>
  new AhrefsClient({
    apiKey: AHREFS_KEY,
    baseUrl: `${local.server.origin}/v3`,
    safeFetch: local.fetch,
    timeoutMs: 1_000,
    ...options,
  });

beforeAll(() => {
  client = make();
});

/** The AhrefsError a promise rejects with; fails the test on anything else. */
const failure = failureOf(AhrefsError);

/** Runs a call (which must not reject: assertions inside it count) and returns the requests it made. */
const requestsOf = (call: () => Promise<unknown>) => requestsDuring(local.server, call);

const query = (params: URLSearchParams) => Object.fromEntries(params);

describe('Ahrefs snapshot reports', () => {
  it('reads the Domain Rating out of its wrapper, with Bearer auth and only the documented parameters', async () => {
    const [request, ...more] = await requestsOf(async () =>
      expect(await client.domainRating('example.com', '2025-06-01')).toEqual({
        target: 'example.com',
        date: '2025-06-01',
        domainRating: 41,
        ahrefsRank: 812345,
      }),
    );
    expect(more).toEqual([]);
    expect(request!.endpoint).toBe('site-explorer/domain-rating');
    expect(request!.authorization).toBe(`Bearer ${AHREFS_KEY}`);
    expect(request!.accept).toBe('application/json');
    expect(query(request!.params)).toEqual({ target: 'example.com', date: '2025-06-01', protocol: 'both' });
  });

  it('asks for today (UTC) when no date is given', async () => {
    const late = make({ now: () => new Date('2025-06-01T23:30:00-05:00') });
    const [request] = await requestsOf(() => late.domainRating('example.com'));
    expect(request!.params.get('date')).toBe('2025-06-02');
  });

  it('reports a null Ahrefs Rank as null', async () => {
    expect(await client.domainRating('fresh-site.nl', '2025-06-01')).toEqual({
      target: 'fresh-site.nl',
      date: '2025-06-01',
      domainRating: 0,
      ahrefsRank: null,
    });
  });

  it('reads the backlink counts in the configured scope, a call overriding it', async () => {
    const [first] = await requestsOf(async () =>
      expect(await client.backlinksStats('example.com', '2025-06-01')).toEqual({
        target: 'example.com',
        date: '2025-06-01',
        live: 1532,
        allTime: 20411,
        liveRefdomains: 188,
        allTimeRefdomains: 1020,
      }),
    );
    expect(query(first!.params)).toEqual({
      target: 'example.com',
      date: '2025-06-01',
      mode: 'domain',
      protocol: 'both',
    });
    const [second] = await requestsOf(() =>
      client.backlinksStats('example.com', '2025-06-01', { mode: 'subdomains', protocol: 'https' }),
    );
    expect(query(second!.params)).toMatchObject({ mode: 'subdomains', protocol: 'https' });
  });

  it('reads organic and paid metrics with costs in cents, null costs kept null', async () => {
    const [request] = await requestsOf(async () =>
      expect(
        await client.metrics('example.com', '2025-06-01', { country: 'US', volumeMode: 'average' }),
      ).toEqual({
        target: 'example.com',
        date: '2025-06-01',
        orgKeywords: 4120,
        orgKeywords1To3: 211,
        orgTraffic: 18800,
        orgCostCents: 1234500,
        paidKeywords: 0,
        paidTraffic: 0,
        paidCostCents: 0,
        paidPages: 0,
      }),
    );
    expect(query(request!.params)).toEqual({
      target: 'example.com',
      date: '2025-06-01',
      mode: 'domain',
      protocol: 'both',
      country: 'us',
      volume_mode: 'average',
    });
    expect(await client.metrics('fresh-site.nl', '2025-06-01')).toMatchObject({
      orgCostCents: null,
      paidCostCents: null,
      orgTraffic: 0,
    });
  });

  it('passes on what each request cost, and that a repeated one came from cache for free', async () => {
    const usage: AhrefsUsage[] = [];
    const counted = make({ onUsage: (u) => usage.push(u) });
    await counted.metrics('example.com', '2025-05-15');
    await counted.metrics('example.com', '2025-05-15');
    // Eight fields, four of them at 10 units: 44 units a row, raised to the 50-unit minimum.
    expect(usage).toEqual([
      {
        endpoint: 'site-explorer/metrics',
        rows: 1,
        unitsCostRow: 44,
        unitsCostTotal: 50,
        unitsCostTotalActual: 50,
        cache: 'miss',
      },
      {
        endpoint: 'site-explorer/metrics',
        rows: 1,
        unitsCostRow: 44,
        unitsCostTotal: 50,
        unitsCostTotalActual: 0,
        cache: 'hit',
      },
    ]);
  });
});

describe('Ahrefs history reports', () => {
  it('reads the Domain Rating history, monthly by default, without a scope it does not take', async () => {
    const [request] = await requestsOf(async () =>
      expect(
        await client.domainRatingHistory('example.com', { from: '2025-01-01', to: '2025-06-30' }),
      ).toEqual([
        { date: '2025-01-01', domainRating: 41 },
        { date: '2025-02-01', domainRating: 41.1 },
        { date: '2025-03-01', domainRating: 41.2 },
        { date: '2025-04-01', domainRating: 41.3 },
        { date: '2025-05-01', domainRating: 41.4 },
        { date: '2025-06-01', domainRating: 41.5 },
      ]),
    );
    expect(query(request!.params)).toEqual({
      target: 'example.com',
      date_from: '2025-01-01',
      date_to: '2025-06-30',
      history_grouping: 'monthly',
    });
  });

  it('reads the referring-domains history in the scope asked', async () => {
    const [request] = await requestsOf(async () =>
      expect(
        await client.refdomainsHistory('example.com', {
          from: '2025-06-01',
          to: '2025-06-30',
          grouping: 'weekly',
        }),
      ).toEqual([
        { date: '2025-06-02', refdomains: 198 },
        { date: '2025-06-09', refdomains: 199 },
        { date: '2025-06-16', refdomains: 199 },
        { date: '2025-06-23', refdomains: 200 },
        { date: '2025-06-30', refdomains: 200 },
      ]),
    );
    expect(query(request!.params)).toEqual({
      target: 'example.com',
      date_from: '2025-06-01',
      date_to: '2025-06-30',
      history_grouping: 'weekly',
      mode: 'domain',
      protocol: 'both',
    });
  });

  it('puts both histories side by side, oldest first', async () => {
    const requests = await requestsOf(async () =>
      expect(
        await client.backlinkProfileHistory('fresh-site.nl', { from: '2025-01-01', to: '2025-05-31' }),
      ).toEqual([
        { date: '2025-03-01', domainRating: 0, refdomains: 0 },
        { date: '2025-04-01', domainRating: 0, refdomains: 0 },
        { date: '2025-05-01', domainRating: 0, refdomains: 0 },
      ]),
    );
    expect(requests.map((r) => r.endpoint).sort()).toEqual([
      'site-explorer/domain-rating-history',
      'site-explorer/refdomains-history',
    ]);
  });

  it('refuses a range that ends before it starts, or a date that is not one, without sending', async () => {
    const sent = await requestsOf(async () => {
      for (const range of [
        { from: '2025-06-01', to: '2025-05-01' },
        { from: '2025-02-30' },
        { from: '01/06/2025' },
      ])
        expect((await failure(client.domainRatingHistory('example.com', range))).kind).toBe('invalid');
    });
    expect(sent).toEqual([]);
  });
});

describe('Ahrefs recent backlinks', () => {
  it('lists live links newest first with what the dashboard shows, a sitewide link once', async () => {
    const [request] = await requestsOf(async () =>
      expect(await client.recentBacklinks('example.com', { limit: 8 })).toEqual([
        {
          sourceUrl: 'https://news.dutchdaily.nl/tech/hosting-review',
          targetUrl: 'https://example.com/',
          anchor: 'example hosting',
          sourceDomainRating: 62.5,
          firstSeen: '2025-06-18T09:41:07.000Z',
          sourceHost: 'news.dutchdaily.nl',
          sourceTld: 'nl',
        },
        {
          sourceUrl: 'https://www.fachblog.de/links',
          targetUrl: 'https://www.example.com/pricing',
          anchor: 'Preise',
          sourceDomainRating: 38,
          firstSeen: '2025-06-15T17:03:12.000Z',
          sourceHost: 'www.fachblog.de',
          sourceTld: 'de',
        },
        {
          sourceUrl: 'https://directory.example.org/web/hosting?page=2',
          targetUrl: 'https://example.com/',
          anchor: '',
          sourceDomainRating: 45.1,
          firstSeen: '2025-06-12T06:00:00.000Z',
          sourceHost: 'directory.example.org',
          sourceTld: 'org',
        },
        {
          sourceUrl: 'https://shop.partner.co.uk/resources',
          targetUrl: 'https://example.com/guides/setup',
          anchor: 'setup guide',
          sourceDomainRating: 51,
          firstSeen: '2025-06-10T12:30:00.000Z',
          sourceHost: 'shop.partner.co.uk',
          sourceTld: 'uk',
        },
        {
          sourceUrl: 'https://xn--bcher-kva.de/empfehlungen',
          targetUrl: 'https://example.com/',
          anchor: 'Example',
          sourceDomainRating: 12.4,
          firstSeen: '2025-06-08T22:15:41.000Z',
          sourceHost: 'xn--bcher-kva.de',
          sourceTld: 'de',
        },
        {
          sourceUrl: 'https://links.webring.net/page/1',
          targetUrl: 'https://example.com/',
          anchor: 'example.com',
          sourceDomainRating: 20,
          firstSeen: '2025-06-05T10:00:00.000Z',
          sourceHost: 'links.webring.net',
          sourceTld: 'net',
        },
        {
          sourceUrl: 'http://old-forum.info/thread/991',
          targetUrl: 'http://example.com/',
          anchor: 'click here',
          sourceDomainRating: 8.2,
          firstSeen: '2025-05-30T14:45:00.000Z',
          sourceHost: 'old-forum.info',
          sourceTld: 'info',
        },
        {
          sourceUrl: 'https://universiteit.example.edu/bronnen',
          targetUrl: 'https://example.com/about',
          anchor: 'Example about',
          sourceDomainRating: 77.7,
          firstSeen: '2025-05-20T07:07:07.000Z',
          sourceHost: 'universiteit.example.edu',
          sourceTld: 'edu',
        },
      ]),
    );
    expect(query(request!.params)).toEqual({
      target: 'example.com',
      select: 'url_from,url_to,anchor,domain_rating_source,first_seen_link',
      order_by: 'first_seen_link:desc',
      limit: '8',
      aggregation: 'similar_links',
      history: 'live',
      mode: 'domain',
      protocol: 'both',
    });
  });

  it('follows the scope and grouping asked', async () => {
    const links = await client.recentBacklinks('example.com', {
      mode: 'subdomains',
      protocol: 'https',
      aggregation: 'all',
      limit: 50,
    });
    const sources = links.map((l) => l.sourceUrl);
    expect(sources).toContain('https://www.reviews.example.io/hosts');
    expect(sources).toContain('https://links.webring.net/page/2');
    expect(sources).not.toContain('http://old-forum.info/thread/991');
    expect(sources).not.toContain('https://gone.example.net/post');
    expect(links).toHaveLength(10);
    expect(links.map((l) => l.firstSeen)).toEqual([...links.map((l) => l.firstSeen)].sort().reverse());
  });

  it('answers an empty list for a site nobody links to yet', async () => {
    expect(await client.recentBacklinks('fresh-site.nl')).toEqual([]);
  });

  it('refuses a limit outside 1 to 1000 without sending', async () => {
    const sent = await requestsOf(async () => {
      for (const limit of [0, 1001, 2.5])
        expect((await failure(client.recentBacklinks('example.com', { limit }))).kind).toBe('invalid');
    });
    expect(sent).toEqual([]);
  });
});

describe('Ahrefs failures', () => {
  it('reports a wrong key as auth without echoing the key', async () => {
    const wrongKey = 'ahr-wrong-key-000111';
    const err = await failure(make({ apiKey: wrongKey }).domainRating('example.com', '2025-06-01'));
    expect(err.kind).toBe('auth');
    expect(err.details).toEqual({ endpoint: 'site-explorer/domain-rating', status: 401 });
    expect(err.message).toBe(
      'Ahrefs refused the API key (HTTP 401, site-explorer/domain-rating): Invalid API key',
    );
    expect(`${err.message} ${err.stack}`).not.toContain(wrongKey);
  });

  it('reports a plan without API access as auth, whichever error body form it comes in', async () => {
    const plan = await failure(make({ apiKey: AHREFS_KEY_NO_API }).metrics('example.com', '2025-06-01'));
    expect(plan.kind).toBe('auth');
    expect(plan.details.status).toBe(403);
    expect(plan.message).toContain('Insufficient plan');
    const array = await failure(client.domainRating('forbidden-array.example', '2025-06-01'));
    expect(array.kind).toBe('auth');
    expect(array.message).toContain(': Error: Forbidden');
  });

  it('reports a spent unit budget as units_exhausted, not as a key problem', async () => {
    const sent = await requestsOf(async () => {
      const err = await failure(
        make({ apiKey: AHREFS_KEY_SPENT }).backlinksStats('example.com', '2025-06-01'),
      );
      expect(err.kind).toBe('units_exhausted');
      expect(err.details.status).toBe(403);
      expect(err.message).toContain('API units limit reached');
    });
    expect(sent).toHaveLength(1);
  });

  it('reports an unknown target, or a date before the data starts, as not_found', async () => {
    const unknown = await failure(client.backlinksStats('unknown-site.example', '2025-06-01'));
    expect(unknown.kind).toBe('not_found');
    expect(unknown.message).toBe(
      'Ahrefs has no data for this target or date (HTTP 404, site-explorer/backlinks-stats): Target not found',
    );
    expect((await failure(client.domainRating('fresh-site.nl', '2025-01-15'))).kind).toBe('not_found');
  });

  it('waits out a 429 once and then answers', async () => {
    const started = Date.now();
    const requests = await requestsOf(async () =>
      expect(await client.domainRating('throttled-once.example', '2025-06-01')).toMatchObject({
        domainRating: 41,
      }),
    );
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails at once with the hint when Retry-After is longer than it will wait', async () => {
    const started = Date.now();
    const requests = await requestsOf(async () => {
      const err = await failure(client.metrics('throttled.example', '2025-06-01'));
      expect(err.kind).toBe('rate_limited');
      expect(err.details).toEqual({
        endpoint: 'site-explorer/metrics',
        status: 429,
        retryAfterSeconds: 3600,
      });
    });
    expect(requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('retries at most once, and not at all when retries are off', async () => {
    const twice = await requestsOf(async () => {
      const err = await failure(client.domainRating('throttled-again.example', '2025-06-01'));
      expect(err.kind).toBe('rate_limited');
      expect(err.details.retryAfterSeconds).toBe(0);
    });
    expect(twice).toHaveLength(2);
    const once = await requestsOf(async () =>
      expect(
        (await failure(make({ maxRetryWaitMs: 0 }).domainRating('throttled-again.example', '2025-06-01')))
          .kind,
      ).toBe('rate_limited'),
    );
    expect(once).toHaveLength(1);
  });

  it('reports a 5xx as unavailable', async () => {
    const err = await failure(client.backlinksStats('broken.example', '2025-06-01'));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe(
      'Ahrefs failed (HTTP 500, site-explorer/backlinks-stats): Internal server error',
    );
  });

  it('reports a body that is not JSON as bad_response', async () => {
    const err = await failure(client.domainRating('garbage.example', '2025-06-01'));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toBe('Ahrefs site-explorer/domain-rating answered with invalid JSON');
  });

  it('reports every malformed shape as bad_response naming what is wrong', async () => {
    const t = 'malformed.example';
    const cases: Array<[Promise<unknown>, string]> = [
      [client.domainRating(t, '2025-06-01'), '"domain_rating" is not an object'],
      [client.backlinksStats(t, '2025-06-01'), '"live" is not a count'],
      [client.metrics(t, '2025-06-01'), '"org_keywords_1_3" is not a count'],
      [client.domainRatingHistory(t, { from: '2025-01-01' }), '"domain_ratings" is not a list'],
      [client.refdomainsHistory(t, { from: '2025-01-01' }), '"date" is not a date'],
      [client.recentBacklinks(t), '"domain_rating_source" is not a rating from 0 to 100'],
    ];
    for (const [call, reason] of cases) {
      const err = await failure(call);
      expect(err.kind).toBe('bad_response');
      expect(err.details.status).toBe(200);
      expect(err.message).toContain(reason);
    }
  });

  it('reports parameters Ahrefs refuses as invalid', async () => {
    const err = await failure(client.domainRating('not_a_domain', '2025-06-01'));
    expect(err.kind).toBe('invalid');
    expect(err.details.status).toBe(400);
    expect(err.message).toContain('invalid target: not_a_domain');
  });

  it('refuses a bad target, date, country or scope before sending anything', async () => {
    const everything: string = 'everything';
    const sent = await requestsOf(async () => {
      const calls = [
        client.domainRating('', '2025-06-01'),
        client.domainRating('exa mple.com', '2025-06-01'),
        client.domainRating('example.com', '2025-13-01'),
        client.metrics('example.com', '2025-06-01', { country: 'usa' }),
        client.backlinksStats('example.com', '2025-06-01', { mode: everything as AhrefsMode }),
      ];
      for (const call of calls) expect((await failure(call)).kind).toBe('invalid');
    });
    expect(sent).toEqual([]);
  });

  it('times out on a slow answer', async () => {
    const started = Date.now();
    const err = await failure(client.domainRating('slow.example', '2025-06-01'));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('reports a server that cannot be reached as network', async () => {
    const err = await failure(
      make({ baseUrl: `${local.deadOrigin}/v3` }).domainRating('example.com', '2025-06-01'),
    );
    expect(err.kind).toBe('network');
    expect(err.cause).toBeUndefined();
  });

  it('is refused by the outbound guard when private addresses are not allowed', async () => {
    await withGuardedFetch(async (guarded) => {
      const err = await failure(make({ safeFetch: guarded }).domainRating('example.com', '2025-06-01'));
      expect(err.kind).toBe('refused');
    });
  });
});

describe('Ahrefs answers outside the documented ones', () => {
  let odd: Awaited<ReturnType<typeof startHttpServer>>;
  const row = (url_from: string, first_seen_link: string) => ({
    url_from,
    url_to: 'https://example.com/',
    anchor: null,
    domain_rating_source: 10,
    first_seen_link,
  });
  const ANSWERS: Record<string, [number, unknown]> = {
    'domain-rating': [422, { message: 'date: invalid value' }],
    'backlinks-stats': [200, { metrics: null }],
    'refdomains-history': [200, { refdomains: null }],
    'domain-rating-history': [200, { ratings: [] }],
    'all-backlinks': [
      200,
      {
        backlinks: [
          row('https://Old.Example.NET./a', '2025-06-01 10:00:00'),
          row('https://newest.example.org/b', '2025-06-03T00:30:00+02:00'),
          row('https://[2001:db8::1]/c', '2025-06-02'),
          row('https://192.0.2.7/d', '2025-06-02T12:00:00.5Z'),
        ],
      },
    ],
  };
  beforeAll(async () => {
    odd = await startHttpServer((req, res) => {
      const endpoint = new URL(req.url ?? '/', 'http://local').pathname.split('/').pop() ?? '';
      const [status, body] = ANSWERS[endpoint] ?? [404, { error: 'Not found' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  afterAll(() => odd.close());
  const oddClient = () => make({ baseUrl: odd.origin });

  it('reads a 422 as invalid, quoting a "message" field', async () => {
    const err = await failure(oddClient().domainRating('example.com', '2025-06-01'));
    expect(err.kind).toBe('invalid');
    expect(err.message).toContain(': date: invalid value');
  });

  it('reads a null wrapper as no data, a null list as no rows, a missing list as a bad response', async () => {
    expect((await failure(oddClient().backlinksStats('example.com', '2025-06-01'))).kind).toBe('not_found');
    expect(await oddClient().refdomainsHistory('example.com', { from: '2025-01-01' })).toEqual([]);
    const missing = await failure(oddClient().domainRatingHistory('example.com', { from: '2025-01-01' }));
    expect(missing.kind).toBe('bad_response');
    expect(missing.message).toContain('"domain_ratings" is not a list');
  });

  it('orders links newest first whatever order they came in, reading every date form as UTC', async () => {
    expect(
      (await oddClient().recentBacklinks('example.com')).map((l) => [
        l.firstSeen,
        l.sourceHost,
        l.sourceTld,
        l.anchor,
      ]),
    ).toEqual([
      ['2025-06-02T22:30:00.000Z', 'newest.example.org', 'org', ''],
      ['2025-06-02T12:00:00.500Z', '192.0.2.7', '', ''],
      ['2025-06-02T00:00:00.000Z', '2001:db8::1', '', ''],
      ['2025-06-01T10:00:00.000Z', 'old.example.net', 'net', ''],
    ]);
  });
});

describe('createAhrefsClient', () => {
  it('returns null when no key is configured', () => {
    expect(createAhrefsClient({ apiKey: '' }, local.fetch)).toBeNull();
    expect(createAhrefsClient({ apiKey: '   ' }, local.fetch)).toBeNull();
    expect(createAhrefsClient({ apiKey: null }, local.fetch)).toBeNull();
  });

  it('builds a client against the configured base URL', async () => {
    const built = createAhrefsClient(
      { apiKey: AHREFS_KEY, baseUrl: `${local.server.origin}/v3/` },
      local.fetch,
    );
    expect((await built!.domainRating('example.com', '2025-06-01')).domainRating).toBe(41);
  });
});
