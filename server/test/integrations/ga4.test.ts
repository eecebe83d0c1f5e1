import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  analyticsSeries,
  createGa4Client,
  Ga4Client,
  Ga4Error,
  GA4_SCOPE,
  type Ga4ClientOptions,
  type Ga4Metric,
} from '../../src/integrations/ga4/index.js';
import { parseServiceAccountKey } from '../../src/integrations/google/service-account.js';
import {
  createTestServiceAccount,
  MISSING_GA4_DAYS,
  PROPERTY,
  type LocalGoogleServer,
} from './google-server.js';
import {
  apiRequestsDuring,
  failureOf,
  requestsDuring,
  useLocalGoogle,
  useScriptedJsonServer,
  withGuardedFetch,
} from './support.js';

const local = useLocalGoogle();

const make = (options: Partial<Ga4ClientOptions> = {}) =>
  new Ga4Client({
    key: local.account.keyJson,
    safeFetch: local.fetch,
    dataBaseUrl: local.server.dataBaseUrl,
    adminBaseUrl: local.server.adminBaseUrl,
    timeoutMs: 1_000,
    ...options,
  });

const failure = failureOf(Ga4Error);

function thrown(build: () => unknown): Ga4Error {
  try {
    build();
  } catch (err) {
    if (err instanceof Ga4Error) return err;
    throw err;
  }
  throw new Error('expected a Ga4Error');
}

const requestsOf = (call: () => Promise<unknown>) => requestsDuring(local.server, call);
/** The API requests a call made, token requests left out. */
const apiRequestsOf = (call: () => Promise<unknown>) => apiRequestsDuring(local.server, call);

const paths = (requests: LocalGoogleServer['requests']) => requests.map((r) => r.path);
const JUNE_8_TO_13 = { startDate: '2025-06-08', endDate: '2025-06-13' };
const decode = (part: string | undefined): unknown =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

