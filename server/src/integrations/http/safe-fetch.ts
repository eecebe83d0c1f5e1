import { Agent, type Dispatcher } from 'undici';
import { createAddressPolicy, type AddressPolicy } from './address-policy.js';
import { decodeBody, decodeText, decodeTruncated, readCapped, readUpTo } from './body.js';
import { createGuardedConnector, resolveChecked, systemResolver, type Resolver } from './connector.js';
import { OutboundError } from './errors.js';
import { parseTarget, type Target } from './target.js';

export interface SafeFetchOptions {
  /** Permit private, loopback and link-local addresses (private deployments and tests). */
  allowPrivate?: boolean;
  /** IPs or CIDRs that are always allowed, whatever their range. */
  allowHosts?: string[];
  userAgent?: string;
  defaultTimeoutMs?: number;
  defaultMaxBytes?: number;
  defaultMaxRedirects?: number;
  /** Replaces system DNS resolution (tests, custom resolvers); must return every address of the name. */
  lookup?: Resolver;
  /**
   * How long a host name that passed the pre-check is not resolved again before each request (default 30 s;
   * 0: every request). The connector still resolves and checks the address of every connection it opens.
   */
  precheckTtlMs?: number;
}

export interface SafeFetchInit {
  /** PUT, PATCH and DELETE for APIs that need them (RunCloud's actions and deploys, Cloudflare's DNS records). */
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** A Buffer is sent as it is (uploads); set its Content-Type in `headers`. */
  body?: string | Buffer;
  /** Total time for the whole exchange, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  /** 0 returns a redirect response as it is instead of following it. */
  maxRedirects?: number;
  accept?: string;
  /** Do not read the body at all (status checks): it is drained and `body` is empty. */
  discardBody?: boolean;
  /**
   * Keep the first maxBytes of the body instead of failing with too_large when it is longer (a declared
   * Content-Length above the cap included); compressed bodies are inflated up to maxBytes.
   */
  truncateBody?: boolean;
}

export interface SafeResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  /** URLs that answered with a redirect, in the order they were visited. */
  redirects: string[];
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /**
   * The IP address the answer came from: the URL's own when it is an IP literal, else the address of the
   * newest connection to its host (a host whose name resolves elsewhere meanwhile may be one behind).
   */
  address: string | null;
  body: Buffer;
  text(): string;
  json<T>(): T;
}

export type SafeFetch = (url: string, init?: SafeFetchInit) => Promise<SafeResponse>;
export type SafeFetchClient = SafeFetch & { close(): Promise<void> };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Hosts remembered at most, per memory below (the oldest is forgotten first). */
const HOSTS_KEPT = 4096;

const hostKey = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Sets a host's entry as the newest of a map that keeps HOSTS_KEPT hosts at most. */
function rememberHost<V>(byHost: Map<string, V>, hostname: string, value: V): void {
  const key = hostKey(hostname);
  byHost.delete(key);
  byHost.set(key, value);
  if (byHost.size > HOSTS_KEPT) byHost.delete(byHost.keys().next().value!);
}

/** The address of the newest connection to each host, for SafeResponse.address. */
class ConnectedAddresses {
  private readonly byHost = new Map<string, string>();

  remember = (hostname: string, address: string): void => rememberHost(this.byHost, hostname, address);

  of(target: Target): string | null {
    return target.ip ?? this.byHost.get(hostKey(target.hostname)) ?? null;
  }
}
/**
 * Host names whose pre-check passed, until when (a sync asks one site several times in a row; each asking
 * resolved the name again). Only a passed check is kept; the oldest is forgotten first.
 */
class PassedPrechecks {
  private readonly until = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  passed(hostname: string, now: number): boolean {
    const until = this.until.get(hostKey(hostname));
    return until !== undefined && until > now;
  }

  remember(hostname: string, now: number): void {
    if (this.ttlMs > 0) rememberHost(this.until, hostname, now + this.ttlMs);
  }
}
const DEFAULT_PRECHECK_TTL_MS = 30_000;

const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const EMPTY = Buffer.alloc(0);

