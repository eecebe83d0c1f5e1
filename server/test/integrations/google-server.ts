import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/**
 * One loopback server standing in for Google's OAuth token endpoint, the GA4 Data API (runReport), the GA4
 * Admin API (accountSummaries) and the Search Console API (searchAnalytics.query, urlInspection.index.inspect),
 * as INTEGRATIONS §4 and §5 describe them:
 *   POST /token                                              JWT-bearer grant, RS256 checked against the key
 *   POST /analyticsdata/v1beta/properties/{id}:runReport
 *   GET  /analyticsadmin/v1beta/accountSummaries
 *   POST /webmasters/v3/sites/{url-encoded siteUrl}/searchAnalytics/query
 *   POST /v1/urlInspection/index:inspect
 * Errors use Google's JSON envelope ({"error":{"code","message","status",…}}) and the token endpoint's
 * {"error","error_description"}. The data are seeded deterministically; some property ids and sites stand
 * for behaviours (quota, throttling, permission, outage, garbage).
 */

export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
export const GSC_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
const GA4_SCOPES = [GA4_SCOPE, 'https://www.googleapis.com/auth/analytics'];
const GSC_SCOPES = [GSC_SCOPE, 'https://www.googleapis.com/auth/webmasters'];
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** GA4 properties of the seed. */
export const PROPERTY = {
  example: '123456789',
  fresh: '222222222',
  quota: '333333333',
  throttledOnce: '444444444',
  notAUser: '555555555',
  broken: '666666666',
  garbage: '777777777',
  malformed: '888888888',
  slow: '999999999',
  apiDisabled: '101010101',
} as const;

/** Days the example property has data for; the two days in MISSING_GA4_DAYS have none. */
export const GA4_FIRST_DAY = '2025-05-01';
export const GA4_LAST_DAY = '2025-06-30';
export const MISSING_GA4_DAYS = ['2025-06-10', '2025-06-11'];
/** Days the example Search Console property has data for; MISSING_GSC_DAY has none. */
export const GSC_FIRST_DAY = '2025-06-01';
export const GSC_LAST_DAY = '2025-06-30';
export const MISSING_GSC_DAY = '2025-06-15';

export interface TestServiceAccount {
  clientEmail: string;
  privateKeyId: string;
  publicKey: KeyObject;
  /** The key file as Google's console downloads it. */
  keyFile: Record<string, string>;
  keyJson: string;
}

/** A fresh RSA key pair and key file for a service account; nothing is written to disk. */
export function createTestServiceAccount(
  tokenUri: string,
  clientEmail = 'sitefleet-reader@sitefleet-test.iam.gserviceaccount.com',
  privateKeyId = 'f3c9a1b27d0e4c55a8b6e2d1c0ffee0000000001',
): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keyFile = {
    type: 'service_account',
    project_id: 'sitefleet-test',
    private_key_id: privateKeyId,
    private_key: pem,
    client_email: clientEmail,
    client_id: '104729384756102938475',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
  };
  return { clientEmail, privateKeyId, publicKey, keyFile, keyJson: JSON.stringify(keyFile) };
}

export interface GoogleRequest {
  method: string;
  /** Raw path, percent-encoding kept. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Parsed JSON, the form fields of a token request, or the raw text. */
  body: unknown;
}

export type TokenMode = 'normal' | 'unavailable' | 'rate_limited' | 'garbage' | 'no_token';

export interface LocalGoogleServer extends LocalHttpServer {
  tokenUrl: string;
  dataBaseUrl: string;
  adminBaseUrl: string;
  searchConsoleBaseUrl: string;
  requests: GoogleRequest[];
  /** Token requests answered with a token. */
  tokensIssued: () => number;
  registerServiceAccount(account: TestServiceAccount): void;
  /** Forgets every issued token: the APIs answer 401 to them. */
  revokeTokens(): void;
  setTokenLifetime(seconds: number): void;
  setTokenMode(mode: TokenMode): void;
}

type Reply = [status: number, body: unknown, headers?: Record<string, string>];

const googleError = (
  code: number,
  status: string,
  message: string,
  extra: Record<string, unknown> = {},
): [number, unknown] => [code, { error: { code, message, status, ...extra } }];

const tokenError = (status: number, error: string, description: string): Reply => [
  status,
  { error, error_description: description },
];

const NOT_FOUND_HTML =
  '<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error 404 (Not Found)!!1</title>' +
  '<p><b>404.</b> <ins>That’s an error.</ins><p>The requested URL was not found on this server.';

const isDay = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 2000; d = addDays(d, 1)) days.push(d);
  return days;
}