describe('GA4 service-account sign-in', () => {
  it('signs an RS256 assertion for the analytics scope, gets a token once and reuses it', async () => {
    const client = make();
    const requests = await requestsOf(async () => {
      await client.runDailyReport(PROPERTY.example, JUNE_8_TO_13);
      await client.listProperties();
    });
    expect(paths(requests)).toEqual([
      '/token',
      `/analyticsdata/v1beta/properties/${PROPERTY.example}:runReport`,
      '/analyticsadmin/v1beta/accountSummaries',
    ]);
    const [tokenRequest, report, admin] = requests;
    expect(tokenRequest!.contentType).toBe('application/x-www-form-urlencoded');
    const form = tokenRequest!.body as Record<string, string>;
    expect(form.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims] = (form.assertion ?? '').split('.');
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: local.account.privateKeyId });
    const c = decode(claims) as Record<string, unknown>;
    expect(c).toMatchObject({ iss: local.account.clientEmail, scope: GA4_SCOPE, aud: local.server.tokenUrl });
    expect(Number(c.exp) - Number(c.iat)).toBe(3600);
    expect(Math.abs(Number(c.iat) - Date.now() / 1000)).toBeLessThan(5);
    expect(report!.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(admin!.authorization).toBe(report!.authorization);
  });

  it('shares one token request between concurrent calls', async () => {
    const client = make();
    const requests = await requestsOf(() =>
      Promise.all([
        client.runDailyReport(PROPERTY.example, JUNE_8_TO_13),
        client.runDailyReport(PROPERTY.fresh, JUNE_8_TO_13),
        client.listProperties(),
      ]),
    );
    expect(paths(requests).filter((p) => p === '/token')).toHaveLength(1);
  });

  it('renews the token shortly before it expires', async () => {
    let clock = Date.now();
    const client = make({ now: () => clock });
    local.server.setTokenLifetime(400);
    try {
      const requests = await requestsOf(async () => {
        await client.listProperties();
        clock += 150_000;
        await client.listProperties();
        // Past the renewal point (half the 400 s life), still well before expiry.
        clock += 51_000;
        await client.listProperties();
      });
      expect(paths(requests).filter((p) => p === '/token')).toHaveLength(2);
    } finally {
      local.server.setTokenLifetime(3599);
    }
  });

  it('replaces a token the API refuses, once', async () => {
    const client = make();
    await client.listProperties();
    local.server.revokeTokens();
    const requests = await requestsOf(() => client.listProperties());
    expect(paths(requests)).toEqual([
      '/analyticsadmin/v1beta/accountSummaries',
      '/token',
      '/analyticsadmin/v1beta/accountSummaries',
    ]);
  });

  it('refuses an unusable key file before sending, without quoting the private key', async () => {
    const sent = await requestsOf(async () => {
      const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const cases: Array<[unknown, string]> = [
        ['{not json', 'is not valid JSON'],
        [{ ...local.account.keyFile, client_email: undefined }, 'has no "client_email"'],
        [{ ...local.account.keyFile, private_key: 'MIIEvQIBADANBg-not-a-pem' }, '"private_key" is not a PEM'],
        [
          {
            ...local.account.keyFile,
            private_key: ecKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          },
          'is a ec key, not RSA',
        ],
        [{ ...local.account.keyFile, type: 'authorized_user' }, 'not "service_account"'],
        [
          { ...local.account.keyFile, token_uri: 'ftp://example.com/token' },
          '"token_uri" is not an http(s) URL',
        ],
      ];
      for (const [key, reason] of cases) {
        const err = thrown(() => make({ key: typeof key === 'string' ? key : JSON.stringify(key) }));
        expect(err.kind).toBe('bad_key');
        expect(err.message).toContain(reason);
        expect(err.message).not.toContain('PRIVATE KEY');
      }
    });
    expect(sent).toEqual([]);
  });

  it('accepts a key whose line breaks arrive escaped, or a key already parsed', async () => {
    const escaped = JSON.stringify({
      ...local.account.keyFile,
      private_key: local.account.keyFile.private_key!.replace(/\n/g, '\\n'),
    });
    expect((await make({ key: escaped }).listProperties()).length).toBeGreaterThan(0);
    const parsed = parseServiceAccountKey(local.account.keyFile);
    expect(parsed.tokenUri).toBe(local.server.tokenUrl);
    expect((await make({ key: parsed }).listProperties()).length).toBeGreaterThan(0);
  });

  it('reports a key Google does not know, a rotated key or a skewed clock as auth', async () => {
    const stranger = createTestServiceAccount(
      local.server.tokenUrl,
      'nobody@sitefleet-test.iam.gserviceaccount.com',
    );
    const unknown = await failure(make({ key: stranger.keyJson }).listProperties());
    expect(unknown.kind).toBe('auth');
    expect(unknown.details).toEqual({ endpoint: 'accountSummaries', status: 400 });
    expect(unknown.message).toContain('invalid_grant: Invalid grant: account not found');

    const rotated = createTestServiceAccount(
      local.server.tokenUrl,
      local.account.clientEmail,
      local.account.privateKeyId,
    );
    const signature = await failure(make({ key: rotated.keyJson }).listProperties());
    expect(signature.kind).toBe('auth');
    expect(signature.message).toContain('Invalid JWT Signature.');

    const skewed = await failure(make({ now: () => Date.now() - 2 * 3_600_000 }).listProperties());
    expect(skewed.kind).toBe('auth');
    expect(skewed.message).toContain('Check your iat and exp values');
  });

  it('reports a token endpoint that fails, throttles or answers garbage', async () => {
    const cases: Array<[Parameters<LocalGoogleServer['setTokenMode']>[0], Ga4Error['kind']]> = [
      ['unavailable', 'unavailable'],
      ['rate_limited', 'quota_exceeded'],
      ['garbage', 'bad_response'],
      ['no_token', 'bad_response'],
    ];
    try {
      for (const [mode, kind] of cases) {
        local.server.setTokenMode(mode);
        const err = await failure(make().runDailyReport(PROPERTY.example, JUNE_8_TO_13));
        expect(err.kind).toBe(kind);
        expect(err.message).toMatch(/^Google Analytics sign-in failed: /);
      }
    } finally {
      local.server.setTokenMode('normal');
    }
    const dead = await failure(make({ tokenUrl: `${local.deadOrigin}/token` }).listProperties());
    expect(dead.kind).toBe('network');
  });
});