function flatten(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function makeResponse(
  status: number,
  url: string,
  redirects: string[],
  headers: Record<string, string>,
  body: Buffer,
  address: string | null,
) {
  const response: SafeResponse = {
    status,
    url,
    redirects,
    headers,
    address,
    body,
    text: () => decodeText(body, headers['content-type']),
    json: <T>() => JSON.parse(response.text()) as T,
  };
  return response;
}

interface Exchange {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  maxBytes: number;
  maxRedirects: number;
  discardBody: boolean;
  truncateBody: boolean;
}

function requestHeaders(init: SafeFetchInit, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: init.accept ?? '*/*',
    'accept-encoding': 'gzip, deflate, br',
  };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

/** Builds the one HTTP client every outbound fetch of a user- or registry-supplied URL goes through. */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetchClient {
  const policy: AddressPolicy = createAddressPolicy(options);
  const resolver = options.lookup ?? systemResolver;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
  const userAgent = options.userAgent ?? 'Sitefleet/1.0';
  const connected = new ConnectedAddresses();
  const agent = new Agent({
    connect: createGuardedConnector(policy, resolver, defaultTimeoutMs, connected.remember),
  });

  const prechecks = new PassedPrechecks(options.precheckTtlMs ?? DEFAULT_PRECHECK_TTL_MS);

  // Fails fast with a clear message; the connector checks again on the address it actually dials, so a name
  // that passed a moment ago is not resolved again for each request (a reused connection dials nothing).
  const precheck = async (target: Target): Promise<void> => {
    if (target.ip) return policy.assertAddress(target.ip);
    if (prechecks.passed(target.hostname, Date.now())) return;
    await resolveChecked(target.hostname, policy, resolver);
    prechecks.remember(target.hostname, Date.now());
  };

  async function exchange(first: Target, ex: Exchange, signal: AbortSignal): Promise<SafeResponse> {
    let target = first;
    const redirects: string[] = [];
    for (;;) {
      await precheck(target);
      const res = await agent.request({
        origin: target.url.origin,
        path: `${target.url.pathname}${target.url.search}`,
        method: ex.method,
        headers: ex.headers,
        body: ex.body ?? null,
        signal,
      });
      const headers = flatten(res.headers);
      const location = headers.location;
      if (REDIRECT_STATUSES.has(res.statusCode) && location && ex.maxRedirects > 0) {
        await res.body.dump();
        if (redirects.length >= ex.maxRedirects)
          throw new OutboundError('too_many_redirects', `Stopped after ${ex.maxRedirects} redirects`);
        const next = parseTarget(location, target.url.href);
        if (res.statusCode === 303 || (res.statusCode <= 302 && ex.method === 'POST')) {
          ex.method = 'GET';
          ex.body = undefined;
          delete ex.headers['content-type'];
        }
        if (next.url.origin !== target.url.origin)
          ex.headers = Object.fromEntries(
            Object.entries(ex.headers).filter(([h]) => !CREDENTIAL_HEADERS.includes(h)),
          );
        redirects.push(target.url.href);
        target = next;
        continue;
      }
      if (ex.discardBody) {
        await res.body.dump();
        return makeResponse(res.statusCode, target.url.href, redirects, headers, EMPTY, connected.of(target));
      }
      if (ex.truncateBody) {
        const raw = ex.method === 'HEAD' ? EMPTY : await readUpTo(res.body, ex.maxBytes);
        const body = await decodeTruncated(raw, headers['content-encoding'], ex.maxBytes);
        return makeResponse(res.statusCode, target.url.href, redirects, headers, body, connected.of(target));
      }
      const declared = Number(headers['content-length'] ?? 0);
      if (declared > ex.maxBytes) {
        res.body.destroy();
        throw new OutboundError('too_large', `The response is larger than the ${ex.maxBytes}-byte limit`);
      }
      const raw = ex.method === 'HEAD' ? Buffer.alloc(0) : await readCapped(res.body, ex.maxBytes);
      const body = await decodeBody(raw, headers['content-encoding'], ex.maxBytes);
      return makeResponse(res.statusCode, target.url.href, redirects, headers, body, connected.of(target));
    }
  }

  const safeFetch: SafeFetch = async (url, init = {}) => {
    const target = parseTarget(url);
    const timeoutMs = init.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const ex: Exchange = {
      method: init.method ?? 'GET',
      headers: requestHeaders(init, userAgent),
      body: init.body,
      maxBytes: init.maxBytes ?? options.defaultMaxBytes ?? 5 * 1024 * 1024,
      maxRedirects: init.maxRedirects ?? options.defaultMaxRedirects ?? 5,
      discardBody: init.discardBody === true,
      truncateBody: init.truncateBody === true,
    };
    const timedOut = () =>
      new OutboundError('timeout', `${target.hostname} did not answer within ${timeoutMs} ms`);
    // The race also covers steps that do not watch the signal (a resolver that hangs).
    const deadline = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(timedOut()), { once: true });
    });
    const work = exchange(target, ex, controller.signal);
    work.catch(() => undefined);
    deadline.catch(() => undefined);
    try {
      return await Promise.race([work, deadline]);
    } catch (err) {
      if (err instanceof OutboundError) throw err;
      if (controller.signal.aborted) throw timedOut();
      const detail = err instanceof Error ? err.message : String(err);
      throw new OutboundError('network', `Could not fetch ${target.url.href}: ${detail}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(safeFetch, { close: () => agent.close() });
}
