import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/** A key with API access and units left. */
export const AHREFS_KEY = 'ahr-test-7c1e5a9b3d42';
/** A valid key of a workspace whose monthly API-unit budget is spent. */
export const AHREFS_KEY_SPENT = 'ahr-test-spent-0b2f66';
/** A valid key of a plan without API access (only free test queries). */
export const AHREFS_KEY_NO_API = 'ahr-test-lite-91ce08';
/** The last day the fake has data for: history without date_to ends here. */
export const FAKE_LAST_DAY = '2025-06-30';

export interface AhrefsRequest {
  /** Path after /v3/, e.g. "site-explorer/domain-rating". */
  endpoint: string;
  params: URLSearchParams;
  authorization: string | undefined;
  accept: string | undefined;
}

export interface LocalAhrefsServer extends LocalHttpServer {
  /** Every request that reached an endpoint, in order. */
  requests: AhrefsRequest[];
}

type Row = Record<string, string | number | boolean | null>;
type Reply = [status: number, body: unknown, headers?: Record<string, string>];

interface Backlink {
  url_from: string;
  url_to: string;
  anchor: string;
  domain_rating_source: number;
  first_seen: string;
  first_seen_link: string;
  /** Set when the link was lost. */
  last_seen: string | null;
  is_dofollow: boolean;
  traffic: number;
}

interface Seed {
  /** First day with data: snapshots before it are 404, history starts there. */
  since: string;
  domainRating: number;
  ahrefsRank: number | null;
  stats: { live: number; all_time: number; live_refdomains: number; all_time_refdomains: number };
  metrics: Record<string, number | null>;
  drOn: (monthsSinceStart: number) => number;
  refdomainsOn: (daysSinceStart: number) => number;
  backlinks: Backlink[];
}

const link = (
  url_from: string,
  url_to: string,
  anchor: string,
  domain_rating_source: number,
  first_seen_link: string,
  extra: Partial<Backlink> = {},
): Backlink => ({
  url_from,
  url_to,
  anchor,
  domain_rating_source,
  first_seen: first_seen_link.slice(0, 10),
  first_seen_link,
  last_seen: null,
  is_dofollow: true,
  traffic: 120,
  ...extra,
});

const EXAMPLE: Seed = {
  since: '2020-01-01',
  domainRating: 41.0,
  ahrefsRank: 812345,
  stats: { live: 1532, all_time: 20411, live_refdomains: 188, all_time_refdomains: 1020 },
  metrics: {
    org_keywords: 4120,
    org_keywords_1_3: 211,
    org_traffic: 18800,
    org_cost: 1234500,
    paid_keywords: 0,
    paid_traffic: 0,
    paid_cost: 0,
    paid_pages: 0,
  },
  drOn: (months) => Math.round(350 + months) / 10,
  refdomainsOn: (days) => 100 + Math.floor(days / 20),
  backlinks: [
    link(
      'https://www.somesite.com/resources',
      'https://example.com/',
      'Example Inc',
      55,
      '2025-05-01T11:20:00Z',
    ),
    link(
      'https://news.dutchdaily.nl/tech/hosting-review',
      'https://example.com/',
      'example hosting',
      62.5,
      '2025-06-18T09:41:07Z',
    ),
    link(
      'https://www.fachblog.de/links',
      'https://www.example.com/pricing',
      'Preise',
      38,
      '2025-06-15T17:03:12Z',
      { is_dofollow: false },
    ),
    // An image link: no anchor text.
    link(
      'https://directory.example.org/web/hosting?page=2',
      'https://example.com/',
      '',
      45.1,
      '2025-06-12T06:00:00Z',
    ),
    link(
      'https://shop.partner.co.uk/resources',
      'https://example.com/guides/setup',
      'setup guide',
      51,
      '2025-06-10T12:30:00Z',
    ),
    link(
      'https://xn--bcher-kva.de/empfehlungen',
      'https://example.com/',
      'Example',
      12.4,
      '2025-06-08T22:15:41Z',
    ),
    // A sitewide link: "similar_links" counts it once.
    link(
      'https://links.webring.net/page/1',
      'https://example.com/',
      'example.com',
      20,
      '2025-06-05T10:00:00Z',
    ),
    link(
      'https://links.webring.net/page/2',
      'https://example.com/',
      'example.com',
      20,
      '2025-06-04T10:00:00Z',
    ),
    // Points at a subdomain: only in mode=subdomains.
    link(
      'https://www.reviews.example.io/hosts',
      'https://blog.example.com/post-1',
      'great post',
      70,
      '2025-06-17T08:00:00Z',
    ),
    // Points at the http:// site: left out by protocol=https.
    link(
      'http://old-forum.info/thread/991',
      'http://example.com/',
      'click here',
      8.2,
      '2025-05-30T14:45:00Z',
    ),
    // Lost: only with history=all_time or since:.
    link('https://gone.example.net/post', 'https://example.com/', 'lost link', 33, '2025-06-19T00:00:00Z', {
      last_seen: '2025-06-21T00:00:00Z',
    }),
    link(
      'https://universiteit.example.edu/bronnen',
      'https://example.com/about',
      'Example about',
      77.7,
      '2025-05-20T07:07:07Z',
    ),
  ],
};