describe('GA4 runReport by date', () => {
  it('reads the documented row shape: YYYYMMDD dates, string values by type, missing days absent', async () => {
    const [request] = await apiRequestsOf(async () => {
      const report = await make().runDailyReport(`properties/${PROPERTY.example}`, JUNE_8_TO_13);
      expect(report).toMatchObject({
        propertyId: PROPERTY.example,
        startDate: '2025-06-08',
        endDate: '2025-06-13',
        timeZone: 'Europe/Berlin',
        currencyCode: 'EUR',
        subjectToThresholding: false,
      });
      expect(report.rows.map((r) => r.date)).toEqual([
        '2025-06-08',
        '2025-06-09',
        '2025-06-12',
        '2025-06-13',
      ]);
      expect(MISSING_GA4_DAYS).toEqual(['2025-06-10', '2025-06-11']);
      expect(report.rows[0]).toEqual({
        date: '2025-06-08',
        values: {
          activeUsers: 399,
          newUsers: 279,
          sessions: 485,
          bounceRate: 228 / 485,
          averageSessionDuration: 84.25,
          eventCount: 2913,
        },
      });
      expect(report.rows[2]!.values).toMatchObject({
        activeUsers: 307,
        sessions: 397,
        bounceRate: 199 / 397,
      });
    });
    expect(request!.path).toBe(`/analyticsdata/v1beta/properties/${PROPERTY.example}:runReport`);
    expect(request!.contentType).toBe('application/json');
    expect(request!.body).toEqual({
      dateRanges: [{ startDate: '2025-06-08', endDate: '2025-06-13' }],
      dimensions: [{ name: 'date' }],
      metrics: [
        { name: 'activeUsers' },
        { name: 'newUsers' },
        { name: 'sessions' },
        { name: 'bounceRate' },
        { name: 'averageSessionDuration' },
        { name: 'eventCount' },
      ],
      orderBys: [{ dimension: { dimensionName: 'date' } }],
      limit: 10000,
      offset: 0,
    });
  });

  it('asks for the metrics chosen and gives one as SPEC analytics rows', async () => {
    const report = await make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, {
      metrics: ['sessions', 'bounceRate'],
    });
    expect(report.rows[1]!.values).toEqual({ sessions: 403, bounceRate: 186 / 403 });
    expect(analyticsSeries(report, 'sessions')).toEqual([
      { date: '2025-06-08', value: 485 },
      { date: '2025-06-09', value: 403 },
      { date: '2025-06-12', value: 397 },
      { date: '2025-06-13', value: expect.any(Number) },
    ]);
    expect(analyticsSeries(report, 'eventCount')).toEqual([]);
  });

  it('filters by host name', async () => {
    const [request] = await apiRequestsOf(async () =>
      expect(
        (await make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { hostName: 'Other.Example' })).rows,
      ).toEqual([]),
    );
    expect((request!.body as Record<string, unknown>).dimensionFilter).toEqual({
      filter: { fieldName: 'hostName', stringFilter: { matchType: 'EXACT', value: 'other.example' } },
    });
    expect(
      (await make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { hostName: 'example.com' })).rows,
    ).toHaveLength(4);
  });

  it('answers no rows for a property without data (the rows key is left out)', async () => {
    const report = await make().runDailyReport(PROPERTY.fresh, JUNE_8_TO_13);
    expect(report.rows).toEqual([]);
    expect(report.timeZone).toBe('Europe/Berlin');
  });

  it('pages with limit and offset to the end', async () => {
    const range = { startDate: '2025-04-20', endDate: '2025-07-10' };
    const whole = await make().runDailyReport(PROPERTY.example, range);
    // 2025-05-01 to 2025-06-30 has data, less the two missing days.
    expect(whole.rows).toHaveLength(61 - 2);
    const requests = await requestsOf(async () =>
      expect(await make({ pageSize: 7 }).runDailyReport(PROPERTY.example, range)).toEqual(whole),
    );
    const pages = requests.filter((r) => r.path.endsWith(':runReport'));
    expect(pages.map((r) => (r.body as { offset: number }).offset)).toEqual([
      0, 7, 14, 21, 28, 35, 42, 49, 56,
    ]);
    expect(pages.every((r) => (r.body as { limit: number }).limit === 7)).toBe(true);
  });

  it('refuses bad input without sending', async () => {
    const sent = await requestsOf(async () => {
      const unknownMetric: string = 'activeUser';
      const calls = [
        make().runDailyReport('G-ABC123DEF', JUNE_8_TO_13),
        make().runDailyReport(PROPERTY.example, { startDate: '2025-06-31', endDate: '2025-07-01' }),
        make().runDailyReport(PROPERTY.example, { startDate: '2025-06-10', endDate: '2025-06-01' }),
        make().runDailyReport(PROPERTY.example, { startDate: '7daysAgo', endDate: 'today' }),
        make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { metrics: [unknownMetric as Ga4Metric] }),
        make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { metrics: ['sessions', 'sessions'] }),
        make().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { hostName: 'exa mple.com' }),
      ];
      for (const call of calls) expect((await failure(call)).kind).toBe('invalid');
    });
    expect(sent).toEqual([]);
  });
});