/* ---------------------------------------------------------------- token endpoint */

interface IssuedToken {
  email: string;
  scopes: string[];
  expiresAt: number;
}

interface State {
  accounts: Map<string, TestServiceAccount>;
  tokens: Map<string, IssuedToken>;
  issued: number;
  lifetime: number;
  tokenMode: TokenMode;
  /** Behaviour sites and properties that fail their first request per endpoint. */
  throttled: Map<string, number>;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const BAD_SIGNATURE = tokenError(400, 'invalid_grant', 'Invalid JWT Signature.');
const BAD_TIME = tokenError(
  400,
  'invalid_grant',
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
);

function token(form: URLSearchParams, tokenUrl: string, state: State): Reply {
  switch (state.tokenMode) {
    case 'unavailable':
      return tokenError(503, 'temporarily_unavailable', 'The service is currently unavailable.');
    case 'rate_limited':
      return tokenError(429, 'rate_limit_exceeded', 'Rate limit exceeded.');
    case 'garbage':
      return [200, '<html>Sign in</html>', { 'content-type': 'text/html' }];
    case 'no_token':
      return [200, { token_type: 'Bearer', expires_in: 3599 }];
    default:
      break;
  }
  const grant = form.get('grant_type');
  if (grant !== JWT_BEARER)
    return tokenError(400, 'unsupported_grant_type', `Invalid grant_type: ${grant ?? ''}`);
  const parts = (form.get('assertion') ?? '').split('.');
  if (parts.length !== 3) return tokenError(400, 'invalid_request', 'Invalid JWT format.');
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  const claims = decodeJson(p);
  if (!isRecord(header) || !isRecord(claims) || header.alg !== 'RS256')
    return tokenError(400, 'invalid_request', 'Invalid JWT format.');
  const account = typeof claims.iss === 'string' ? state.accounts.get(claims.iss) : undefined;
  if (!account) return tokenError(400, 'invalid_grant', 'Invalid grant: account not found');
  // A key id the account does not have (deleted key) fails like a bad signature.
  if (header.kid !== undefined && header.kid !== account.privateKeyId) return BAD_SIGNATURE;
  if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), account.publicKey, Buffer.from(s, 'base64url')))
    return BAD_SIGNATURE;
  if (claims.aud !== tokenUrl)
    return tokenError(
      400,
      'invalid_grant',
      `Invalid JWT: Failed audience check. The expected audience is ${tokenUrl}.`,
    );
  const now = Math.floor(Date.now() / 1000);
  const { iat, exp } = claims;
  if (
    typeof iat !== 'number' ||
    typeof exp !== 'number' ||
    exp <= iat ||
    exp - iat > 3600 ||
    iat > now + 300 ||
    exp < now - 300
  )
    return BAD_TIME;
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  if (!scopes.length || scopes.some((sc) => !GA4_SCOPES.includes(sc) && !GSC_SCOPES.includes(sc)))
    return tokenError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
  state.issued += 1;
  const accessToken = `ya29.fake-${state.issued}-${Buffer.from(String(Math.random())).toString('base64url')}`;
  state.tokens.set(accessToken, {
    email: account.clientEmail,
    scopes,
    expiresAt: Date.now() + state.lifetime * 1000,
  });
  return [200, { access_token: accessToken, expires_in: state.lifetime, token_type: 'Bearer' }];
}

/** Checks the Bearer token of an API request; null when it may go on. */
function authorize(req: IncomingMessage, scopes: string[], state: State): Reply | null {
  const auth = req.headers.authorization ?? '';
  const issued = auth.startsWith('Bearer ') ? state.tokens.get(auth.slice(7)) : undefined;
  if (!issued || issued.expiresAt < Date.now())
    return [
      ...googleError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      ),
      { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
    ];
  if (!issued.scopes.some((s) => scopes.includes(s)))
    return googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
        },
      ],
    });
  return null;
}

/* ---------------------------------------------------------------- GA4 Data API */

const GA4_METRIC_TYPES: Record<string, string> = {
  activeUsers: 'TYPE_INTEGER',
  newUsers: 'TYPE_INTEGER',
  totalUsers: 'TYPE_INTEGER',
  sessions: 'TYPE_INTEGER',
  eventCount: 'TYPE_INTEGER',
  screenPageViews: 'TYPE_INTEGER',
  bounceRate: 'TYPE_FLOAT',
  engagementRate: 'TYPE_FLOAT',
  averageSessionDuration: 'TYPE_SECONDS',
};
const RUN_REPORT_FIELDS = [
  'property',
  'dateRanges',
  'dimensions',
  'metrics',
  'dimensionFilter',
  'metricFilter',
  'offset',
  'limit',
  'orderBys',
  'metricAggregations',
  'keepEmptyRows',
  'currencyCode',
  'returnPropertyQuota',
  'cohortSpec',
  'comparisons',
];

