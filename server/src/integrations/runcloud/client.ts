import { setTimeout as delay } from 'node:timers/promises';
import { sendBearerJson, sendRetryingRateLimits, type RateLimitRetries } from '../http/json-api.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { fromOutbound, httpFailure, RunCloudError, unsureCreation } from './errors.js';
import {
  isId,
  isRecord,
  parseDomain,
  parseGit,
  parseHardware,
  parseHealth,
  parseInstaller,
  parseMessage,
  parseServer,
  parseServices,
  parseStats,
  parseSystemUser,
  parseWebapp,
  type Complaint,
} from './parse.js';
import {
  SERVICE_ACTIONS,
  type RunCloudDomain,
  type RunCloudGit,
  type RunCloudHardware,
  type RunCloudHealth,
  type RunCloudInstaller,
  type RunCloudServer,
  type RunCloudServerStats,
  type RunCloudService,
  type RunCloudServiceAction,
  type RunCloudSystemUser,
  type RunCloudWebapp,
  type RunCloudWebappInput,
  type RunCloudWordPressInput,
} from './types.js';
import {
  PHP_VERSION,
  checkWebappInput,
  checkWebappName,
  checkWordPressInput,
  customWebappBody,
  wordPressBody,
  type CheckedWebapp,
} from './webapp-input.js';

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
 * reload by `realName`, the git force deploy, and creating web apps (with WordPress) on a server, never twice.
 * Every call goes through the injected SafeFetch with the
 * JSON headers RunCloud requires; a 429 is retried after its Retry-After, within bounds; failures are
 * RunCloudError with the kind a caller branches on and RunCloud's own message.
 */
export class RunCloudClient {
  private readonly base: string;
  private readonly perPage: number;
  private readonly maxPages: number;
  private readonly retries: RateLimitRetries;

