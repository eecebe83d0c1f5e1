import { retryAfterSeconds } from '../http/json-api.js';
import { setTimeout as delay } from 'node:timers/promises';
import { OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import {
  GoogleAuthError,
  GoogleTokenSource,
  toServiceAccountKey,
  type GoogleAuthErrorKind,
  type ServiceAccountKeyInput,
} from './service-account.js';

/**
 * The failure kinds of a Google API client: those of the token exchange, plus invalid (a 400
 * INVALID_ARGUMENT, or input refused before sending), permission_denied (403: the service account is not a
 * user of the property, the property is not verified for it, or the API is not enabled in its project) and
 * not_found (404). quota_exceeded is a 429 RESOURCE_EXHAUSTED (or a 403 whose reason names a quota) after
 * the one bounded retry.
 */
export type GoogleApiErrorKind = GoogleAuthErrorKind | 'invalid' | 'permission_denied' | 'not_found';

export interface GoogleApiErrorDetails {
  /** What was asked, e.g. "runReport" or "token". */
  endpoint?: string;
  status?: number;
  /** The envelope's `error.status`, e.g. "PERMISSION_DENIED". */
  googleStatus?: string;
  /** The first `errors[].reason` or `details[].reason`, e.g. "forbidden", "quotaExceeded", "SERVICE_DISABLED". */
  reason?: string;
  retryAfterSeconds?: number;
}

export type GoogleErrorFactory<E extends Error> = (
  kind: GoogleApiErrorKind,
  message: string,
  details: GoogleApiErrorDetails,
) => E;

export interface GoogleApiOptions<E extends Error> {
  /** Names the service in messages ("Google Analytics", "Search Console"). */
  service: string;
  tokens: GoogleTokenSource;
  safeFetch: SafeFetch;
  fail: GoogleErrorFactory<E>;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Longest Retry-After the one retry after a 429 waits out (default 10 s); 0 never retries. */
  maxRetryWaitMs?: number;
  /** Replaces the wait before the retry (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Quota reasons of the older (webmasters v3) error format, which may come with a 403. */
const QUOTA_REASONS = new Set([
  'quotaExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'RATE_LIMIT_EXCEEDED',
]);

export { retryAfterSeconds } from '../http/json-api.js';

interface Envelope {
  message: string | null;
  googleStatus: string | null;
  reason: string | null;
}

/** Reads Google's JSON error envelope `{"error":{"code","message","status","errors":[…],"details":[…]}}`. */
export function readEnvelope(res: SafeResponse): Envelope {
  const none: Envelope = { message: null, googleStatus: null, reason: null };
  let body: unknown;
  try {
    body = res.json<unknown>();
  } catch {
    return none;
  }
  if (!isRecord(body) || !isRecord(body.error)) return none;
  const error = body.error;
  const reasons = [
    ...(Array.isArray(error.errors) ? error.errors : []),
    ...(Array.isArray(error.details) ? error.details : []),
  ]
    .map((item) => (isRecord(item) ? item.reason : undefined))
    .filter((r): r is string => typeof r === 'string' && r.length > 0);
  return {
    message:
      typeof error.message === 'string' ? error.message.replace(/\s+/g, ' ').trim().slice(0, 300) : null,
    googleStatus: typeof error.status === 'string' ? error.status : null,
    reason: reasons.find((r) => QUOTA_REASONS.has(r) || r === 'SERVICE_DISABLED') ?? reasons[0] ?? null,
  };
}

/**
 * One Google JSON API behind a service-account token: sends a request with the Bearer token, retries once
 * after a 429 whose Retry-After is within bounds, replaces a token the API refused (401) once, and turns
 * every failure into the client's error type.
 */
export class GoogleApi<E extends Error> {
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: GoogleApiOptions<E>) {
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** The parsed JSON of a 200 answer. */
  async request(endpoint: string, url: string, body?: unknown): Promise<unknown> {
    let res = await this.send(endpoint, url, body, false);
    if (res.status === 429) {
      const wait = retryAfterSeconds(res.headers['retry-after']);
      const maxWait = this.options.maxRetryWaitMs ?? 10_000;
      if (wait !== undefined && maxWait > 0 && wait * 1000 <= maxWait) {
        await this.sleep(wait * 1000);
        res = await this.send(endpoint, url, body, false);
      }
    }
    if (res.status !== 200) throw this.httpFailure(endpoint, res);
    try {
      return res.json<unknown>();
    } catch {
      throw this.options.fail(
        'bad_response',
        `${this.options.service} answered ${endpoint} with invalid JSON`,
        {
          endpoint,
          status: 200,
        },
      );
    }
  }

  /** A bad_response error for a 200 answer whose shape is not the documented one. */
  malformed(endpoint: string, what: string): E {
    return this.options.fail(
      'bad_response',
      `${this.options.service} answered ${endpoint} with an unexpected shape: ${what}`,
      { endpoint, status: 200 },
    );
  }

  invalid(message: string): E {
    return this.options.fail('invalid', message, {});
  }

  private async token(endpoint: string): Promise<string> {
    try {
      return await this.options.tokens.accessToken();
    } catch (err) {
      if (!(err instanceof GoogleAuthError)) throw err;
      throw this.options.fail(err.kind, `${this.options.service} sign-in failed: ${err.message}`, {
        endpoint,
        ...(err.status !== undefined ? { status: err.status } : {}),
      });
    }
  }

  private async send(endpoint: string, url: string, body: unknown, renewed: boolean): Promise<SafeResponse> {
    const token = await this.token(endpoint);
    let res: SafeResponse;
    try {
      res = await this.options.safeFetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        accept: 'application/json',
        // A redirect would carry the token elsewhere; these APIs do not redirect.
        maxRedirects: 0,
        maxBytes: 32 * 1024 * 1024,
        timeoutMs: this.options.timeoutMs ?? 30_000,
      });
    } catch (err) {
      throw this.outbound(endpoint, err);
    }
    if (res.status === 401) {
      this.options.tokens.invalidate(token);
      if (!renewed) return this.send(endpoint, url, body, true);
    }
    return res;
  }

  private outbound(endpoint: string, err: unknown): E {
    const detail = err instanceof Error ? err.message : String(err);
    let kind: GoogleApiErrorKind = 'network';
    if (err instanceof OutboundError) {
      if (err.reason === 'timeout') kind = 'timeout';
      else if (err.reason === 'too_large') kind = 'bad_response';
      else if (err.reason !== 'network') kind = 'refused';
    }
    return this.options.fail(kind, `${this.options.service} request ${endpoint} failed: ${detail}`, {
      endpoint,
    });
  }

  private httpFailure(endpoint: string, res: SafeResponse): E {
    const { message, googleStatus, reason } = readEnvelope(res);
    const status = res.status;
    const quota = (reason !== null && QUOTA_REASONS.has(reason)) || googleStatus === 'RESOURCE_EXHAUSTED';
    let kind: GoogleApiErrorKind;
    let what: string;
    if (status === 429 || (status === 403 && quota)) {
      kind = 'quota_exceeded';
      what = 'refused the request: a quota is used up';
    } else if (status === 401) {
      kind = 'auth';
      what = 'refused the access token';
    } else if (status === 403) {
      kind = 'permission_denied';
      what =
        reason === 'SERVICE_DISABLED'
          ? 'refused access: the API is not enabled in the service account’s project'
          : 'refused access: the service account is not a user of this property';
    } else if (status === 404) {
      kind = 'not_found';
      what = 'does not know what was asked';
    } else if (status >= 500) {
      kind = 'unavailable';
      what = 'failed';
    } else if (status >= 400) {
      kind = 'invalid';
      what = 'refused the request';
    } else {
      kind = 'bad_response';
      what = 'answered with an unexpected status';
    }
    const retry = status === 429 ? retryAfterSeconds(res.headers['retry-after']) : undefined;
    const said = message ? `: ${message}` : '';
    return this.options.fail(kind, `${this.options.service} ${what} (HTTP ${status}, ${endpoint})${said}`, {
      endpoint,
      status,
      ...(googleStatus ? { googleStatus } : {}),
      ...(reason ? { reason } : {}),
      ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
    });
  }
}