/** The seeded figures of a day (all strings, as GA4 sends them). */
function ga4Day(date: string): Record<string, string> {
  const d = dayNumber(date);
  const activeUsers = 300 + ((d * 37) % 120);
  const sessions = activeUsers + 80 + (d % 13);
  const engaged = Math.floor(sessions * (0.5 + (d % 7) / 100));
  return {
    activeUsers: String(activeUsers),
    newUsers: String(Math.floor(activeUsers * 0.7)),
    totalUsers: String(activeUsers + 12),
    sessions: String(sessions),
    eventCount: String(sessions * 6 + (d % 7)),
    screenPageViews: String(sessions * 3),
    bounceRate: String((sessions - engaged) / sessions),
    engagementRate: String(engaged / sessions),
    averageSessionDuration: String(60 + ((d * 7) % 45) + 0.25),
  };
}

const ga4Invalid = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);

class Invalid extends Error {}

function checkRunReport(body: unknown) {
  if (!isRecord(body)) throw new Invalid('Invalid JSON payload received. Expected an object.');
  for (const name of Object.keys(body))
    if (!RUN_REPORT_FIELDS.includes(name))
      throw new Invalid(`Invalid JSON payload received. Unknown name "${name}": Cannot find field.`);
  const ranges = body.dateRanges;
  if (!Array.isArray(ranges) || ranges.length < 1 || ranges.length > 4)
    throw new Invalid('A report request must have between 1 and 4 date ranges.');
  if (ranges.length > 1) throw new Invalid('this fake answers one date range only');
  const range: unknown = ranges[0];
  if (!isRecord(range) || !isDay(range.startDate) || !isDay(range.endDate))
    throw new Invalid('Invalid date range: startDate and endDate must be YYYY-MM-DD (this fake).');
  if (range.endDate < range.startDate) throw new Invalid('The date range endDate is before its startDate.');
  const metrics = body.metrics;
  if (!Array.isArray(metrics) || metrics.length < 1 || metrics.length > 10)
    throw new Invalid('A report request must have between 1 and 10 metrics.');
  const names: string[] = [];
  for (const m of metrics) {
    const name: unknown = isRecord(m) ? m.name : undefined;
    if (typeof name === 'string' && GA4_METRIC_TYPES[name]) names.push(name);
    else
      throw new Invalid(
        `Field ${String(name)} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `,
      );
  }
  const dimensions = body.dimensions ?? [];
  if (
    !Array.isArray(dimensions) ||
    dimensions.length > 1 ||
    dimensions.some((dim) => !isRecord(dim) || dim.name !== 'date')
  )
    throw new Invalid('this fake implements only the date dimension');
  for (const field of ['limit', 'offset']) {
    const value = body[field];
    if (value === undefined) continue;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      throw new Invalid(`${field} must be a non-negative integer.`);
    if (field === 'limit' && (n === 0 || n > 250_000))
      throw new Invalid('limit must be positive and at most 250000.');
  }
  let host: string | null = null;
  if (body.dimensionFilter !== undefined) {
    const f = isRecord(body.dimensionFilter) ? body.dimensionFilter.filter : undefined;
    const sf = isRecord(f) ? f.stringFilter : undefined;
    if (!isRecord(f) || f.fieldName !== 'hostName' || !isRecord(sf) || sf.matchType !== 'EXACT')
      throw new Invalid('this fake implements only an EXACT hostName filter');
    host = String(sf.value);
  }
  const orderBys = body.orderBys ?? [];
  const byDate =
    Array.isArray(orderBys) &&
    orderBys.length === 1 &&
    isRecord(orderBys[0]) &&
    isRecord(orderBys[0].dimension) &&
    orderBys[0].dimension.dimensionName === 'date' &&
    orderBys[0].desc !== true;
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    metrics: names,
    withDate: dimensions.length === 1,
    limit: Number(body.limit ?? 10_000),
    offset: Number(body.offset ?? 0),
    host,
    byDate,
  };
}