  constructor(private readonly options: RunCloudClientOptions) {
    if (!options.token.trim()) throw new Error('The RunCloud client needs an API token');
    this.base = `${(options.baseUrl ?? RUNCLOUD_BASE_URL).replace(/\/+$/, '')}/`;
    this.perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(options.perPage ?? MAX_PER_PAGE)));
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 500));
    this.retries = {
      maxRetries: options.maxRetries,
      maxRetryWaitSeconds: options.maxRetryWaitSeconds,
      sleep: options.sleep ?? ((ms) => delay(ms)),
    };
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

  /** Every web app of a server, page by page (RunCloud has no listing across servers); `search` matches names. */
  listWebapps(serverId: number, search?: string): Promise<RunCloudWebapp[]> {
    const path = `servers/${checkId(serverId, 'server')}/webapps`;
    const bad = this.bad(path);
    return this.listAll(path, search ? { search } : {}, (item) => parseWebapp(item, bad));
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

  /*
   * Creating a web app (SPEC §2.6 "Want to do a fresh install?"). Documented calls followed:
   * - `POST /servers/{id}/webapps/wordpress` (v3 docs, "Create WordPress web application"; an example only):
   *   the web app, its database and database user, and WordPress set up, in one call; answers the web app
   *   (`type` "wordpress"). Preferred for a fresh install: users report that a web app made by /custom stays
   *   `type` "custom", which RunCloud's WordPress tools refuse, and that the type cannot be changed later.
   * - `POST /servers/{id}/webapps/custom` (its field list is in the v2 docs' "Create web application"; the
   *   same path in v3): a web app without WordPress; answers the web app.
   * - `POST /servers/{id}/webapps/{wid}/installer` with `{name: "wordpress"}` (v2 docs; v3 documents its GET
   *   and `DELETE …/installer/{installerId}`): puts a script into an existing web app; answers
   *   `{id, name, realName, created_at}`.
   * - `GET /servers/{id}/users` (v3 docs; `search` from v2): a creation's `user` is a system user's id.
   * - `GET /servers/{id}/webapps?search=` (v3 docs): finds a web app by name.
   * Thin in the documentation, so assumed: the rules of names and fields (webapp-input.ts); that names are
   * unique per server (they are folder names) and `search` matches them by substring; that the installer only
   * puts WordPress's files in place (WordPress's own setup page and a database are still to be done); the
   * answers' status (200 in the examples; any 2xx is taken); what GET installer answers when there is none
   * (taken to be 404). A creation is never retried: a lost answer is outcome_unknown and the caller looks it
   * up (findWebapp, installer) before asking again.
   */

  /** The server's system users, page by page; `search` matches usernames. */
  systemUsers(serverId: number, search?: string): Promise<RunCloudSystemUser[]> {
    const path = `servers/${checkId(serverId, 'server')}/users`;
    const bad = this.bad(path);
    return this.listAll(path, search ? { search } : {}, (item) => parseSystemUser(item, bad));
  }

  /** The web app of exactly this name (case aside), or null: how an interrupted creation is found again. */
  async findWebapp(serverId: number, name: string): Promise<RunCloudWebapp | null> {
    const wanted = checkWebappName(name).toLowerCase();
    const found = await this.listWebapps(serverId, name);
    return found.find((w) => w.name.toLowerCase() === wanted) ?? null;
  }

  /** A web app without WordPress; the input is checked before anything is sent. */
  async createWebapp(serverId: number, input: RunCloudWebappInput): Promise<RunCloudWebapp> {
    checkId(serverId, 'server');
    const checked = checkWebappInput(input);
    const owner = await this.owner(serverId, checked);
    const php = await this.phpFor(serverId, checked);
    return this.create(serverId, 'custom', checked.name, customWebappBody(checked, owner, php), []);
  }

  /** A web app with WordPress set up, in one call; its passwords never appear in errors. */
  async createWordPressWebapp(serverId: number, input: RunCloudWordPressInput): Promise<RunCloudWebapp> {
    checkId(serverId, 'server');
    const checked = checkWordPressInput(input);
    const owner = await this.owner(serverId, checked);
    const php = await this.phpFor(serverId, checked);
    const secrets = [checked.adminPassword, checked.dbPassword];
    return this.create(serverId, 'wordpress', checked.name, wordPressBody(checked, owner, php), secrets);
  }

  /** Puts WordPress into an existing web app with the script installer; answers what was installed. */
  async installWordPress(serverId: number, webappId: number): Promise<RunCloudInstaller> {
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}/installer`;
    try {
      return parseInstaller(await this.call('POST', path, undefined, { name: 'wordpress' }), this.bad(path));
    } catch (err) {
      throw unsureCreation(err, `the WordPress installer of web app ${webappId}`, 'read installer()');
    }
  }

  /** The script a web app's installer put in place; not_found when it has none. */
  async installer(serverId: number, webappId: number): Promise<RunCloudInstaller> {
    const path = `servers/${checkId(serverId, 'server')}/webapps/${checkId(webappId, 'web app')}/installer`;
    return parseInstaller(await this.call('GET', path), this.bad(path));
  }

  /** The system user a new web app runs as: the one asked for, else `runcloud`; invalid if none. */
  private async owner(serverId: number, w: CheckedWebapp): Promise<RunCloudSystemUser> {
    const users = await this.systemUsers(serverId, w.userId === undefined ? 'runcloud' : undefined);
    const owner = users.find((u) => (w.userId === undefined ? u.username === 'runcloud' : u.id === w.userId));
    if (owner) return owner;
    const message = `Server ${serverId} has no system user ${w.userId ?? '"runcloud"'}`;
    throw new RunCloudError('invalid', message, { fields: { user: message } });
  }

  /** The PHP asked for, else the server's command-line one: a version surely installed there. */
  private async phpFor(serverId: number, w: CheckedWebapp): Promise<string> {
    if (w.phpVersion !== undefined) return w.phpVersion;
    const cli = (await this.server(serverId)).phpCliVersion;
    if (cli && PHP_VERSION.test(cli)) return cli;
    throw this.bad(`servers/${serverId}`)(`no usable phpCLIVersion ("${String(cli).slice(0, 20)}")`);
  }

  /** One creation POST, never repeated; a lost or unreadable answer is outcome_unknown. */
  private async create(
    serverId: number,
    kind: 'custom' | 'wordpress',
    name: string,
    body: Record<string, unknown>,
    secrets: string[],
  ): Promise<RunCloudWebapp> {
    const path = `servers/${serverId}/webapps/${kind}`;
    try {
      return parseWebapp(await this.call('POST', path, undefined, body, secrets), this.bad(path));
    } catch (err) {
      throw unsureCreation(err, `web app "${name}" on server ${serverId}`, 'look for it with findWebapp()');
    }
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

  /** `secrets`: values sent in the body that RunCloud's error text must not carry on (passwords). */
  private async call(
    method: Method,
    path: string,
    query?: URLSearchParams,
    body?: unknown,
    secrets: readonly string[] = [],
  ): Promise<unknown> {
    const url = `${this.base}${path}${query ? `?${query}` : ''}`;
    const res = await sendRetryingRateLimits(() => this.fetch(method, url, path, body), this.retries);
    if (res.status < 200 || res.status >= 300) throw httpFailure(res, path, [this.options.token, ...secrets]);
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

  private async fetch(method: Method, url: string, path: string, body: unknown): Promise<SafeResponse> {
    try {
      return await sendBearerJson(this.options.safeFetch, {
        method,
        url,
        token: this.options.token,
        body,
        maxBytes: MAX_BYTES,
        timeoutMs: this.options.timeoutMs ?? 20_000,
        alwaysJsonType: true,
      });
    } catch (err) {
      throw fromOutbound(err, path);
    }
  }

  private bad(path: string): Complaint {
    return (what) => new RunCloudError('bad_response', `RunCloud answered ${path} with ${what}`, { path });
  }
}