const FRESH: Seed = {
  since: '2025-03-01',
  domainRating: 0,
  ahrefsRank: null,
  stats: { live: 0, all_time: 0, live_refdomains: 0, all_time_refdomains: 0 },
  metrics: {
    org_keywords: 0,
    org_keywords_1_3: 0,
    org_traffic: 0,
    org_cost: null,
    paid_keywords: 0,
    paid_traffic: 0,
    paid_cost: null,
    paid_pages: 0,
  },
  drOn: () => 0,
  refdomainsOn: () => 0,
  backlinks: [],
};

const SEEDS: Record<string, Seed> = {
  'example.com': EXAMPLE,
  'fresh-site.nl': FRESH,
  // Answers as example.com once each endpoint's first request has been throttled.
  'throttled-once.example': EXAMPLE,
};

/** Field costs in API units per row (INTEGRATIONS §3): 1 unless listed. */
const FIELD_COST: Record<string, number> = {
  traffic: 10,
  org_traffic: 10,
  org_cost: 10,
  paid_traffic: 10,
  paid_cost: 10,
  live_refdomains: 5,
  all_time_refdomains: 5,
  refdomains: 5,
};
const BACKLINK_FIELDS = [
  'url_from',
  'url_to',
  'anchor',
  'domain_rating_source',
  'first_seen',
  'first_seen_link',
  'last_seen',
  'is_dofollow',
  'traffic',
  'name_source',
  'link_group_count',
];

const SCOPE = ['mode', 'protocol'];
/** Accepted parameters of each endpoint (from the official SDK's parameter tables); the first are required. */
const ENDPOINTS: Record<string, { required: string[]; optional: string[] }> = {
  'site-explorer/domain-rating': { required: ['target', 'date'], optional: ['protocol', 'output'] },
  'site-explorer/backlinks-stats': { required: ['target', 'date'], optional: [...SCOPE, 'output'] },
  'site-explorer/metrics': {
    required: ['target', 'date'],
    optional: [...SCOPE, 'country', 'volume_mode', 'output'],
  },
  'site-explorer/domain-rating-history': {
    required: ['target', 'date_from'],
    optional: ['date_to', 'history_grouping', 'output'],
  },
  'site-explorer/refdomains-history': {
    required: ['target', 'date_from'],
    optional: ['date_to', 'history_grouping', ...SCOPE, 'output'],
  },
  'site-explorer/all-backlinks': {
    required: ['target', 'select'],
    optional: [
      ...SCOPE,
      'limit',
      'offset',
      'order_by',
      'where',
      'aggregation',
      'history',
      'timeout',
      'output',
    ],
  },
};

const ENUMS: Record<string, string[]> = {
  mode: ['exact', 'prefix', 'domain', 'subdomains'],
  protocol: ['both', 'http', 'https'],
  history_grouping: ['daily', 'weekly', 'monthly'],
  aggregation: ['similar_links', '1_per_domain', 'all'],
  volume_mode: ['monthly', 'average'],
  output: ['json', 'csv', 'xml', 'php'],
};

const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

class BadRequest extends Error {}

