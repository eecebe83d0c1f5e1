import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  dayNumber,
  domainObject,
  keywordObject,
  LAST,
  SEED_DOMAINS,
  SEED_KEYWORDS,
  type Json,
  type JsonObject,
} from './accuranker-seed.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

export { FIRST_DAY, LAST_DAY, seededRank } from './accuranker-seed.js';

export const ACCURANKER_TOKEN = 'ar-test-7c1e55a0d9f3';
export const API_PREFIX = '/api/v4/';
const MAX_PERIOD_DAYS = 100;

/** A scripted answer: status, body (a string is sent as it is), headers, delay before answering. */
export type Reply = [status: number, body: Json, headers?: Record<string, string>, delayMs?: number];

export interface AccurankerRequest {
  method: string;
  /** Path under /api/v4/, e.g. `domains/42/keywords/`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface LocalAccurankerServer extends LocalHttpServer {
  /** Base URL of the API, ending in /api/v4/. */
  baseUrl: string;
  /** Every request, authenticated or not, in order. */
  requests: AccurankerRequest[];
  /** The next authenticated requests are answered with these replies, in order, instead of the data. */
  script(...replies: Reply[]): void;
  /** Drops scripted replies not used yet. */
  clearScript(): void;
  /** Most requests the server was answering at the same time. */
  peakInFlight(): number;
}

export interface AccurankerServerOptions {
  /** Requests in a sliding minute (one token is served); 429 with Retry-After beyond it (documented: 100). */
  requestsPerMinute?: number;
  /** The server's clock in ms (tests move it forward instead of waiting). */
  now?: () => number;
}

type FieldTree = Map<string, FieldTree | true>;

/** `fields=a,b.c,b.d` as a tree; no fields gives an empty tree, so every object comes back `{}`. */
function fieldTree(fields: string | null): FieldTree {
  const tree: FieldTree = new Map();
  for (const field of (fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)) {
    let node = tree;
    const parts = field.split('.');
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const held = node.get(part);
      if (last) {
        if (!held) node.set(part, true);
      } else {
        const child: FieldTree = held instanceof Map ? held : new Map();
        node.set(part, child);
        node = child;
      }
    });
  }
  return tree;
}

/** Only the asked fields, unknown ones left out; dot notation reaches into objects and lists of objects. */
function project(value: Json, tree: FieldTree): Json {
  if (Array.isArray(value)) return value.map((item) => project(item, tree));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, sub] of tree) {
    if (!(key in value)) continue;
    out[key] = sub === true ? value[key]! : project(value[key]!, sub);
  }
  return out;
}

function send(res: ServerResponse, [status, body, headers]: Reply) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', vary: 'Accept, Authorization', ...headers });
  res.end(text);
}

const notFound: Reply = [404, { detail: 'Not found.' }];
/** Django's own 404 for a path no route matches (a missing trailing slash included): HTML, not JSON. */
const noRoute: Reply = [
  404,
  '<!doctype html>\n<html lang="en">\n<head><title>Not Found</title></head>\n<body><h1>Not Found</h1><p>The requested resource was not found on this server.</p></body>\n</html>\n',
  { 'content-type': 'text/html; charset=utf-8' },
];

/** The days a request covers: the asked period (validated), or the latest refreshed day. */
function period(query: URLSearchParams): { from: number; to: number } | { error: Reply } {
  const from = query.get('period_from');
  const to = query.get('period_to');
  // Both are needed to override the default.
  if (!from || !to) return { from: LAST, to: LAST };
  const bad: Record<string, string[]> = {};
  for (const [name, value] of [
    ['period_from', from],
    ['period_to', to],
  ] as const) {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
      bad[name] = ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'];
  }
  if (Object.keys(bad).length) return { error: [400, bad] };
  const [first, last] = [dayNumber(from), dayNumber(to)];
  if (first > last) return { error: [400, { detail: 'period_from must be before or equal to period_to.' }] };
  if (last - first + 1 > MAX_PERIOD_DAYS)
    return { error: [400, { detail: `The period cannot be longer than ${MAX_PERIOD_DAYS} days.` }] };
  return { from: first, to: last };
}

/** limit/offset paging of a bare array: no envelope, no total. Without limit the whole list. */
function page<T>(items: T[], query: URLSearchParams): T[] {
  const limit = Number(query.get('limit'));
  const offset = Number(query.get('offset'));
  const start = Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
  return Number.isSafeInteger(limit) && limit > 0 ? items.slice(start, start + limit) : items.slice(start);
}