function runReport(property: string, body: unknown, state: State): Reply | 'slow' {
  switch (property) {
    case PROPERTY.quota:
      return googleError(
        429,
        'RESOURCE_EXHAUSTED',
        'Exhausted property tokens per day quota. These quota tokens will return in under 24 hours. To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas',
      );
    case PROPERTY.throttledOnce: {
      const seen = state.throttled.get(`ga4:${property}`) ?? 0;
      state.throttled.set(`ga4:${property}`, seen + 1);
      if (seen === 0)
        return [
          ...googleError(
            429,
            'RESOURCE_EXHAUSTED',
            'Exhausted concurrent requests quota. Reduce the number of concurrent requests. To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas',
          ),
          { 'retry-after': '1' },
        ];
      break;
    }
    case PROPERTY.broken:
      return googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.');
    case PROPERTY.garbage:
      return [200, '<html><body>Temporarily unavailable</body></html>', { 'content-type': 'text/html' }];
    case PROPERTY.slow:
      return 'slow';
    case PROPERTY.apiDisabled:
      return googleError(
        403,
        'PERMISSION_DENIED',
        'Google Analytics Data API has not been used in project 104729384756 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/analyticsdata.googleapis.com/overview?project=104729384756 then retry.',
        {
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'SERVICE_DISABLED',
              domain: 'googleapis.com',
              metadata: { service: 'analyticsdata.googleapis.com', consumer: 'projects/104729384756' },
            },
          ],
        },
      );
    case PROPERTY.example:
    case PROPERTY.fresh:
    case PROPERTY.malformed:
      break;
    default:
      // Also what GA4 answers for a property id that does not exist.
      return googleError(
        403,
        'PERMISSION_DENIED',
        'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
      );
  }
  let q: ReturnType<typeof checkRunReport>;
  try {
    q = checkRunReport(body);
  } catch (err) {
    if (err instanceof Invalid) return ga4Invalid(err.message);
    throw err;
  }
  const hasData = property !== PROPERTY.fresh && (q.host === null || q.host === 'example.com');
  const days = hasData
    ? daysBetween(q.startDate, q.endDate).filter(
        (d) => d >= GA4_FIRST_DAY && d <= GA4_LAST_DAY && !MISSING_GA4_DAYS.includes(d),
      )
    : [];
  let rows = q.withDate
    ? days.map((d) => {
        const fig = ga4Day(d);
        return {
          dimensionValues: [{ value: d.replaceAll('-', '') }],
          metricValues: q.metrics.map((m) => ({ value: fig[m]! })),
        };
      })
    : [];
  // Without an order GA4 picks its own: the fake puts the biggest first metric first.
  if (!q.byDate)
    rows = [...rows].sort((a, b) => Number(b.metricValues[0]!.value) - Number(a.metricValues[0]!.value));
  if (property === PROPERTY.malformed && rows.length) {
    rows = rows.slice(0, 2);
    rows[1] = { dimensionValues: [{ value: '2025-06-02' }], metricValues: rows[1]!.metricValues };
  }
  const page = rows.slice(q.offset, q.offset + q.limit);
  return [
    200,
    {
      dimensionHeaders: q.withDate ? [{ name: 'date' }] : [],
      metricHeaders: q.metrics.map((name) => ({ name, type: GA4_METRIC_TYPES[name] })),
      ...(page.length ? { rows: page } : {}),
      ...(rows.length ? { rowCount: rows.length } : {}),
      metadata: { currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
      kind: 'analyticsData#runReport',
    },
  ];
}

/* ---------------------------------------------------------------- GA4 Admin API */

interface SeedSummary {
  name: string;
  account: string;
  displayName: string;
  propertySummaries?: Array<{ id: string; displayName: string; parent: string; type?: string }>;
}

const ACCOUNT_SUMMARIES: SeedSummary[] = [
  {
    name: 'accountSummaries/111',
    account: 'accounts/111',
    displayName: 'Agency',
    propertySummaries: [
      { id: PROPERTY.example, displayName: 'example.com', parent: 'accounts/111' },
      { id: PROPERTY.fresh, displayName: 'fresh-site.nl', parent: 'accounts/111' },
    ],
  },
  // An account without properties: the key is left out.
  { name: 'accountSummaries/222', account: 'accounts/222', displayName: 'Empty account' },
  {
    name: 'accountSummaries/333',
    account: 'accounts/333',
    displayName: 'Clients',
    propertySummaries: [
      { id: PROPERTY.throttledOnce, displayName: 'busy-shop.de', parent: 'accounts/333' },
      {
        id: '314159265',
        displayName: 'busy-shop.de (NL roll-up)',
        parent: `properties/${PROPERTY.throttledOnce}`,
        type: 'PROPERTY_TYPE_SUBPROPERTY',
      },
    ],
  },
  {
    name: 'accountSummaries/444',
    account: 'accounts/444',
    displayName: 'Legacy',
    propertySummaries: [{ id: '271828182', displayName: 'old-blog.net', parent: 'accounts/444' }],
  },
];