/** Checks the query against the endpoint's parameter list the way the API does: 400 with an error string. */
function validate(endpoint: string, params: URLSearchParams) {
  const spec = ENDPOINTS[endpoint]!;
  for (const name of params.keys())
    if (!spec.required.includes(name) && !spec.optional.includes(name))
      throw new BadRequest(`unknown parameter: ${name}`);
  for (const name of spec.required) if (!params.get(name)) throw new BadRequest(`missing parameter: ${name}`);
  for (const [name, allowed] of Object.entries(ENUMS)) {
    const value = params.get(name);
    if (value !== null && !allowed.includes(value)) throw new BadRequest(`invalid ${name}: ${value}`);
  }
  for (const name of ['date', 'date_from', 'date_to']) {
    const value = params.get(name);
    if (value !== null && !isDate(value)) throw new BadRequest(`invalid date: ${value}`);
  }
  const from = params.get('date_from');
  const to = params.get('date_to');
  if (from && to && to < from) throw new BadRequest('date_to is before date_from');
  const country = params.get('country');
  if (country !== null && !/^[a-z]{2}$/i.test(country)) throw new BadRequest(`invalid country: ${country}`);
  for (const name of ['limit', 'offset', 'timeout']) {
    const value = params.get(name);
    if (value !== null && !/^\d+$/.test(value)) throw new BadRequest(`invalid ${name}: ${value}`);
  }
  if (params.get('limit') === '0') throw new BadRequest('invalid limit: 0');
  const history = params.get('history');
  if (history !== null && !/^(live|all_time|since:\d{4}-\d{2}-\d{2})$/.test(history))
    throw new BadRequest(`invalid history: ${history}`);
  if (params.get('output') && params.get('output') !== 'json')
    throw new BadRequest('this fake answers output=json only');
  if (params.get('where')) throw new BadRequest('this fake does not implement where');
}

/** Host and path of a target (domain or URL), lower-case host, no "www." — or null when it is neither. */
function parseTarget(target: string): { host: string; path: string } | null {
  const withScheme = /^https?:\/\//i.test(target) ? target : `http://${target}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return HOST.test(host) ? { host, path: url.pathname } : null;
}

const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The dates a history report has points on: every day, every Monday, or every first of the month. */
function historyDates(from: string, to: string, grouping: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to && dates.length < 4000; d = addDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (
      grouping === 'daily' ||
      (grouping === 'weekly' && weekday === 1) ||
      (grouping === 'monthly' && d.endsWith('-01'))
    )
      dates.push(d);
  }
  return dates;
}

function history(seed: Seed, params: URLSearchParams, endpoint: string): Row[] {
  const from = params.get('date_from')!;
  const start = from < seed.since ? seed.since : from;
  const dates = historyDates(
    start,
    params.get('date_to') ?? FAKE_LAST_DAY,
    params.get('history_grouping') ?? 'monthly',
  );
  return endpoint.endsWith('domain-rating-history')
    ? dates.map((date) => ({ date, domain_rating: seed.drOn(monthsBetween(seed.since, date)) }))
    : dates.map((date) => ({ date, refdomains: seed.refdomainsOn(daysBetween(seed.since, date)) }));
}

/** Whether a link's target URL is inside the report's scope (mode and protocol). */
function inScope(to: string, target: { host: string; path: string }, params: URLSearchParams): boolean {
  const url = new URL(to);
  const protocol = params.get('protocol') ?? 'both';
  if (protocol !== 'both' && url.protocol !== `${protocol}:`) return false;
  const host = url.hostname.replace(/^www\./, '');
  switch (params.get('mode') ?? 'subdomains') {
    case 'exact':
      return host === target.host && url.pathname === target.path;
    case 'prefix':
      return host === target.host && url.pathname.startsWith(target.path);
    case 'domain':
      return host === target.host;
    default:
      return host === target.host || host.endsWith(`.${target.host}`);
  }
}

