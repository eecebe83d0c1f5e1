/** What the API clients (RunCloud, Cloudflare, Namecheap, AccuRanker, Google) share of their calls. */
import type { SafeFetch, SafeFetchInit, SafeResponse } from './safe-fetch.js';

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface RateLimitRetries {
  /** Retries after a 429 (default 2). */
  maxRetries?: number | undefined;
  /** Longest Retry-After waited out; a longer one is answered as it is (default 60 s). */
  maxRetryWaitSeconds?: number | undefined;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Sends a request again after a 429, waiting out its Retry-After (1 s when it is missing), a bounded number of
 * times and never longer than the cap: the APIs that answer 429 did not act on the request, so it is safe to
 * repeat. The last answer is returned as it is for the caller to read (a 429 left becomes its rate_limited).
 */
export async function sendRetryingRateLimits(
  send: () => Promise<SafeResponse>,
  o: RateLimitRetries,
): Promise<SafeResponse> {
  const maxRetries = Math.max(0, o.maxRetries ?? 2);
  const maxWait = o.maxRetryWaitSeconds ?? 60;
  for (let attempt = 0; ; attempt += 1) {
    const res = await send();
    if (res.status !== 429 || attempt >= maxRetries) return res;
    const wait = retryAfterSeconds(res.headers['retry-after']) ?? 1;
    if (wait > maxWait) return res;
    await o.sleep(wait * 1000);
  }
}

export interface BearerJsonRequest {
  method: NonNullable<SafeFetchInit['method']>;
  url: string;
  token: string;
  body?: unknown;
  timeoutMs: number;
  maxBytes: number;
  /** Send `Content-Type: application/json` on bodiless requests too (RunCloud requires it on every call). */
  alwaysJsonType?: boolean;
}

/**
 * One call of a Bearer-token JSON API through the guarded client: the token in the Authorization header,
 * JSON in and out, and no redirect followed (a redirect would carry the token elsewhere). A failed fetch
 * is thrown as the outbound client threw it, for the caller's own error class.
 */
export function sendBearerJson(safeFetch: SafeFetch, r: BearerJsonRequest): Promise<SafeResponse> {
  const json = r.body !== undefined || r.alwaysJsonType === true;
  return safeFetch(r.url, {
    method: r.method,
    headers: {
      authorization: `Bearer ${r.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    accept: 'application/json',
    ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    maxRedirects: 0,
    maxBytes: r.maxBytes,
    timeoutMs: r.timeoutMs,
  });
}