function accountSummaries(query: URLSearchParams): Reply {
  const sizeText = query.get('pageSize');
  const size = sizeText === null ? 50 : Number(sizeText);
  if (!Number.isInteger(size) || size < 0) return ga4Invalid('page_size must be a non-negative integer.');
  // 0 means the default; above 200 is lowered to 200.
  const pageSize = size === 0 ? 50 : Math.min(size, 200);
  let offset = 0;
  const tokenText = query.get('pageToken');
  if (tokenText) {
    const parsed = decodeJson(tokenText);
    if (!isRecord(parsed) || typeof parsed.o !== 'number' || parsed.s !== pageSize)
      return ga4Invalid('The page token is invalid or does not match the other request parameters.');
    offset = parsed.o;
  }
  const summaries = ACCOUNT_SUMMARIES.slice(offset, offset + pageSize).map((s) => ({
    name: s.name,
    account: s.account,
    displayName: s.displayName,
    ...(s.propertySummaries
      ? {
          propertySummaries: s.propertySummaries.map((p) => ({
            property: `properties/${p.id}`,
            displayName: p.displayName,
            propertyType: p.type ?? 'PROPERTY_TYPE_ORDINARY',
            parent: p.parent,
          })),
        }
      : {}),
  }));
  const next = offset + pageSize < ACCOUNT_SUMMARIES.length;
  return [
    200,
    {
      accountSummaries: summaries,
      ...(next
        ? {
            nextPageToken: Buffer.from(JSON.stringify({ o: offset + pageSize, s: pageSize })).toString(
              'base64url',
            ),
          }
        : {}),
    },
  ];
}

/* ---------------------------------------------------------------- Search Console */

/** The service account's permission on each property (what GET /webmasters/v3/sites would list). */
const SITE_PERMISSIONS: Record<string, string> = {
  'sc-domain:example.com': 'siteFullUser',
  'https://www.example.org/': 'siteRestrictedUser',
  'https://unverified.example/': 'siteUnverifiedUser',
  'sc-domain:fresh-site.nl': 'siteFullUser',
  'sc-domain:throttled-once.example': 'siteFullUser',
  'sc-domain:quota.example': 'siteFullUser',
  'sc-domain:throttled-long.example': 'siteFullUser',
  'sc-domain:broken.example': 'siteFullUser',
  'sc-domain:garbage.example': 'siteFullUser',
  'sc-domain:malformed.example': 'siteFullUser',
  'sc-domain:slow.example': 'siteFullUser',
};

const QUERIES = [
  'wordpress hosting',
  'managed wordpress',
  'example hosting',
  'cheap hosting',
  'wp migration',
];
const COUNTRIES = ['usa', 'deu', 'nld'];
const DEVICES = ['DESKTOP', 'MOBILE', 'TABLET'];