function backlinks(seed: Seed, target: { host: string; path: string }, params: URLSearchParams): Row[] {
  const select = params.get('select')!.split(',');
  const [orderColumn, direction = 'asc'] = (params.get('order_by') ?? '').split(':');
  for (const column of [...select, ...(orderColumn ? [orderColumn] : [])])
    if (!BACKLINK_FIELDS.includes(column)) throw new BadRequest(`invalid column: ${column}`);
  const kept = params.get('history') ?? 'live';
  const since = kept.startsWith('since:') ? kept.slice(6) : null;
  let rows: Row[] = seed.backlinks
    .filter((b) => b.last_seen === null || kept === 'all_time' || (since !== null && b.last_seen >= since))
    .filter((b) => inScope(b.url_to, target, params))
    .map((b) => ({ ...b, name_source: new URL(b.url_from).hostname, link_group_count: 1 }));
  if (orderColumn) {
    const sign = direction === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = a[orderColumn] ?? '';
      const y = b[orderColumn] ?? '';
      return x < y ? -sign : x > y ? sign : 0;
    });
  }
  const aggregation = params.get('aggregation') ?? 'similar_links';
  if (aggregation !== 'all') {
    const groups = new Map<string, Row>();
    for (const row of rows) {
      const key =
        aggregation === '1_per_domain'
          ? String(row.name_source)
          : `${String(row.name_source)}|${String(row.anchor)}|${String(row.url_to)}`;
      const first = groups.get(key);
      if (first) first.link_group_count = Number(first.link_group_count) + 1;
      else groups.set(key, { ...row });
    }
    rows = [...groups.values()];
  }
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 1000);
  return rows
    .slice(offset, offset + limit)
    .map((row) => Object.fromEntries(select.map((column) => [column, row[column] ?? null])));
}

/** The answer for a target with real data. */
function seeded(
  endpoint: string,
  seed: Seed,
  target: { host: string; path: string },
  params: URLSearchParams,
): Reply {
  const date = params.get('date');
  if (date !== null && date < seed.since) return [404, { error: 'No data for the requested date' }];
  switch (endpoint) {
    case 'site-explorer/domain-rating':
      return [200, { domain_rating: { domain_rating: seed.domainRating, ahrefs_rank: seed.ahrefsRank } }];
    case 'site-explorer/backlinks-stats':
      return [200, { metrics: seed.stats }];
    case 'site-explorer/metrics':
      return [200, { metrics: seed.metrics }];
    case 'site-explorer/domain-rating-history':
      return [200, { domain_ratings: history(seed, params, endpoint) }];
    case 'site-explorer/refdomains-history':
      return [200, { refdomains: history(seed, params, endpoint) }];
    default:
      return [200, { backlinks: backlinks(seed, target, params) }];
  }
}

/** Answers in the documented wrappers whose contents break the documented types. */
function malformed(endpoint: string): Reply {
  switch (endpoint) {
    case 'site-explorer/domain-rating':
      // The mistake third-party snippets make, served back: the figure without its wrapper object.
      return [200, { domain_rating: 41.0 }];
    case 'site-explorer/backlinks-stats':
      return [
        200,
        { metrics: { live: '1532', all_time: 20411, live_refdomains: 188, all_time_refdomains: 1020 } },
      ];
    case 'site-explorer/metrics':
      return [200, { metrics: { org_keywords: 4120 } }];
    case 'site-explorer/domain-rating-history':
      return [200, { domain_ratings: { date: '2025-01-01', domain_rating: 40 } }];
    case 'site-explorer/refdomains-history':
      return [200, { refdomains: [{ date: 'last month', refdomains: 3 }] }];
    default:
      return [
        200,
        {
          backlinks: [
            {
              url_from: 'https://a.example/',
              url_to: 'https://malformed.example/',
              anchor: 'x',
              domain_rating_source: 140,
              first_seen_link: '2025-06-01T00:00:00Z',
            },
          ],
        },
      ];
  }
}

/** Targets that stand for a behaviour rather than data. */
function behaviour(host: string, endpoint: string, throttled: Map<string, number>): Reply | 'slow' | null {
  switch (host) {
    case 'throttled-once.example': {
      const seen = throttled.get(endpoint) ?? 0;
      throttled.set(endpoint, seen + 1);
      return seen === 0 ? [429, { error: 'Too many requests' }, { 'retry-after': '1' }] : null;
    }
    case 'throttled.example':
      return [429, { error: 'Too many requests' }, { 'retry-after': '3600' }];
    case 'throttled-again.example':
      return [429, { error: 'Too many requests' }, { 'retry-after': '0' }];
    case 'broken.example':
      return [500, { error: 'Internal server error' }];
    case 'garbage.example':
      return [
        200,
        '<html><body>Service temporarily unavailable</body></html>',
        { 'content-type': 'text/html' },
      ];
    case 'malformed.example':
      return malformed(endpoint);
    case 'forbidden-array.example':
      // The bare array form some answers are reported to carry instead of {"error": ...}.
      return [403, ['Error', 'Forbidden']];
    case 'slow.example':
      return 'slow';
    default:
      return null;
  }
}