function route(path: string, query: URLSearchParams): Reply {
  const fields = fieldTree(query.get('fields'));
  if (path === 'domains/') {
    const span = period(query);
    if ('error' in span) return span.error;
    return [200, page(SEED_DOMAINS, query).map((d) => project(domainObject(d), fields))];
  }
  let m = /^domains\/(\d+)\/$/.exec(path);
  if (m) {
    const domain = SEED_DOMAINS.find((d) => d.id === Number(m![1]));
    return domain ? [200, project(domainObject(domain), fields)] : notFound;
  }
  m = /^domains\/(\d+)\/keywords\/(?:(\d+)\/)?$/.exec(path);
  if (m) {
    const domainId = Number(m[1]);
    if (!SEED_DOMAINS.some((d) => d.id === domainId)) return notFound;
    const span = period(query);
    if ('error' in span) return span.error;
    const { from, to } = span;
    const keywords = SEED_KEYWORDS.filter((k) => k.domainId === domainId);
    if (m[2]) {
      const one = keywords.find((k) => k.id === Number(m![2]));
      return one ? [200, project(keywordObject(one, from, to), fields)] : notFound;
    }
    return [200, page(keywords, query).map((k) => project(keywordObject(k, from, to), fields))];
  }
  return noRoute;
}

/**
 * A local AccuRanker Read API v4 (INTEGRATIONS §2) under /api/v4/: Token auth, the `fields` projection,
 * limit/offset paging of bare arrays, the 100-day period cap, a per-minute limit answered with 429 and
 * Retry-After, scripted failures. Read only: other methods get DRF's 405 (the POST "list with filters" twins
 * are not served), and `filter_id` is accepted but filters nothing (no saved segments are seeded).
 */
export async function startAccurankerServer(
  options: AccurankerServerOptions = {},
  host = '127.0.0.1',
): Promise<LocalAccurankerServer> {
  const requests: AccurankerRequest[] = [];
  const queue: Reply[] = [];
  const now = options.now ?? Date.now;
  const perMinute = options.requestsPerMinute ?? 100;
  const recent: number[] = [];
  let inFlight = 0;
  let peak = 0;

  function throttle(): Reply | null {
    const at = now();
    while (recent.length && recent[0]! <= at - 60_000) recent.shift();
    if (recent.length < perMinute) {
      recent.push(at);
      return null;
    }
    const wait = Math.max(1, Math.ceil((recent[0]! + 60_000 - at) / 1000));
    return [
      429,
      { detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.` },
      { 'retry-after': String(wait) },
    ];
  }

  function answer(req: IncomingMessage): Reply {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : null;
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? 'GET',
      path: path ?? url.pathname,
      query: url.searchParams,
      authorization,
    });
    if (path === null) return noRoute;
    const challenge = { 'www-authenticate': 'Token' };
    if (!authorization) return [401, { detail: 'Authentication credentials were not provided.' }, challenge];
    // DRF's TokenAuthentication and its messages; another scheme counts as no credentials at all.
    const [scheme, token, ...rest] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'token')
      return [401, { detail: 'Authentication credentials were not provided.' }, challenge];
    if (!token) return [401, { detail: 'Invalid token header. No credentials provided.' }, challenge];
    if (rest.length)
      return [401, { detail: 'Invalid token header. Token string should not contain spaces.' }, challenge];
    if (token !== ACCURANKER_TOKEN) return [401, { detail: 'Invalid token.' }, challenge];
    const throttled = throttle();
    if (throttled) return throttled;
    const scripted = queue.shift();
    if (scripted) return scripted;
    if (req.method !== 'GET') return [405, { detail: `Method "${req.method}" not allowed.` }];
    return route(path, url.searchParams);
  }

  const server = await startHttpServer((req, res) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    const reply = answer(req);
    const done = () => {
      inFlight -= 1;
      send(res, reply);
    };
    req.resume();
    req.on('end', () => (reply[3] ? setTimeout(done, reply[3]).unref() : done()));
  }, host);
  return {
    ...server,
    baseUrl: `${server.origin}${API_PREFIX}`,
    requests,
    script: (...replies) => void queue.push(...replies),
    clearScript: () => void queue.splice(0),
    peakInFlight: () => peak,
  };
}
