import type { SafeFetch, SafeFetchInit, SafeResponse } from '../http/safe-fetch.js';
import { fromOutbound, redact, siteLabel, WordPressError } from './errors.js';
import { isRecord, ShapeError } from './parse.js';
import type { WordPressConnection } from './types.js';

export interface WordPressClientOptions {
  /** The SSRF-guarded fetch: site addresses come from users. */
  fetch: SafeFetch;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Per request that does real work on the site: updates, installs, uploads (default 120 s). */
  longTimeoutMs?: number;
  /** Per response body (default 16 MiB: a page of 100 posts with their content). */
  maxBytes?: number;
  /** Pages of one list fetched at the same time (default 4). */
  pageConcurrency?: number;
}

export type Query = Record<string, string | number | boolean>;

export interface CallInit {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Query;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  long?: boolean;
  /** The action named in `companion_missing` when this companion route does not exist on the site. */
  companionAction?: string;
}

export interface Answer<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
}

/** Runs `work` over items with at most `limit` at a time; results keep the items' order. */
export async function mapBounded<I, O>(items: readonly I[], limit: number, work: (item: I) => Promise<O>) {
  const out = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** Builds the URL of a REST route under either form of root. */
export function routeUrl(apiRoot: string, route: string, query: Query = {}): string {
  const url = new URL(apiRoot);
  if (url.searchParams.has('rest_route')) {
    url.searchParams.set('rest_route', `/${decodeURIComponent(route)}`);
  } else {
    url.pathname = `${url.pathname.replace(/\/?$/, '/')}${route}`;
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return url.href;
}

/** The site address with exactly one trailing slash on its path, no query and no fragment. */
export function normaliseSiteUrl(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`A WordPress site address must be http or https, not ${url.protocol}`);
  url.search = '';
  url.hash = '';
  url.username = '';
  url.password = '';
  url.pathname = url.pathname.replace(/\/*$/, '/');
  return url.href;
}

const CREDENTIAL_CODES = new Set(['incorrect_password', 'invalid_username', 'invalid_email']);
const PERMISSION_CODE = /^(rest_forbidden|rest_cannot_|sitefleet_forbidden)/;

/** WordPress's own message, as plain text on one line and bounded. */
function plain(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#8217;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

/** Talks to one site: authentication, JSON, and the translation of every failure into a WordPressError. */
export class Transport {
  readonly siteUrl: string;
  readonly site: string;
  private readonly authorization: string;
  private readonly secrets: string[];

  constructor(
    private readonly connection: WordPressConnection,
    readonly options: WordPressClientOptions,
  ) {
    this.siteUrl = normaliseSiteUrl(connection.url);
    this.site = siteLabel(this.siteUrl);
    const pair = `${connection.username}:${connection.applicationPassword}`;
    this.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
    this.secrets = [connection.applicationPassword, this.authorization.slice(6)];
  }

  fail(
    kind: WordPressError['kind'],
    message: string,
    extra: { status?: number; wpCode?: string; params?: Record<string, string> } = {},
  ): WordPressError {
    return new WordPressError(kind, redact(message, this.secrets), {
      site: this.site,
      ...(extra.status !== undefined ? { status: extra.status } : {}),
      ...(extra.wpCode !== undefined ? { wpCode: extra.wpCode } : {}),
      ...(extra.params !== undefined ? { params: extra.params } : {}),
    });
  }

  /** Sends one call and answers its parsed body; any non-2xx or unusable answer throws. */
  async call<T>(url: string, init: CallInit, parse: (data: unknown) => T): Promise<Answer<T>> {
    const res = await this.send(url, init);
    const data = this.json(res, init);
    if (res.status < 200 || res.status > 299) throw this.answerError(res.status, data, init);
    try {
      return { status: res.status, headers: res.headers, data: parse(data) };
    } catch (err) {
      if (!(err instanceof ShapeError)) throw err;
      throw this.fail('malformed', `${this.site} answered an unexpected body: ${err.message}`, {
        status: res.status,
      });
    }
  }

  async send(url: string, init: CallInit): Promise<SafeResponse> {
    const headers: Record<string, string> = { authorization: this.authorization, ...init.headers };
    const request: SafeFetchInit = {
      method: init.method === 'GET' || init.method === undefined ? 'GET' : 'POST',
      headers,
      accept: 'application/json',
      timeoutMs: init.long ? (this.options.longTimeoutMs ?? 120_000) : (this.options.timeoutMs ?? 15_000),
      maxBytes: this.options.maxBytes ?? 16 * 1024 * 1024,
    };
    if (init.method === 'DELETE') headers['x-http-method-override'] = 'DELETE';
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      request.body = JSON.stringify(init.json);
    } else if (init.body) {
      request.body = init.body;
    }
    try {
      return await this.options.fetch(url, request);
    } catch (err) {
      const translated = fromOutbound(err, this.site, request.timeoutMs ?? 0);
      throw this.fail(translated.kind, translated.message);
    }
  }

  /** The body as JSON, or the `not_json` error that says what came instead. */
  json(res: SafeResponse, init: CallInit = {}): unknown {
    const text = res.text().replace(/^\uFEFF/, '');
    try {
      if (text.trim() !== '') return JSON.parse(text);
    } catch {
      // Not JSON: described below.
    }
    if (res.status === 404 && init.companionAction) throw this.companionMissing(init.companionAction);
    const type = res.headers['content-type']?.split(';')[0]?.trim() ?? '';
    const what =
      type === 'text/html' || /^\s*</.test(text)
        ? 'HTML'
        : text.trim() === ''
          ? 'an empty body'
          : type || 'text';
    throw this.fail('not_json', `${this.site} answered ${what} instead of JSON (HTTP ${res.status})`, {
      status: res.status,
    });
  }

  companionMissing(action: string): WordPressError {
    return this.fail(
      'companion_missing',
      `${this.site}: the Sitefleet companion is not installed: ${action} needs it`,
    );
  }

  private answerError(status: number, data: unknown, init: CallInit): WordPressError {
    if (!isRecord(data) || typeof data.code !== 'string')
      return this.fail('http', `${this.site} answered HTTP ${status}`, { status });
    const code = data.code;
    const said = typeof data.message === 'string' ? plain(data.message) : '';
    const tail = said ? `: ${said}` : '';
    const paramsIn = isRecord(data.data) && isRecord(data.data.params) ? data.data.params : null;
    const params = paramsIn
      ? Object.fromEntries(Object.entries(paramsIn).map(([k, v]) => [k, plain(String(v))]))
      : undefined;
    const extra = { status, wpCode: code, ...(params ? { params } : {}) };
    if (status === 404 && code === 'rest_no_route' && init.companionAction)
      return this.companionMissing(init.companionAction);
    if (status === 401 && CREDENTIAL_CODES.has(code))
      return this.fail('auth', `${this.site}: wrong user or application password (${status} ${code})`, extra);
    if (status === 401 && code === 'application_passwords_disabled')
      return this.fail(
        'auth',
        `${this.site}: application passwords are disabled on the site (${status} ${code})`,
        extra,
      );
    if (status === 401)
      return this.fail(
        'auth',
        `${this.site}: the site did not log the user in; its web server may drop the Authorization header (${status} ${code})${tail}`,
        extra,
      );
    if (status === 403 && PERMISSION_CODE.test(code))
      return this.fail(
        'auth',
        `${this.site}: the user ${this.connection.username} is not allowed to do this (${status} ${code})${tail}`,
        extra,
      );
    return this.fail(
      'wordpress',
      `${this.site}: ${said || 'WordPress refused the request'} (${status} ${code})`,
      extra,
    );
  }
}
