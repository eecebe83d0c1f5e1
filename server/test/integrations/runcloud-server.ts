import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';
import { createWebapp, installer, systemUserJson, webappJson, type Creation } from './runcloud-create.js';
import {
  RUNCLOUD_TOKEN,
  sampleRunCloudData,
  type RcDomain,
  type RcServer,
  type RcService,
} from './runcloud-data.js';

export * from './runcloud-data.js';
export type { Creation } from './runcloud-create.js';

export const API_PREFIX = '/api/v3/';
const MAX_PER_PAGE = 40;
const DEFAULT_PER_PAGE = 20;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A scripted answer: status, body (a string is sent as it is), headers. */
export type Reply = [status: number, body: Json, headers?: Record<string, string>];

/**
 * What a creation (a web app, an installer) meets instead of its answer: `drop` closes the connection before
 * anything is done; `drop-after-commit` does it, then closes the connection unanswered; `stall-after-commit`
 * does it and never answers (the client times out); `afterCommit` does it, then answers that instead.
 */
export type CommitFault = 'drop' | 'drop-after-commit' | 'stall-after-commit' | { afterCommit: Reply };

export interface RunCloudRequest {
  method: string;
  /** Path under /api/v3/, e.g. `servers/1903/services`. */
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface LocalRunCloudServer extends LocalHttpServer {
  /** Base URL of the API: `http://127.0.0.1:PORT/api/v3`. */
  baseUrl: string;
  /** The servers it serves; live, so a test may change them between calls. */
  servers: RcServer[];
  /** Every request, authenticated or not, in order. */
  requests: RunCloudRequest[];
  /** The next authenticated requests get these replies, in order, instead of the data. */
  script(...replies: Reply[]): void;
  /** Forgets scripted replies and pending commit faults. */
  clearScript(): void;
  /** Every request about this server answers `reply` (default: a 500 from an agent that does not answer). */
  failServer(id: number, reply?: Reply): void;
  healServer(id: number): void;
  /** Service actions done, in order. */
  serviceActions: Array<{ serverId: number; action: string; realName: string }>;
  /** Force deploys done, in order. */
  deploys: Array<{ serverId: number; webappId: number; gitId: number }>;
  /** The next creations (POST webapps/custom|wordpress, webapps/{id}/installer) meet these, in order. */
  faultCreates(...faults: CommitFault[]): void;
  /** Web apps and installers created, in order, those whose answer was lost included. */
  created: Creation[];
}

export interface RunCloudServerOptions {
  /** The servers to serve (default sampleRunCloudData()). */
  servers?: RcServer[];
  /** Requests in a sliding minute; 429 with Retry-After beyond it (default: no limit). */
  requestsPerMinute?: number;
  /** The server's clock in ms. */
  now?: () => number;
}

const messageOf = (message: string): Json => ({ message });
const notAllowed = (method: string, allowed: string): Reply => [
  405,
  messageOf(`The ${method} method is not supported for this route. Supported methods: ${allowed}.`),
];
/** The POSTs that create something: where commit faults apply. */
const CREATION = /^servers\/\d+\/webapps\/(?:custom|wordpress|\d+\/installer)$/;
const notFound = (what: string): Reply => [404, messageOf(`${what} not found.`)];
const noRoute = (path: string): Reply => [404, messageOf(`The route api/v3/${path} could not be found.`)];
const invalid = (field: string, message: string): Reply => [422, { message, errors: { [field]: [message] } }];
const AGENT_DOWN: Reply = [
  500,
  messageOf('Unable to connect to the RunCloud agent on this server. Please check the server is online.'),
];

function send(res: ServerResponse, [status, body, headers]: Reply, rate: Record<string, string>) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-cache, private',
    ...rate,
    ...headers,
  });
  res.end(text);
}