/** Units a successful answer costs (INTEGRATIONS §3): max(50, per-row cost × rows). */
function usageHeaders(endpoint: string, params: URLSearchParams, body: unknown, cached: boolean) {
  const inner = typeof body === 'object' && body !== null ? Object.values(body)[0] : undefined;
  const rows: unknown[] = Array.isArray(inner) ? inner : [inner];
  const fields = new Set<string>();
  if (endpoint.endsWith('all-backlinks')) {
    for (const f of params.get('select')!.split(',')) fields.add(f);
    const order = params.get('order_by')?.split(':')[0];
    if (order) fields.add(order);
  } else {
    for (const row of rows)
      if (typeof row === 'object' && row !== null)
        for (const f of Object.keys(row)) if (f !== 'date') fields.add(f);
  }
  const perRow = [...fields].reduce((sum, f) => sum + (FIELD_COST[f] ?? 1), 0);
  const total = Math.max(50, perRow * rows.length);
  return {
    'x-api-rows': String(rows.length),
    'x-api-units-cost-row': String(perRow),
    'x-api-units-cost-total': String(total),
    'x-api-units-cost-total-actual': cached ? '0' : String(total),
    'x-api-cache': cached ? 'hit' : 'miss',
  };
}

function send(res: ServerResponse, [status, body, headers]: Reply) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

interface State {
  throttled: Map<string, number>;
  cache: Set<string>;
}

function answer(
  req: IncomingMessage,
  endpoint: string,
  params: URLSearchParams,
  state: State,
): Reply | 'slow' {
  const auth = req.headers.authorization ?? '';
  const key = auth.startsWith('Bearer ') ? auth.slice(7) : null;
  if (key === AHREFS_KEY_SPENT) return [403, { error: 'API units limit reached for this billing period' }];
  if (key === AHREFS_KEY_NO_API)
    return [403, { error: 'Insufficient plan: API access requires an Enterprise plan' }];
  if (key !== AHREFS_KEY) return [401, { error: 'Invalid API key' }];
  try {
    validate(endpoint, params);
    const target = parseTarget(params.get('target')!);
    if (!target) return [400, { error: `invalid target: ${params.get('target')}` }];
    const special = behaviour(target.host, endpoint, state.throttled);
    if (special) return special;
    const seed = SEEDS[target.host];
    if (!seed) return [404, { error: 'Target not found' }];
    const reply = seeded(endpoint, seed, target, params);
    if (reply[0] !== 200) return reply;
    const cacheKey = `${endpoint}?${[...params].sort().join('&')}`;
    const cached = state.cache.has(cacheKey);
    state.cache.add(cacheKey);
    return [200, reply[1], usageHeaders(endpoint, params, reply[1], cached)];
  } catch (err) {
    if (err instanceof BadRequest) return [400, { error: err.message }];
    throw err;
  }
}

/**
 * The Ahrefs API v3 Site Explorer endpoints Sitefleet reads, on a loopback address: Bearer auth, the
 * documented parameters (unknown ones are refused, which may be stricter than the real API), wrapped JSON
 * answers with the x-api-* unit headers, and the documented errors as {"error": "..."} bodies.
 */
export async function startAhrefsServer(host = '127.0.0.1'): Promise<LocalAhrefsServer> {
  const requests: AhrefsRequest[] = [];
  const state: State = { throttled: new Map(), cache: new Set() };
  const server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const endpoint = url.pathname.replace(/^\/v3\//, '');
    if (req.method !== 'GET' || !url.pathname.startsWith('/v3/') || !ENDPOINTS[endpoint])
      return send(res, [404, { error: 'Not found' }]);
    requests.push({
      endpoint,
      params: url.searchParams,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
    });
    const reply = answer(req, endpoint, url.searchParams, state);
    if (reply === 'slow')
      return void setTimeout(
        () => send(res, [200, { domain_rating: { domain_rating: 1, ahrefs_rank: 1 } }]),
        3_000,
      ).unref();
    send(res, reply);
  }, host);
  return { ...server, requests };
}
