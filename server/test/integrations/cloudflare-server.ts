import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

export const CLOUDFLARE_TOKEN = 'sfTestToken_q4K9mZ2xR7vB1nL8pW3cJ6hT0yF5';
/** A valid token with read permissions only: writes answer 403 "Authentication error" (10000). */
export const CLOUDFLARE_READ_TOKEN = 'sfReadToken_b7N2kQ9wE4rT6yU1iO3pA8sD5f';
/** A token Cloudflare knows but that was disabled: verify says so, every other call is refused. */
export const CLOUDFLARE_DISABLED_TOKEN = 'sfOffToken_z1X8cV5bN2mQ7wE4rT9yU6iO3pA0';
export const CLOUDFLARE_ACCOUNT_ID = '8d2f1c0b9a7e6d5c4b3a29180f7e6d5c';
export const API_PREFIX = '/client/v4';

const ZONES_MAX_PER_PAGE = 50;
const ZONES_PER_PAGE = 20;
const RECORDS_PER_PAGE = 100;
/** The documented maximum `per_page` of DNS record listings. */
const RECORDS_MAX_PER_PAGE = 5_000_000;
const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS'];
const PROXIABLE = ['A', 'AAAA', 'CNAME'];
const POOL = ['ada', 'bob', 'cruz', 'dana', 'elle', 'fred', 'gina', 'hugo'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A scripted answer: status, body (a string is sent as it is), headers. */
export type Reply = [status: number, body: Json, headers?: Record<string, string>];
interface Problem {
  code: number;
  message: string;
  error_chain?: Problem[];
}

export type FailMode = 'http500' | 'http502' | 'rate_limit' | 'drop' | 'lose_answer' | 'bad_json' | Reply;

export interface CloudflareRequest {
  method: string;
  /** Under /client/v4: `/zones/023e…/dns_records`. */
  path: string;
  /** The route it matched: `/zones/:zone/dns_records` (the path itself when none). */
  route: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface FakeZone {
  id: string;
  name: string;
  status: 'pending' | 'active';
  accountId: string;
  nameServers: string[];
  originalNameServers: string[] | null;
  createdOn: string;
  activatedOn: string | null;
}

export interface FakeRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  ttl: number;
  proxied: boolean;
  priority: number | null;
  comment: string | null;
  createdOn: string;
  modifiedOn: string;
}

export interface LocalCloudflareServer extends LocalHttpServer {
  /** `http://127.0.0.1:PORT/client/v4`. */
  baseUrl: string;
  accountId: string;
  /** Every request, in order. */
  requests: CloudflareRequest[];
  /** Requests so far to a route: `calls('POST /zones')`, `calls('GET /zones/:zone/dns_records')`. */
  calls(key: string): number;
  /** Copies of the zones of every account. */
  zones(): FakeZone[];
  /** Copies of a zone's records, in creation order. */
  records(zoneId: string): FakeRecord[];
  /** Adds a zone directly (another account's with `accountId`); answers its id. */
  addZone(name: string, options?: { accountId?: string; status?: FakeZone['status'] }): string;
  /** Adds a record directly, without Cloudflare's checks (a legacy duplicate); answers its id. */
  addRecord(
    zoneId: string,
    record: Partial<FakeRecord> & Pick<FakeRecord, 'type' | 'name' | 'content'>,
  ): string;
  /** The registrar now delegates to the zone's name servers: Cloudflare marks it active. */
  activate(zoneId: string): void;
  /**
   * The next `times` requests of this method whose path equals `path` (a literal path or a route such as
   * `/zones/:zone/dns_records`) or matches it fail so: http500/http502, rate_limit (429 with Retry-After
   * `retryAfter`), drop (socket closed unanswered), lose_answer (done, then the socket closed), bad_json, or a
   * scripted reply.
   */
  failNext(
    method: string,
    path: string | RegExp,
    mode: FailMode,
    options?: { times?: number; retryAfter?: number },
  ): void;
  clearFailures(): void;
}

export interface CloudflareServerOptions {
  /** Requests per window before 429 (default 1200 per 5 minutes, as documented). */
  requestLimit?: number;
  windowMs?: number;
  now?: () => number;
  /** The name servers a domain had before its zone was added (default a parking pair). */
  originalNameServers?: (domain: string) => string[] | null;
}

const hex32 = () => randomBytes(16).toString('hex');
const envelope = (result: Json, extra: Record<string, Json> = {}): Json => ({
  success: true,
  errors: [],
  messages: [],
  result,
  ...extra,
});
const problemJson = (p: Problem): Json => ({
  code: p.code,
  message: p.message,
  ...(p.error_chain ? { error_chain: p.error_chain.map(problemJson) } : {}),
});
const failure = (status: number, ...errors: Problem[]): Reply => [
  status,
  { success: false, errors: errors.map(problemJson), messages: [], result: null },
];
const noRoute = (path: string): Reply =>
  failure(
    404,
    { code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` },
    { code: 7000, message: 'No route for that URI' },
  );
const badId = (path: string): Reply => [400, noRoute(path)[1]];
/** Cloudflare's DNS validation: 1004 with the reason in `error_chain` (9005/9006 come on their own). */
const dnsInvalid = (code: number, message: string): Reply =>
  code === 9005 || code === 9006
    ? failure(400, { code, message })
    : failure(400, { code: 1004, message: 'DNS Validation Error', error_chain: [{ code, message }] });
/** A refusal whose code Cloudflare does not document; callers must branch on the status, not on it. */
const undocumented = (message: string): Reply => failure(400, { code: 1004, message });

const LABEL = /^(?:\*|_?[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)$/;
const isHost = (name: string) =>
  name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
const hostOf = (value: string) => value.trim().toLowerCase().replace(/\.$/, '');

function clampInt(text: string | null, fallback: number, min: number, max: number): number {
  const n = text === null ? fallback : Math.floor(Number(text));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

function page<T>(items: T[], query: URLSearchParams, perPageDefault: number, max: number, min: number) {
  const perPage = clampInt(query.get('per_page'), perPageDefault, min, max);
  const at = clampInt(query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  const slice = items.slice((at - 1) * perPage, at * perPage);
  return {
    slice,
    info: {
      page: at,
      per_page: perPage,
      count: slice.length,
      total_count: items.length,
      total_pages: Math.max(1, Math.ceil(items.length / perPage)),
    },
  };
}

const zoneJson = (z: FakeZone): Json => ({
  id: z.id,
  name: z.name,
  status: z.status,
  paused: false,
  type: 'full',
  development_mode: 0,
  name_servers: z.nameServers,
  original_name_servers: z.originalNameServers,
  original_registrar: null,
  original_dnshost: null,
  vanity_name_servers: [],
  created_on: z.createdOn,
  modified_on: z.activatedOn ?? z.createdOn,
  activated_on: z.activatedOn,
  meta: { step: 2, custom_certificate_quota: 0, page_rule_quota: 3, phishing_detected: false },
  owner: { id: null, type: 'user', email: null },
  account: { id: z.accountId, name: 'Sitefleet' },
  permissions: ['#dns_records:edit', '#dns_records:read', '#zone:read'],
  plan: { id: '0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Free Website', price: 0, currency: 'USD' },
});

const recordJson = (r: FakeRecord): Json => ({
  id: r.id,
  type: r.type,
  name: r.name,
  content: r.content,
  proxiable: PROXIABLE.includes(r.type),
  proxied: r.proxied,
  ttl: r.ttl,
  ...(r.priority !== null ? { priority: r.priority } : {}),
  settings: {},
  meta: {},
  comment: r.comment,
  tags: [],
  created_on: r.createdOn,
  modified_on: r.modifiedOn,
});

interface Token {
  id: string;
  status: 'active' | 'disabled';
  edit: boolean;
}

/** The fields of a record write, checked as Cloudflare checks them; a Reply when refused. */
function checkRecord(
  zone: string,
  input: Record<string, unknown>,
  others: FakeRecord[],
): Omit<FakeRecord, 'id' | 'createdOn' | 'modifiedOn'> | Reply {
  const type = typeof input.type === 'string' ? input.type.toUpperCase() : '';
  if (!RECORD_TYPES.includes(type)) return undocumented(`Invalid or unsupported DNS record type "${type}".`);
  const raw = typeof input.name === 'string' ? hostOf(input.name) : '';
  if (!raw) return dnsInvalid(9000, 'DNS name is invalid.');
  // Cloudflare completes a name outside the zone with the zone's name.
  const name = raw === '@' ? zone : raw === zone || raw.endsWith(`.${zone}`) ? raw : `${raw}.${zone}`;
  if (!isHost(name)) return dnsInvalid(9000, 'DNS name is invalid.');
  if (typeof input.content !== 'string' || !input.content.trim()) return undocumented('Content is required.');
  let content = input.content.trim();
  if (type === 'A' && !isIPv4(content))
    return dnsInvalid(9005, 'Content for A record must be a valid IPv4 address.');
  if (type === 'AAAA') {
    if (!isIPv6(content)) return dnsInvalid(9006, 'Content for AAAA record must be a valid IPv6 address.');
    content = ipaddr.parse(content).toString();
  }
  if (['CNAME', 'MX', 'NS'].includes(type)) {
    content = hostOf(content);
    if (!isHost(content)) return dnsInvalid(9007, `Content for ${type} record is invalid.`);
  }
  if (type === 'TXT' && content.length > 2048)
    return undocumented('TXT content may be at most 2048 characters.');
  const priority = type === 'MX' ? input.priority : null;
  if (type === 'MX' && (!Number.isInteger(priority) || Number(priority) < 0 || Number(priority) > 65535))
    return undocumented('Priority must be set for MX records (0-65535).');
  const proxied = input.proxied ?? false;
  if (typeof proxied !== 'boolean') return undocumented('proxied must be a boolean.');
  if (proxied && !PROXIABLE.includes(type))
    return dnsInvalid(9041, 'Invalid proxied mode. Record cannot be proxied');
  const ttl = input.ttl ?? 1;
  if (!Number.isInteger(ttl) || (ttl !== 1 && (Number(ttl) < 60 || Number(ttl) > 86400)))
    return dnsInvalid(9021, 'TTL must be between 60 and 86400 seconds, or 1 for Automatic.');
  const comment = input.comment ?? null;
  if (comment !== null && (typeof comment !== 'string' || comment.length > 100))
    return undocumented('Comment must be a string of at most 100 characters.');
  const record = {
    type,
    name,
    content,
    ttl: proxied ? 1 : Number(ttl),
    proxied,
    priority: type === 'MX' ? Number(priority) : null,
    comment: comment === '' ? null : comment,
  };
  const sameHost = others.filter((o) => o.name === name);
  const hostTypes = ['A', 'AAAA', 'CNAME'];
  const clash = (o: FakeRecord) => hostTypes.includes(o.type) && (type === 'CNAME' || o.type === 'CNAME');
  if (hostTypes.includes(type) && sameHost.some(clash))
    return failure(400, {
      code: 81053,
      message: 'An A, AAAA, or CNAME record with that host already exists.',
    });
  const twin = sameHost.find(
    (o) => o.type === type && o.content === content && (type !== 'MX' || o.priority === record.priority),
  );
  if (twin && twin.ttl === record.ttl && twin.proxied === record.proxied)
    return failure(400, { code: 81058, message: 'An identical record already exists.' });
  if (twin) return failure(400, { code: 81057, message: 'Record already exists.' });
  return record;
}

/**
 * A local Cloudflare API v4 under /client/v4: Bearer tokens (verify, a read-only and a disabled one, Cloudflare's
 * 400/401/403 envelopes), zones of one account (listed by exact name with account.id and paging at most 50,
 * created pending with two name servers from a pool, 1061 when it exists, activated by the test), DNS records
 * (A, AAAA, CNAME, TXT, MX, NS; listed by type and exact name with paging; created, patched, replaced and
 * deleted with Cloudflare's checks and codes: 9005/9006 content, 9021 TTL, 9041 proxying, 81053/81057/81058
 * conflicts, 81044 unknown record, 7003 unknown zone), the documented 1,200 requests per 5 minutes answered with
 * 429 and Retry-After, per-route counters and injected failures. A real token that lacks permission and a bad
 * one may both get 403 "Authentication error" there; here a bad one gets 9109, so verifyToken stays the check.
 */
export async function startCloudflareServer(
  options: CloudflareServerOptions = {},
  host = '127.0.0.1',
): Promise<LocalCloudflareServer> {
  const accountId = CLOUDFLARE_ACCOUNT_ID;
  const tokens = new Map<string, Token>([
    [CLOUDFLARE_TOKEN, { id: hex32(), status: 'active', edit: true }],
    [CLOUDFLARE_READ_TOKEN, { id: hex32(), status: 'active', edit: false }],
    [CLOUDFLARE_DISABLED_TOKEN, { id: hex32(), status: 'disabled', edit: true }],
  ]);
  const zones = new Map<string, FakeZone>();
  const records = new Map<string, FakeRecord[]>();
  const requests: CloudflareRequest[] = [];
  const counts = new Map<string, number>();
  const faults: Array<{
    method: string;
    path: string | RegExp;
    mode: FailMode;
    left: number;
    retryAfter: number;
  }> = [];
  const now = options.now ?? Date.now;
  const limit = options.requestLimit ?? 1200;
  const windowMs = options.windowMs ?? 300_000;
  const recent: number[] = [];
  const stamp = () => new Date(now()).toISOString();
  let created = 0;

  function addZone(name: string, o: { accountId?: string; status?: FakeZone['status'] } = {}): string {
    const id = hex32();
    const k = created++;
    zones.set(id, {
      id,
      name: name.toLowerCase(),
      status: o.status ?? 'pending',
      accountId: o.accountId ?? accountId,
      nameServers: [0, 1].map((i) => `${POOL[(2 * k + i) % POOL.length]}.ns.cloudflare.com`),
      originalNameServers: options.originalNameServers
        ? options.originalNameServers(name)
        : ['ns1.parking.example', 'ns2.parking.example'],
      createdOn: stamp(),
      activatedOn: o.status === 'active' ? stamp() : null,
    });
    records.set(id, []);
    return id;
  }

  function throttle(): Reply | null {
    const at = now();
    while (recent.length && recent[0]! <= at - windowMs) recent.shift();
    if (recent.length < limit) {
      recent.push(at);
      return null;
    }
    const wait = Math.max(1, Math.ceil((recent[0]! + windowMs - at) / 1000));
    const [status, body] = failure(429, {
      code: 971,
      message: 'Please wait and consider throttling your request speed',
    });
    return [status, body, { 'retry-after': String(wait) }];
  }

  const rateHeaders = (): Record<string, string> => ({
    ratelimit: `"default";r=${Math.max(0, limit - recent.length)};t=${Math.ceil(windowMs / 1000)}`,
    'ratelimit-policy': `"default";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
  });

  function authenticate(header: string | undefined, verify: boolean): Token | Reply {
    if (!header)
      return failure(400, {
        code: 9106,
        message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers',
      });
    const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!m)
      return failure(400, {
        code: 6003,
        message: 'Invalid request headers',
        error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
      });
    const token = tokens.get(m[1]!);
    if (verify) return token ?? failure(401, { code: 1000, message: 'Invalid API Token' });
    if (!token || token.status !== 'active')
      return failure(401, { code: 9109, message: 'Invalid access token' });
    return token;
  }

  const forbidden = (): Reply => failure(403, { code: 10000, message: 'Authentication error' });

  function zonesRoute(method: string, query: URLSearchParams, body: unknown, token: Token): Reply {
    if (method === 'GET') {
      const name = query.get('name')?.toLowerCase();
      const account = query.get('account.id');
      const status = query.get('status');
      const found = [...zones.values()].filter(
        (z) =>
          z.accountId === accountId &&
          (!name || z.name === name) &&
          (!account || z.accountId === account) &&
          (!status || z.status === status),
      );
      const { slice, info } = page(found, query, ZONES_PER_PAGE, ZONES_MAX_PER_PAGE, 5);
      return [200, envelope(slice.map(zoneJson), { result_info: info })];
    }
    if (method !== 'POST') return noRoute('/client/v4/zones');
    if (!token.edit) return forbidden();
    const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    const account =
      'account' in input && typeof input.account === 'object' && input.account ? input.account : {};
    const id = 'id' in account ? account.id : undefined;
    if (typeof id !== 'string' || !id) return undocumented('account.id is required.');
    if (id !== accountId) return forbidden();
    const name = 'name' in input && typeof input.name === 'string' ? hostOf(input.name) : '';
    if (!isHost(name) || !name.includes('.') || name.startsWith('*') || name.includes('_'))
      return failure(400, { code: 1049, message: `${name || 'The name'} is not a registered domain` });
    const type = 'type' in input ? input.type : 'full';
    if (type !== 'full' && type !== 'partial') return undocumented('type must be full or partial.');
    if ([...zones.values()].some((z) => z.name === name))
      return failure(400, { code: 1061, message: `${name} already exists` });
    return [200, envelope(zoneJson(zones.get(addZone(name))!))];
  }

  function recordsRoute(
    method: string,
    zone: FakeZone,
    recordId: string | undefined,
    query: URLSearchParams,
    body: unknown,
    token: Token,
  ): Reply {
    const list = records.get(zone.id)!;
    const path = `/client/v4/zones/${zone.id}/dns_records${recordId ? `/${recordId}` : ''}`;
    if (method !== 'GET' && !token.edit) return forbidden();
    const input: Record<string, unknown> =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
    if (recordId === undefined) {
      if (method === 'GET') {
        const type = query.get('type')?.toUpperCase();
        const name = query.get('name') ? hostOf(query.get('name')!) : undefined;
        const content = query.get('content');
        const found = list.filter(
          (r) =>
            (!type || r.type === type) && (!name || r.name === name) && (!content || r.content === content),
        );
        const { slice, info } = page(found, query, RECORDS_PER_PAGE, RECORDS_MAX_PER_PAGE, 1);
        return [200, envelope(slice.map(recordJson), { result_info: info })];
      }
      if (method !== 'POST') return noRoute(path);
      const checked = checkRecord(zone.name, input, list);
      if (Array.isArray(checked)) return checked;
      const record: FakeRecord = { id: hex32(), ...checked, createdOn: stamp(), modifiedOn: stamp() };
      list.push(record);
      return [200, envelope(recordJson(record))];
    }
    if (!/^[0-9a-f]{32}$/.test(recordId)) return badId(path);
    const at = list.findIndex((r) => r.id === recordId);
    if (at < 0) return failure(404, { code: 81044, message: 'Record does not exist.' });
    const current = list[at]!;
    if (method === 'GET') return [200, envelope(recordJson(current))];
    if (method === 'DELETE') {
      list.splice(at, 1);
      return [200, envelope({ id: recordId })];
    }
    if (method !== 'PATCH' && method !== 'PUT') return noRoute(path);
    const merged = method === 'PATCH' ? { ...current, ...input } : input;
    const checked = checkRecord(
      zone.name,
      merged,
      list.filter((r) => r.id !== recordId),
    );
    if (Array.isArray(checked)) return checked;
    const updated: FakeRecord = { ...current, ...checked, modifiedOn: stamp() };
    list[at] = updated;
    return [200, envelope(recordJson(updated))];
  }

  /** The route template of a path, for counters and failure matching. */
  function routeOf(path: string): string {
    if (path === '/user/tokens/verify' || path === '/zones') return path;
    if (/^\/accounts\/[^/]+\/tokens\/verify$/.test(path)) return '/accounts/:account/tokens/verify';
    const m = /^\/zones\/[^/]+(\/dns_records(\/[^/]+)?)?$/.exec(path);
    if (!m) return path;
    return `/zones/:zone${m[1] ? `/dns_records${m[2] ? '/:record' : ''}` : ''}`;
  }

  function route(req: IncomingMessage, path: string, query: URLSearchParams, body: unknown): Reply {
    const method = req.method ?? 'GET';
    const full = `${API_PREFIX}${path}`;
    const verify = routeOf(path).endsWith('/tokens/verify');
    const auth = authenticate(req.headers.authorization, verify);
    if (Array.isArray(auth)) return auth;
    const throttled = throttle();
    if (throttled) return throttled;
    if (verify) {
      if (method !== 'GET') return noRoute(full);
      const account = /^\/accounts\/([^/]+)\//.exec(path)?.[1];
      if (account !== undefined && account !== accountId) return forbidden();
      const result: Json = { id: auth.id, status: auth.status };
      const valid =
        auth.status === 'active'
          ? [{ code: 10000, message: 'This API Token is valid and active', type: null }]
          : [];
      return [200, envelope(result, { messages: valid })];
    }
    if (path === '/zones') return zonesRoute(method, query, body, auth);
    const m = /^\/zones\/([^/]+)(?:\/dns_records(?:\/([^/]+))?)?$/.exec(path);
    if (!m) return noRoute(full);
    if (!/^[0-9a-f]{32}$/.test(m[1]!)) return badId(full);
    const zone = zones.get(m[1]!);
    if (!zone || zone.accountId !== accountId) return noRoute(full);
    if (path.includes('/dns_records')) return recordsRoute(method, zone, m[2], query, body, auth);
    return method === 'GET' ? [200, envelope(zoneJson(zone))] : noRoute(full);
  }

  function takeFault(method: string, path: string): (typeof faults)[number] | undefined {
    const at = faults.findIndex(
      (f) =>
        f.method === method &&
        (typeof f.path === 'string' ? f.path === path || f.path === routeOf(path) : f.path.test(path)),
    );
    const fault = faults[at];
    if (fault && --fault.left <= 0) faults.splice(at, 1);
    return fault;
  }

  function send(res: ServerResponse, [status, body, headers]: Reply) {
    const isText = typeof body === 'string';
    res.writeHead(status, {
      'content-type': isText && body.startsWith('<') ? 'text/html' : 'application/json',
      'cf-ray': `${randomBytes(8).toString('hex')}-TST`,
      ...rateHeaders(),
      ...headers,
    });
    res.end(isText ? body : JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const under = url.pathname.startsWith(`${API_PREFIX}/`);
    const path = under ? url.pathname.slice(API_PREFIX.length).replace(/\/+$/, '') : url.pathname;
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const routeName = routeOf(path);
    requests.push({
      method,
      path,
      route: routeName,
      query: url.searchParams,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    counts.set(`${method} ${routeName}`, (counts.get(`${method} ${routeName}`) ?? 0) + 1);
    const fault = under ? takeFault(method, path) : undefined;
    if (fault?.mode === 'drop') return void req.socket.destroy();
    const reply = ((): Reply => {
      if (!under) return noRoute(url.pathname);
      if (fault?.mode === 'http500')
        return failure(500, {
          code: 1052,
          message: 'An error has occurred and it has been logged. We will fix this problem promptly.',
        });
      if (fault?.mode === 'http502')
        return [502, '<html><head><title>502 Bad Gateway</title></head><body>cloudflare</body></html>'];
      if (fault?.mode === 'rate_limit') {
        const [status, text] = failure(429, {
          code: 971,
          message: 'Please wait and consider throttling your request speed',
        });
        return [status, text, { 'retry-after': String(fault.retryAfter) }];
      }
      if (fault?.mode === 'bad_json') return [200, '{"success":true,"errors":[],"result":{"id":'];
      if (Array.isArray(fault?.mode)) return fault.mode;
      if (raw && typeof body === 'string')
        return failure(400, { code: 9207, message: 'Request body is invalid.' });
      return route(req, path, url.searchParams, body);
    })();
    if (fault?.mode === 'lose_answer') return void req.socket.destroy();
    send(res, reply);
  }

  const server = await startHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  }, host);

  return {
    ...server,
    baseUrl: `${server.origin}${API_PREFIX}`,
    accountId,
    requests,
    calls: (key) => counts.get(key) ?? 0,
    zones: () => [...zones.values()].map((z) => ({ ...z, nameServers: [...z.nameServers] })),
    records: (zoneId) => (records.get(zoneId) ?? []).map((r) => ({ ...r })),
    addZone,
    addRecord(zoneId, record) {
      const list = records.get(zoneId);
      if (!list) throw new Error(`No zone ${zoneId}`);
      const id = hex32();
      list.push({
        ttl: 1,
        proxied: false,
        priority: null,
        comment: null,
        createdOn: stamp(),
        modifiedOn: stamp(),
        ...record,
        id,
      });
      return id;
    },
    activate(zoneId) {
      const zone = zones.get(zoneId);
      if (!zone) throw new Error(`No zone ${zoneId}`);
      zone.status = 'active';
      zone.activatedOn = stamp();
    },
    failNext(method, path, mode, o = {}) {
      faults.push({ method, path, mode, left: o.times ?? 1, retryAfter: o.retryAfter ?? 1 });
    },
    clearFailures: () => void faults.splice(0),
  };
}