/** The page of a list in RunCloud's envelope, or the 422 of a perPage beyond 40. */
function paged(items: Json[], query: URLSearchParams, path: string, origin: string): Reply {
  const perPageText = query.get('perPage');
  const pageText = query.get('page');
  const perPage = perPageText === null ? DEFAULT_PER_PAGE : Number(perPageText);
  const page = pageText === null ? 1 : Number(pageText);
  if (!Number.isInteger(perPage) || perPage < 1)
    return invalid('perPage', 'The per page must be an integer.');
  if (perPage > MAX_PER_PAGE)
    return invalid('perPage', `The per page must not be greater than ${MAX_PER_PAGE}.`);
  if (!Number.isInteger(page) || page < 1) return invalid('page', 'The page must be at least 1.');
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => `${origin}${API_PREFIX}${path}?page=${p}&perPage=${perPage}`;
  return [
    200,
    {
      data,
      meta: {
        pagination: {
          total: items.length,
          count: data.length,
          per_page: perPage,
          current_page: page,
          total_pages: totalPages,
          links: {
            ...(page > 1 ? { previous: link(page - 1) } : {}),
            ...(page < totalPages ? { next: link(page + 1) } : {}),
          },
        },
      },
    },
  ];
}

function serverJson(s: RcServer): Json {
  return {
    id: s.id,
    name: s.name,
    provider: s.provider,
    stack: 'nginx',
    ipAddress: s.ipAddress,
    country_iso_code: s.countryIsoCode,
    os: 'Ubuntu',
    osVersion: s.osVersion,
    connected: s.connected,
    online: s.online,
    agentVersion: '2.8.7-1',
    phpCLIVersion: 'php82rc',
    softwareUpdate: false,
    securityUpdate: s.id % 2 === 0,
    transferStatus: 'AVAILABLE',
    created_at: '2024-07-09 06:56:05',
    tags: [],
  };
}

const domainJson = (d: RcDomain): Json => ({
  id: d.id,
  name: d.name,
  type: d.type,
  www: d.www ? 1 : 0,
  redirection: d.redirection,
  wildcard: 0,
  dns_integration: 'none',
  status: null,
  created_at: '2024-07-18 01:31:10',
});

const servicesJson = (services: Record<string, RcService>): Json =>
  Object.fromEntries(
    Object.entries(services).map(([slug, s]) => [
      slug,
      {
        realName: s.realName,
        name: s.name,
        memory: s.running ? s.memory : 'Service stopped',
        cpu: s.running ? s.cpu : 'Service stopped',
        running: s.running,
        version: s.version,
      },
    ]),
  );

/** PATCH /servers/{id}/services: Laravel's validation, then the service's new state. */
function serviceAction(server: RcServer, body: unknown, done: LocalRunCloudServer['serviceActions']): Reply {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const action = 'action' in input ? input.action : undefined;
  const realName = 'realName' in input ? input.realName : undefined;
  if (typeof action !== 'string' || !action) return invalid('action', 'The action field is required.');
  if (!['start', 'stop', 'restart', 'reload'].includes(action))
    return invalid('action', 'The selected action is invalid.');
  if (typeof realName !== 'string' || !realName)
    return invalid('realName', 'The real name field is required.');
  const service = Object.values(server.services).find((s) => s.realName === realName);
  if (!service) return invalid('realName', 'The selected real name is invalid.');
  done.push({ serverId: server.id, action, realName });
  if (action === 'stop') service.running = false;
  else {
    service.running = true;
    if (action !== 'reload') service.restarts += 1;
  }
  const verb = { start: 'started', stop: 'stopped', restart: 'restarted', reload: 'reloaded' }[action];
  return [200, messageOf(`Service ${realName} has been ${verb}.`)];
}