describe('GA4 Admin accountSummaries', () => {
  const EXPECTED = [
    {
      name: `properties/${PROPERTY.example}`,
      propertyId: PROPERTY.example,
      displayName: 'example.com',
      parent: 'accounts/111',
      account: 'accounts/111',
      accountDisplayName: 'Agency',
      propertyType: 'PROPERTY_TYPE_ORDINARY',
    },
    {
      name: `properties/${PROPERTY.fresh}`,
      propertyId: PROPERTY.fresh,
      displayName: 'fresh-site.nl',
      parent: 'accounts/111',
      account: 'accounts/111',
      accountDisplayName: 'Agency',
      propertyType: 'PROPERTY_TYPE_ORDINARY',
    },
    {
      name: `properties/${PROPERTY.throttledOnce}`,
      propertyId: PROPERTY.throttledOnce,
      displayName: 'busy-shop.de',
      parent: 'accounts/333',
      account: 'accounts/333',
      accountDisplayName: 'Clients',
      propertyType: 'PROPERTY_TYPE_ORDINARY',
    },
    {
      name: 'properties/314159265',
      propertyId: '314159265',
      displayName: 'busy-shop.de (NL roll-up)',
      parent: `properties/${PROPERTY.throttledOnce}`,
      account: 'accounts/333',
      accountDisplayName: 'Clients',
      propertyType: 'PROPERTY_TYPE_SUBPROPERTY',
    },
    {
      name: 'properties/271828182',
      propertyId: '271828182',
      displayName: 'old-blog.net',
      parent: 'accounts/444',
      account: 'accounts/444',
      accountDisplayName: 'Legacy',
      propertyType: 'PROPERTY_TYPE_ORDINARY',
    },
  ];

  it('lists every property of every account with the largest page size', async () => {
    const requests = await requestsOf(async () => expect(await make().listProperties()).toEqual(EXPECTED));
    const admin = requests.filter((r) => r.path.endsWith('accountSummaries'));
    expect(admin.map((r) => Object.fromEntries(r.query))).toEqual([{ pageSize: '200' }]);
    expect(admin[0]!.method).toBe('GET');
  });

  it('follows nextPageToken to the last page, repeating the page size', async () => {
    const requests = await requestsOf(async () =>
      expect(await make({ propertiesPageSize: 1 }).listProperties()).toEqual(EXPECTED),
    );
    const admin = requests.filter((r) => r.path.endsWith('accountSummaries'));
    expect(admin).toHaveLength(4);
    expect(admin[0]!.query.has('pageToken')).toBe(false);
    for (const r of admin.slice(1)) {
      expect(r.query.get('pageSize')).toBe('1');
      expect(r.query.get('pageToken')).toBeTruthy();
    }
  });
});

