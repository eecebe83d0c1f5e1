import { setTimeout as delay } from 'node:timers/promises';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { fromOutbound, httpFailure, retryAfterSeconds, RunCloudError } from './errors.js';
import {
  isId,
  isRecord,
  parseDomain,
  parseGit,
  parseHardware,
  parseHealth,
  parseMessage,
  parseServer,
  parseServices,
  parseStats,
  parseWebapp,
  type Complaint,
} from './parse.js';
import {
  SERVICE_ACTIONS,
  type RunCloudDomain,
  type RunCloudGit,
  type RunCloudHardware,
  type RunCloudHealth,
  type RunCloudServer,
  type RunCloudServerStats,
  type RunCloudService,
  type RunCloudServiceAction,
  type RunCloudWebapp,
} from './types.js';

export const RUNCLOUD_BASE_URL = 'https://manage.runcloud.io/api/v3';
/** The largest page RunCloud serves (INTEGRATIONS §1). */
export const MAX_PER_PAGE = 40;

export interface RunCloudClientOptions {
  /** A workspace API token, sent as `Authorization: Bearer …`. */
  token: string;
  /** Default https://manage.runcloud.io/api/v3; a path prefix is kept. */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** `perPage` of listings (default and most 40). */
  perPage?: number;
  /** Pages one listing may take before the answer counts as broken paging (default 500). */
  maxPages?: number;
  /** Retries after a 429 (default 2); each waits out Retry-After (1 s when it is missing). */
  maxRetries?: number;
  /** Longest Retry-After a retry waits out; a longer one fails at once with rate_limited (default 60 s). */
  maxRetryWaitSeconds?: number;
  /** Replaces the wait before a retry (tests). */
  sleep?: (ms: number) => Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

const MAX_BYTES = 8 * 1024 * 1024;
/** A service's realName as RunCloud names them (`nginx-rc`, `php82rc-fpm`, `redis-server`). */
const REAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;

const invalid = (message: string) => new RunCloudError('invalid', message);

function checkId(value: number, what: string): number {
  if (!isId(value)) throw invalid(`"${String(value)}" is not a RunCloud ${what} id`);
  return value;
}

/**
 * RunCloud's API v3 (INTEGRATIONS §1): servers with their stats, hardware and latest health, web apps and their
 * domains (paged through `meta.pagination`), services (an object keyed by slug) and their start/stop/restart/
 * reload by `realName`, and the git force deploy. Every call goes through the injected SafeFetch with the
 * JSON headers RunCloud requires; a 429 is retried after its Retry-After, within bounds; failures are
 * RunCloudError with the kind a caller branches on and RunCloud's own message.
 */
export class RunCloudClient {
  private readonly base: string;
  private readonly perPage: number;
  private readonly maxPages: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: RunCloudClientOptions) {
    if (!options.token.trim()) throw new Error('The RunCloud client needs an API token');
    this.base = `${(options.baseUrl ?? RUNCLOUD_BASE_URL).replace(/\/+$/, '')}/`;
    this.perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(options.perPage ?? MAX_PER_PAGE)));
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 500));
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** `GET /ping`: the token and base URL work. */
  async ping(): Promise<void> {
    const body = await this.call('GET', 'ping');
    if (parseMessage(body) === null) throw this.bad('ping')('no message');
  }

  /** Every server of the workspace, paged to the end. */
  listServers(search?: string): Promise<RunCloudServer[]> {
    const bad = this.bad('servers');
    return this.listAll('servers', search ? { search } : {}, (item) => parseServer(item, bad));
  }

  async server(serverId: number): Promise<RunCloudServer> {
    const path = `servers/${checkId(serverId, 'server')}`;
    return parseServer(await this.call('GET', path), this.bad(path));
  }

  async serverStats(serverId: number): Promise<RunCloudServerStats> {
    const path = `servers/${checkId(serverId, 'server')}/stats`;
    return parseStats(await this.call('GET', path), this.bad(path));
  }

  async hardwareInfo(serverId: number): Promise<RunCloudHardware> {
    const path = `servers/${checkId(serverId, 'server')}/hardwareinfo`;
    return parseHardware(await this.call('GET', path), this.bad(path));
  }

  async latestHealth(serverId: number): Promise<RunCloudHealth> {
    const path = `servers/${checkId(serverId, 'server')}/health/latest`;
    return parseHealth(await this.call('GET', path), this.bad(path));
  }

  /** Every web app of a server, page by page (RunCloud has no listing across servers). */
  listWebapps(serverId: number): Promise<RunCloudWebapp[]> {
    const path = `servers/${checkId(serverId, 'server')}/webapps`;
    const bad = this.bad(path);
    return this.listAll(path, {}, (item) => parseWebapp(item, bad));
  }

  async webapp(serverId: number, webappId: number): Promise<RunCloudWebapp> {
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}`;
    return parseWebapp(await this.call('GET', path), this.bad(path));
  }

  /** The domains of a web app (its primary name, aliases and redirects), page by page. */
  listDomains(serverId: number, webappId: number): Promise<RunCloudDomain[]> {
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}/domains`;
    const bad = this.bad(path);
    return this.listAll(path, {}, (item) => parseDomain(item, bad));
  }

  /** The server's services, in RunCloud's order; a stopped one has no figures and `running: false`. */
  async services(serverId: number): Promise<RunCloudService[]> {
    const path = `servers/${checkId(serverId, 'server')}/services`;
    return parseServices(await this.call('GET', path), this.bad(path));
  }

  /** Starts, stops, restarts or reloads a service, named by its realName; answers RunCloud's message. */
  async serviceAction(
    serverId: number,
    realName: string,
    action: RunCloudServiceAction,
  ): Promise<{ message: string | null }> {
    const path = `servers/${checkId(serverId, 'server')}/services`;
    if (!REAL_NAME.test(realName)) throw invalid(`"${realName.slice(0, 40)}" is not a service's realName`);
    if (!SERVICE_ACTIONS.includes(action))
      throw invalid(`The service action must be one of ${SERVICE_ACTIONS.join(', ')}`);
    return { message: parseMessage(await this.call('PATCH', path, undefined, { action, realName })) };
  }

  /** The web app's git deployment; not_found when it deploys from no repository. */
  async git(serverId: number, webappId: number): Promise<RunCloudGit> {
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}/git`;
    return parseGit(await this.call('GET', path), this.bad(path));
  }

  /** Pulls and runs the deploy script now; reads the git id first when it is not given. */
  async forceDeploy(
    serverId: number,
    webappId: number,
    gitId?: number,
  ): Promise<{ gitId: number; message: string | null }> {
    const id = gitId === undefined ? (await this.git(serverId, webappId)).id : checkId(gitId, 'git');
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}/git/${id}/script`;
    return { gitId: id, message: parseMessage(await this.call('PUT', path, undefined, {})) };
  }

  /**
   * Pages with page/perPage until `meta.pagination` says the last page was read (or a page is empty); one
   * entry per id, so a listing that shifts while it is read repeats nothing.
   */
  private async listAll<T extends { id: number }>(
    path: string,
    params: Record<string, string>,
    parse: (item: unknown) => T,
  ): Promise<T[]> {
    const found = new Map<number, T>();
    for (let page = 1; page <= this.maxPages; page += 1) {
      const query = new URLSearchParams({ ...params, page: String(page), perPage: String(this.perPage) });
      const body = await this.call('GET', path, query);
      if (!isRecord(body) || !Array.isArray(body.data)) throw this.bad(path)('no data list');
      for (const item of body.data) {
        const parsed = parse(item);
        if (!found.has(parsed.id)) found.set(parsed.id, parsed);
      }
      const pagination = isRecord(body.meta) && isRecord(body.meta.pagination) ? body.meta.pagination : null;
      const total = Number(pagination?.total_pages);
      const current = Number(pagination?.current_page ?? page);
      if (!body.data.length || !Number.isFinite(total) || current >= total) return [...found.values()];
    }
    throw this.bad(path)(`more than ${this.maxPages} pages (paging does not end)`);
  }

  private async call(
    method: Method,
    path: string,
    query?: URLSearchParams,
    body?: unknown,
  ): Promise<unknown> {
    const url = `${this.base}${path}${query ? `?${query}` : ''}`;
    const maxRetries = Math.max(0, this.options.maxRetries ?? 2);
    const maxWait = this.options.maxRetryWaitSeconds ?? 60;
    for (let attempt = 0; ; attempt += 1) {
      const res = await this.fetch(method, url, path, body);
      if (res.status === 429 && attempt < maxRetries) {
        const wait = retryAfterSeconds(res.headers['retry-after']) ?? 1;
        if (wait <= maxWait) {
          await this.sleep(wait * 1000);
          continue;
        }
      }
      if (res.status < 200 || res.status >= 300) throw httpFailure(res, path, this.options.token);
      if (!res.body.length) return {};
      try {
        return res.json<unknown>();
      } catch (err) {
        throw new RunCloudError('bad_response', `RunCloud answered ${path} with invalid JSON`, {
          status: res.status,
          path,
          cause: err,
        });
      }
    }
  }

  private async fetch(method: Method, url: string, path: string, body: unknown): Promise<SafeResponse> {
    try {
      return await this.options.safeFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          'content-type': 'application/json',
        },
        accept: 'application/json',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // The API never redirects; a redirect would carry the token elsewhere.
        maxRedirects: 0,
        maxBytes: MAX_BYTES,
        timeoutMs: this.options.timeoutMs ?? 20_000,
      });
    } catch (err) {
      throw fromOutbound(err, path);
    }
  }

  private bad(path: string): Complaint {
    return (what) => new RunCloudError('bad_response', `RunCloud answered ${path} with ${what}`, { path });
  }
}