/**
 * A local RunCloud API v3 (INTEGRATIONS §1) under /api/v3/: Bearer auth with Laravel's 401, the list envelope
 * with `meta.pagination` (page/perPage, at most 40), servers with stats, hardware info and latest health, web
 * apps and their domains, services as an object keyed by slug (stopped ones with "Service stopped"), the
 * services PATCH with its 422s, git and force deploy, system users, creating web apps (custom or WordPress)
 * and the script installer with Laravel's 422s (runcloud-create.ts), X-RateLimit headers and a sliding-minute
 * limit answered with 429 and Retry-After, servers whose agent does not answer, scripted failures, and
 * creations whose answer is lost (CommitFault).
 */
export async function startRunCloudServer(
  options: RunCloudServerOptions = {},
  host = '127.0.0.1',
): Promise<LocalRunCloudServer> {
  const servers = options.servers ?? sampleRunCloudData();
  const requests: RunCloudRequest[] = [];
  const queue: Reply[] = [];
  const failing = new Map<number, Reply>();
  const serviceActions: LocalRunCloudServer['serviceActions'] = [];
  const deploys: LocalRunCloudServer['deploys'] = [];
  const faults: CommitFault[] = [];
  const created: Creation[] = [];
  const now = options.now ?? Date.now;
  const perMinute = options.requestsPerMinute ?? Infinity;
  const recent: number[] = [];
  let origin = '';

  function rateHeaders(): Record<string, string> {
    if (perMinute === Infinity) return { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' };
    return {
      'x-ratelimit-limit': String(perMinute),
      'x-ratelimit-remaining': String(Math.max(0, perMinute - recent.length)),
    };
  }

  function throttle(): Reply | null {
    const at = now();
    while (recent.length && recent[0]! <= at - 60_000) recent.shift();
    if (recent.length < perMinute) {
      recent.push(at);
      return null;
    }
    const wait = Math.max(1, Math.ceil((recent[0]! + 60_000 - at) / 1000));
    return [429, messageOf('Too Many Attempts.'), { 'retry-after': String(wait) }];
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown): Reply {
    if (path === 'ping') return method === 'GET' ? [200, messageOf('pong')] : noRoute(path);
    if (path === 'servers') {
      if (method !== 'GET') return noRoute(path);
      const search = query.get('search')?.toLowerCase() ?? '';
      const found = servers.filter(
        (s) => !search || s.name.toLowerCase().includes(search) || s.ipAddress.includes(search),
      );
      return paged(found.map(serverJson), query, path, origin);
    }
    const m = /^servers\/(\d+)(?:\/(.*))?$/.exec(path);
    if (!m) return noRoute(path);
    const server = servers.find((s) => s.id === Number(m[1]));
    if (!server) return notFound('Server');
    const fault = failing.get(server.id);
    if (fault) return fault;
    const rest = m[2] ?? '';
    const get = method === 'GET';
    if (rest === '') return get ? [200, serverJson(server)] : noRoute(path);
    if (rest === 'stats' && get) return [200, { stats: { ...server.stats }, country: server.country }];
    if (rest === 'hardwareinfo' && get) return [200, { ...server.hardware }];
    if (rest === 'health/latest' && get) return [200, { ...server.health }];
    if (rest === 'services') {
      if (get) return [200, servicesJson(server.services)];
      if (method === 'PATCH') return serviceAction(server, body, serviceActions);
      return [
        405,
        messageOf(
          `The ${method} method is not supported for this route. Supported methods: GET, HEAD, PATCH.`,
        ),
      ];
    }
    if (rest === 'users' && get) {
      const search = query.get('search')?.toLowerCase() ?? '';
      const found = server.users.filter((u) => u.username.toLowerCase().includes(search));
      return paged(found.map(systemUserJson), query, path, origin);
    }
    if (rest === 'webapps' && get) {
      const search = query.get('search')?.toLowerCase() ?? '';
      const found = server.webapps.filter((x) => x.name.toLowerCase().includes(search));
      return paged(
        found.map((x) => webappJson(x, server)),
        query,
        path,
        origin,
      );
    }
    if (rest === 'webapps/custom' || rest === 'webapps/wordpress') {
      if (method !== 'POST') return notAllowed(method, 'POST');
      const kind = rest === 'webapps/custom' ? 'custom' : 'wordpress';
      return createWebapp(server, servers, kind, body, now(), created);
    }
    const w = /^webapps\/(\d+)(?:\/(.*))?$/.exec(rest);
    if (!w) return noRoute(path);
    const webapp = server.webapps.find((x) => x.id === Number(w[1]));
    if (!webapp) return notFound('Web application');
    const sub = w[2] ?? '';
    if (sub === '' && get) return [200, webappJson(webapp, server)];
    const inst = /^installer(?:\/(\d+))?$/.exec(sub);
    if (inst)
      return installer(server, webapp, method, inst[1] ? Number(inst[1]) : null, body, now(), created);
    if (sub === 'domains' && get) return paged(webapp.domains.map(domainJson), query, path, origin);
    if (sub === 'git' && get) {
      if (!webapp.git) return notFound('Git');
      const g = webapp.git;
      return [
        200,
        {
          id: g.id,
          provider: 'github',
          gitHost: null,
          gitUser: null,
          branch: g.branch,
          repositoryData: { url: `git@github.com:${g.repo}.git`, repo: g.repo },
          atomic: false,
          atomic_project_id: null,
          autoDeploy: true,
          deployScript: null,
          created_at: '2024-07-10 10:00:00',
        },
      ];
    }
    const g = /^git\/(\d+)\/script$/.exec(sub);
    if (g && method === 'PUT') {
      if (!webapp.git || webapp.git.id !== Number(g[1])) return notFound('Git');
      deploys.push({ serverId: server.id, webappId: webapp.id, gitId: webapp.git.id });
      return [200, {}];
    }
    return noRoute(path);
  }

  /** An answer, or a connection closed (`drop`) or left open (`stall`) without one. */
  function answer(req: IncomingMessage, raw: string): Reply | 'drop' | 'stall' {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : null;
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const authorization = req.headers.authorization;
    requests.push({
      method: req.method ?? 'GET',
      path: path ?? url.pathname,
      query: url.searchParams,
      authorization,
      accept: req.headers.accept,
      contentType: req.headers['content-type'],
      body,
    });
    if (path === null) return noRoute(url.pathname);
    if (authorization !== `Bearer ${RUNCLOUD_TOKEN}`) return [401, messageOf('Unauthenticated.')];
    const throttled = throttle();
    if (throttled) return throttled;
    const scripted = queue.shift();
    if (scripted) return scripted;
    if (raw && typeof body === 'string') return [400, messageOf('Malformed JSON body.')];
    const method = req.method ?? 'GET';
    const clean = path.replace(/\/+$/, '');
    const fault = method === 'POST' && CREATION.test(clean) ? faults.shift() : undefined;
    if (fault === 'drop') return 'drop';
    const reply = route(method, clean, url.searchParams, body);
    if (fault === undefined) return reply;
    if (fault === 'drop-after-commit') return 'drop';
    if (fault === 'stall-after-commit') return 'stall';
    return fault.afterCommit;
  }

  const server = await startHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = answer(req, Buffer.concat(chunks).toString('utf8'));
      // A stalled answer stays open until the client gives up or the server closes.
      if (reply === 'drop') req.socket.destroy();
      else if (reply !== 'stall') send(res, reply, rateHeaders());
    });
  }, host);
  origin = server.origin;
  return {
    ...server,
    baseUrl: `${server.origin}/api/v3`,
    servers,
    requests,
    script: (...replies) => void queue.push(...replies),
    clearScript: () => {
      queue.splice(0);
      faults.splice(0);
    },
    failServer: (id, reply = AGENT_DOWN) => void failing.set(id, reply),
    healServer: (id) => void failing.delete(id),
    serviceActions,
    deploys,
    faultCreates: (...more) => void faults.push(...more),
    created,
  };
}