interface Fact {
  date: string;
  query: string;
  page: string;
  country: string;
  device: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** The seeded search facts of a property: one per (day, query, page, country, device) that has traffic. */
function facts(site: string): Fact[] {
  const pages =
    site === 'sc-domain:example.com'
      ? [
          'https://example.com/',
          'https://example.com/pricing/',
          'https://www.example.com/blog/setup/',
          'https://example.com/docs/',
        ]
      : site === 'https://www.example.org/'
        ? ['https://www.example.org/', 'https://www.example.org/about/']
        : [];
  const out: Fact[] = [];
  if (!pages.length) return out;
  for (const date of daysBetween(GSC_FIRST_DAY, GSC_LAST_DAY)) {
    if (date === MISSING_GSC_DAY) continue;
    const d = dayNumber(date);
    QUERIES.forEach((query, qi) =>
      pages.forEach((page, pi) =>
        COUNTRIES.forEach((country, ci) =>
          DEVICES.forEach((device, di) => {
            const h = (d * 31 + qi * 17 + pi * 13 + ci * 7 + di * 3) % 23;
            if (h % 4 === 0) return;
            const impressions = 5 + h * 3 + (qi === 0 ? 40 : 0);
            out.push({
              date,
              query,
              page,
              country,
              device,
              clicks: Math.floor(impressions / (4 + qi + di)),
              impressions,
              position: 1 + ((h * 7 + qi * 5) % 40) / 4,
            });
          }),
        ),
      ),
    );
  }
  return out;
}

const SEARCH_FIELDS = [
  'startDate',
  'endDate',
  'dimensions',
  'type',
  'searchType',
  'dimensionFilterGroups',
  'aggregationType',
  'rowLimit',
  'startRow',
  'dataState',
];
type FactDimension = 'date' | 'query' | 'page' | 'country' | 'device';
const FACT_DIMENSIONS: FactDimension[] = ['date', 'query', 'page', 'country', 'device'];
const SEARCH_DIMS = ['date', 'query', 'page', 'country', 'device', 'searchAppearance', 'hour'];

function gscError(code: number, status: string, message: string, reason: string): Reply {
  return googleError(code, status, message, { errors: [{ message, domain: 'global', reason }] });
}
const gscInvalid = (message: string) => gscError(400, 'INVALID_ARGUMENT', message, 'badRequest');

const permissionDenied = (site: string) =>
  gscError(
    403,
    'PERMISSION_DENIED',
    `User does not have sufficient permission for site '${site}'. See also: https://support.google.com/webmasters/answer/2451999.`,
    'forbidden',
  );

const QUOTA_MESSAGE = 'Search Analytics load quota exceeded. Please try again later.';

/** The behaviours shared by both Search Console endpoints; null when the site answers with data. */
function siteBehaviour(site: string, endpoint: string, state: State): Reply | 'slow' | null {
  const permission = SITE_PERMISSIONS[site];
  if (!permission || permission === 'siteUnverifiedUser') return permissionDenied(site);
  const quota = (headers: Record<string, string> = {}): Reply => [
    ...googleError(429, 'RESOURCE_EXHAUSTED', QUOTA_MESSAGE, {
      errors: [{ message: QUOTA_MESSAGE, domain: 'usageLimits', reason: 'quotaExceeded' }],
    }),
    headers,
  ];
  switch (site) {
    case 'sc-domain:throttled-once.example': {
      const key = `${endpoint}:${site}`;
      const seen = state.throttled.get(key) ?? 0;
      state.throttled.set(key, seen + 1);
      return seen === 0 ? quota({ 'retry-after': '1' }) : null;
    }
    case 'sc-domain:quota.example':
      return quota();
    case 'sc-domain:throttled-long.example':
      return quota({ 'retry-after': '900' });
    case 'sc-domain:broken.example':
      return gscError(500, 'INTERNAL', 'Internal error encountered.', 'backendError');
    case 'sc-domain:garbage.example':
      return [200, '<html><body>Bad gateway</body></html>', { 'content-type': 'text/html' }];
    case 'sc-domain:slow.example':
      return 'slow';
    default:
      return null;
  }
}

function searchAnalytics(site: string, body: unknown, state: State): Reply | 'slow' {
  const special = siteBehaviour(site, 'query', state);
  if (special) return special;
  if (!isRecord(body)) return gscInvalid('Invalid JSON payload received.');
  for (const name of Object.keys(body))
    if (!SEARCH_FIELDS.includes(name))
      return gscInvalid(`Invalid JSON payload received. Unknown name "${name}": Cannot find field.`);
  if (body.startDate === undefined) return gscInvalid('startDate field is required.');
  if (body.endDate === undefined) return gscInvalid('endDate field is required.');
  if (!isDay(body.startDate) || !isDay(body.endDate))
    return gscInvalid('Invalid date: dates must be in YYYY-MM-DD format.');
  if (body.endDate < body.startDate) return gscInvalid('endDate must not be before startDate.');
  const dims: unknown = body.dimensions ?? [];
  if (!Array.isArray(dims) || dims.some((d) => typeof d !== 'string' || !SEARCH_DIMS.includes(d)))
    return gscInvalid('Invalid dimension.');
  const dimensions = dims.filter((d): d is FactDimension => FACT_DIMENSIONS.some((f) => f === d));
  if (dimensions.length !== dims.length)
    return gscInvalid('this fake does not implement searchAppearance or hour');
  const rowLimit = body.rowLimit ?? 1000;
  if (typeof rowLimit !== 'number' || !Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > 25_000)
    return gscInvalid('rowLimit must be between 1 and 25000.');
  const startRow = body.startRow ?? 0;
  if (typeof startRow !== 'number' || !Number.isInteger(startRow) || startRow < 0)
    return gscInvalid('startRow must be a non-negative integer.');
  const type = body.type ?? body.searchType ?? 'web';
  if (!['web', 'image', 'video', 'news', 'discover', 'googleNews'].includes(String(type)))
    return gscInvalid(`Invalid search type: ${String(type)}`);
  const dataState = body.dataState ?? 'final';
  if (!['final', 'all'].includes(String(dataState))) return gscInvalid('Invalid dataState.');
  if (body.dimensionFilterGroups !== undefined)
    return gscInvalid('this fake does not implement dimensionFilterGroups');

  const start = body.startDate;
  const end = body.endDate;
  const source = site === 'sc-domain:malformed.example' ? facts('sc-domain:example.com') : facts(site);
  const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; weighted: number }>();
  // Only web search has traffic in the seed.
  for (const f of type === 'web' ? source : []) {
    if (f.date < start || f.date > end) continue;
    const keys = dimensions.map((d) => String(f[d]));
    const id = JSON.stringify(keys);
    const g = groups.get(id) ?? { keys, clicks: 0, impressions: 0, weighted: 0 };
    g.clicks += f.clicks;
    g.impressions += f.impressions;
    g.weighted += f.position * f.impressions;
    groups.set(id, g);
  }
  const all = [...groups.values()]
    .sort(
      (a, b) =>
        b.clicks - a.clicks ||
        b.impressions - a.impressions ||
        (a.keys.join('\u0000') < b.keys.join('\u0000') ? -1 : 1),
    )
    .map((g) => ({
      ...(dimensions.length ? { keys: g.keys } : {}),
      clicks: g.clicks,
      impressions: g.impressions,
      ctr: g.impressions ? g.clicks / g.impressions : 0,
      position: g.impressions ? g.weighted / g.impressions : 0,
    }));
  let rows: unknown[] = all.slice(startRow, startRow + rowLimit);
  if (site === 'sc-domain:malformed.example' && rows.length)
    rows = [{ keys: ['2025-06-01'], clicks: '12', impressions: 40, ctr: 0.3, position: 2 }];
  return [
    200,
    {
      ...(rows.length ? { rows } : {}),
      responseAggregationType: dimensions.includes('page') ? 'byPage' : 'byProperty',
      ...(dataState === 'all' ? { metadata: { first_incomplete_date: '2025-06-29' } } : {}),
    },
  ];
}