describe('GA4 failures', () => {
  it('reports an exhausted property quota as quota_exceeded without retrying', async () => {
    const requests = await requestsOf(async () => {
      const err = await failure(make().runDailyReport(PROPERTY.quota, JUNE_8_TO_13));
      expect(err.kind).toBe('quota_exceeded');
      expect(err.details).toEqual({ endpoint: 'runReport', status: 429, googleStatus: 'RESOURCE_EXHAUSTED' });
      expect(err.message).toContain('Exhausted property tokens per day quota');
    });
    expect(requests.filter((r) => r.path.endsWith(':runReport'))).toHaveLength(1);
  });

  it('waits out a 429 with Retry-After once and then answers', async () => {
    const waits: number[] = [];
    const requests = await requestsOf(async () =>
      expect(
        (
          await make({ sleep: async (ms) => void waits.push(ms) }).runDailyReport(
            PROPERTY.throttledOnce,
            JUNE_8_TO_13,
          )
        ).rows,
      ).toHaveLength(4),
    );
    expect(waits).toEqual([1000]);
    expect(requests.filter((r) => r.path.endsWith(':runReport'))).toHaveLength(2);
  });

  it('reports a property the service account is not a user of as permission_denied', async () => {
    const err = await failure(make().runDailyReport(PROPERTY.notAUser, JUNE_8_TO_13));
    expect(err.kind).toBe('permission_denied');
    expect(err.details).toEqual({ endpoint: 'runReport', status: 403, googleStatus: 'PERMISSION_DENIED' });
    expect(err.message).toContain('User does not have sufficient permissions for this property');
  });

  it('says when the Data API is not enabled in the project', async () => {
    const err = await failure(make().runDailyReport(PROPERTY.apiDisabled, JUNE_8_TO_13));
    expect(err.kind).toBe('permission_denied');
    expect(err.details.reason).toBe('SERVICE_DISABLED');
    expect(err.message).toContain('the API is not enabled');
  });

  it('reports a 5xx as unavailable, HTML as bad_response, a wrong row as bad_response', async () => {
    const broken = await failure(make().runDailyReport(PROPERTY.broken, JUNE_8_TO_13));
    expect(broken.kind).toBe('unavailable');
    expect(broken.message).toBe(
      'Google Analytics failed (HTTP 503, runReport): The service is currently unavailable.',
    );
    const garbage = await failure(make().runDailyReport(PROPERTY.garbage, JUNE_8_TO_13));
    expect(garbage.kind).toBe('bad_response');
    expect(garbage.message).toBe('Google Analytics answered runReport with invalid JSON');
    const malformed = await failure(make().runDailyReport(PROPERTY.malformed, JUNE_8_TO_13));
    expect(malformed.kind).toBe('bad_response');
    expect(malformed.message).toContain('date "2025-06-02" is not YYYYMMDD');
  });

  it('reports a wrong base URL as not_found, a dead server as network, a slow one as timeout', async () => {
    const wrong = await failure(make({ adminBaseUrl: `${local.server.origin}/v1beta` }).listProperties());
    expect(wrong.kind).toBe('not_found');
    const dead = await failure(
      make({ dataBaseUrl: local.deadOrigin }).runDailyReport(PROPERTY.example, JUNE_8_TO_13),
    );
    expect(dead.kind).toBe('network');
    const started = Date.now();
    const slow = await failure(make().runDailyReport(PROPERTY.slow, JUNE_8_TO_13));
    expect(slow.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('is refused by the outbound guard when private addresses are not allowed', async () => {
    await withGuardedFetch(async (guarded) => {
      expect((await failure(make({ safeFetch: guarded }).listProperties())).kind).toBe('refused');
    });
  });
});

describe('GA4 answers outside the seeded ones', () => {
  const odd = useScriptedJsonServer();
  const oddClient = () => make({ dataBaseUrl: odd.origin, adminBaseUrl: odd.origin });

  it('reads a 400 INVALID_ARGUMENT as invalid, quoting Google', async () => {
    odd.replies = [
      [
        400,
        {
          error: {
            code: 400,
            message: 'Field activeUser is not a valid metric.',
            status: 'INVALID_ARGUMENT',
          },
        },
      ],
    ];
    const err = await failure(oddClient().runDailyReport(PROPERTY.example, JUNE_8_TO_13));
    expect(err.kind).toBe('invalid');
    expect(err.message).toBe(
      'Google Analytics refused the request (HTTP 400, runReport): Field activeUser is not a valid metric.',
    );
  });

  it('reads a 403 whose reason is a quota as quota_exceeded', async () => {
    odd.replies = [
      [
        403,
        {
          error: {
            code: 403,
            message: 'Quota exceeded.',
            errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits', message: 'Quota exceeded.' }],
          },
        },
      ],
    ];
    expect((await failure(oddClient().listProperties())).kind).toBe('quota_exceeded');
  });

  it('refuses paging that repeats a page token or overlaps days', async () => {
    odd.replies = [
      [200, { accountSummaries: [], nextPageToken: 'a' }],
      [200, { accountSummaries: [], nextPageToken: 'a' }],
    ];
    expect((await failure(oddClient().listProperties())).message).toContain('a page token came back again');
    const row = { dimensionValues: [{ value: '20250608' }], metricValues: [{ value: '5' }] };
    const page = {
      dimensionHeaders: [{ name: 'date' }],
      metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }],
      rows: [row],
      rowCount: 3,
    };
    odd.replies = [
      [200, page],
      [200, page],
    ];
    const err = await failure(
      oddClient().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { metrics: ['sessions'] }),
    );
    expect(err.kind).toBe('bad_response');
    expect(err.message).toContain('the day 2025-06-08 came twice');
  });

  it('refuses a count that is not an integer and a property without an id', async () => {
    odd.replies = [
      [
        200,
        {
          dimensionHeaders: [{ name: 'date' }],
          metricHeaders: [{ name: 'sessions', type: 'TYPE_INTEGER' }],
          rows: [{ dimensionValues: [{ value: '20250608' }], metricValues: [{ value: '5.5' }] }],
          rowCount: 1,
        },
      ],
      [200, { accountSummaries: [{ account: 'accounts/1', propertySummaries: [{ displayName: 'x' }] }] }],
    ];
    expect(
      (await failure(oddClient().runDailyReport(PROPERTY.example, JUNE_8_TO_13, { metrics: ['sessions'] })))
        .message,
    ).toContain('sessions "5.5" is not a TYPE_INTEGER number');
    expect((await failure(oddClient().listProperties())).message).toContain(
      'accountSummaries[0] propertySummaries[0] has no "property"',
    );
  });
});

describe('createGa4Client', () => {
  it('returns null without a key, throws bad_key for a broken one, builds one otherwise', async () => {
    expect(createGa4Client({ serviceAccountKey: '' }, local.fetch)).toBeNull();
    expect(createGa4Client({ serviceAccountKey: null }, local.fetch)).toBeNull();
    expect(
      thrown(() => createGa4Client({ serviceAccountKey: '{"type":"service_account"}' }, local.fetch)).kind,
    ).toBe('bad_key');
    const built = createGa4Client(
      {
        serviceAccountKey: local.account.keyJson,
        adminBaseUrl: local.server.adminBaseUrl,
        tokenUrl: local.server.tokenUrl,
      },
      local.fetch,
    );
    expect((await built!.listProperties()).map((p) => p.propertyId)).toContain(PROPERTY.example);
  });
});