/** What every Google API client takes: the service account's key and how to reach and wait on Google. */
export interface GoogleClientOptions {
  /** The key file (JSON text or parsed) or a parsed key. */
  key: ServiceAccountKeyInput;
  safeFetch: SafeFetch;
  /** Where the JWT is exchanged (default the key file's token_uri, else Google's). */
  tokenUrl?: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Longest Retry-After the one retry after a 429 waits out (default 10 s); 0 never retries. */
  maxRetryWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * The signed-in request helper of one Google API: the key checked (a bad one fails as the client's own
 * bad_key error), a token source for the API's scope, and the bounded-retry requests.
 */
export function googleApi<E extends Error>(
  service: string,
  scope: string,
  options: GoogleClientOptions,
  fail: GoogleErrorFactory<E>,
): GoogleApi<E> {
  let key;
  try {
    key = toServiceAccountKey(options.key);
  } catch (err) {
    if (err instanceof GoogleAuthError) throw fail('bad_key', err.message, {});
    throw err;
  }
  const tokens = new GoogleTokenSource({
    key,
    scopes: [scope],
    safeFetch: options.safeFetch,
    ...(options.tokenUrl ? { tokenUrl: options.tokenUrl } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return new GoogleApi({
    service,
    tokens,
    safeFetch: options.safeFetch,
    fail,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRetryWaitMs !== undefined ? { maxRetryWaitMs: options.maxRetryWaitMs } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}