/** A URL belongs to a Domain property on the domain or a subdomain, to a URL-prefix one below the prefix. */
function inProperty(site: string, url: string): boolean {
  if (!URL.canParse(url)) return false;
  if (site.startsWith('sc-domain:')) {
    const domain = site.slice('sc-domain:'.length);
    const host = new URL(url).hostname;
    return host === domain || host.endsWith(`.${domain}`);
  }
  return url.startsWith(site);
}

const LINK = 'https://search.google.com/search-console/inspect';

function inspection(body: unknown, state: State): Reply | 'slow' {
  if (!isRecord(body)) return gscInvalid('Invalid JSON payload received.');
  for (const name of Object.keys(body))
    if (!['inspectionUrl', 'siteUrl', 'languageCode'].includes(name))
      return gscInvalid(`Invalid JSON payload received. Unknown name "${name}": Cannot find field.`);
  const { inspectionUrl, siteUrl, languageCode } = body;
  if (typeof siteUrl !== 'string' || typeof inspectionUrl !== 'string')
    return gscInvalid('inspectionUrl and siteUrl are required.');
  const special = siteBehaviour(siteUrl, 'inspect', state);
  if (special) return special;
  if (!inProperty(siteUrl, inspectionUrl)) return gscInvalid('Request contains an invalid argument.');
  const path = new URL(inspectionUrl).pathname;
  const link = `${LINK}?resource_id=${encodeURIComponent(siteUrl)}&id=${Buffer.from(inspectionUrl).toString('base64url').slice(0, 12)}`;
  const german = languageCode === 'de-DE';
  let indexStatusResult: Record<string, unknown>;
  switch (path) {
    case '/':
    case '/pricing/':
      indexStatusResult = {
        verdict: 'PASS',
        coverageState: german ? 'Gesendet und indexiert' : 'Submitted and indexed',
        robotsTxtState: 'ALLOWED',
        indexingState: 'INDEXING_ALLOWED',
        lastCrawlTime: path === '/' ? '2025-06-05T08:12:33Z' : '2025-06-03T22:01:09.123456Z',
        pageFetchState: 'SUCCESSFUL',
        googleCanonical: path === '/' ? inspectionUrl : new URL('/', inspectionUrl).href,
        userCanonical: inspectionUrl,
        sitemap: [new URL('/sitemap_index.xml', inspectionUrl).href],
        referringUrls: [new URL('/blog/setup/', inspectionUrl).href],
        crawledAs: 'MOBILE',
      };
      break;
    case '/new-page/':
      indexStatusResult = { verdict: 'NEUTRAL', coverageState: 'URL is unknown to Google' };
      break;
    case '/private/':
      indexStatusResult = {
        verdict: 'NEUTRAL',
        coverageState: 'Blocked by robots.txt',
        robotsTxtState: 'DISALLOWED',
        indexingState: 'INDEXING_STATE_UNSPECIFIED',
        pageFetchState: 'BLOCKED_ROBOTS_TXT',
        crawledAs: 'MOBILE',
      };
      break;
    case '/gone/':
      indexStatusResult = {
        verdict: 'FAIL',
        coverageState: 'Not found (404)',
        robotsTxtState: 'ALLOWED',
        indexingState: 'INDEXING_ALLOWED',
        lastCrawlTime: '2025-05-28T04:40:00Z',
        pageFetchState: 'NOT_FOUND',
        crawledAs: 'DESKTOP',
      };
      break;
    default:
      indexStatusResult = {
        verdict: 'NEUTRAL',
        coverageState: 'Crawled - currently not indexed',
        robotsTxtState: 'ALLOWED',
        indexingState: 'INDEXING_ALLOWED',
        lastCrawlTime: '2025-06-01T11:00:00Z',
        pageFetchState: 'SUCCESSFUL',
        userCanonical: inspectionUrl,
        crawledAs: 'MOBILE',
      };
  }
  if (siteUrl === 'sc-domain:malformed.example')
    indexStatusResult = { verdict: 'INDEXED', coverageState: 'Submitted and indexed' };
  return [
    200,
    {
      inspectionResult: {
        inspectionResultLink: link,
        indexStatusResult,
        mobileUsabilityResult: { verdict: 'VERDICT_UNSPECIFIED' },
      },
    },
  ];
}

/* ---------------------------------------------------------------- server */

function send(res: ServerResponse, [status, body, headers]: Reply) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function startGoogleServer(host = '127.0.0.1'): Promise<LocalGoogleServer> {
  const requests: GoogleRequest[] = [];
  const state: State = {
    accounts: new Map(),
    tokens: new Map(),
    issued: 0,
    lifetime: 3599,
    tokenMode: 'normal',
    throttled: new Map(),
  };
  let tokenUrl = '';

  async function route(req: IncomingMessage, url: URL, text: string): Promise<Reply | 'slow'> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/token') {
      if (method !== 'POST') return [405, 'Method Not Allowed', { 'content-type': 'text/plain' }];
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return tokenError(400, 'invalid_request', 'Invalid content type.');
      return token(new URLSearchParams(text), tokenUrl, state);
    }
    const body = parseJson(text);
    const report = /^\/analyticsdata\/v1beta\/properties\/([^/:]+):runReport$/.exec(path);
    if (report && method === 'POST')
      return authorize(req, GA4_SCOPES, state) ?? runReport(decodeURIComponent(report[1]!), body, state);
    if (path === '/analyticsadmin/v1beta/accountSummaries' && method === 'GET')
      return authorize(req, GA4_SCOPES, state) ?? accountSummaries(url.searchParams);
    const query = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(path);
    if (query && method === 'POST')
      return authorize(req, GSC_SCOPES, state) ?? searchAnalytics(decodeURIComponent(query[1]!), body, state);
    if (path === '/v1/urlInspection/index:inspect' && method === 'POST')
      return authorize(req, GSC_SCOPES, state) ?? inspection(body, state);
    return [404, NOT_FOUND_HTML, { 'content-type': 'text/html; charset=UTF-8' }];
  }

  const server = await startHttpServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const text = await readBody(req);
      const contentType = req.headers['content-type'];
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        contentType,
        body: contentType?.startsWith('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(text))
          : text
            ? (parseJson(text) ?? text)
            : undefined,
      });
      const reply = await route(req, url, text);
      if (reply === 'slow')
        return void setTimeout(() => send(res, googleError(500, 'INTERNAL', 'too late')), 3_000).unref();
      send(res, reply);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  }, host);
  tokenUrl = `${server.origin}/token`;
  return {
    ...server,
    tokenUrl,
    dataBaseUrl: `${server.origin}/analyticsdata/v1beta`,
    adminBaseUrl: `${server.origin}/analyticsadmin/v1beta`,
    searchConsoleBaseUrl: server.origin,
    requests,
    tokensIssued: () => state.issued,
    registerServiceAccount: (account) => void state.accounts.set(account.clientEmail, account),
    revokeTokens: () => state.tokens.clear(),
    setTokenLifetime: (seconds) => {
      state.lifetime = seconds;
    },
    setTokenMode: (mode) => {
      state.tokenMode = mode;
    },
  };
}
