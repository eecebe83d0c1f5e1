import { retryAfterSeconds } from '../http/json-api.js';
import { IntegrationError, outboundFailureKind } from '../errors.js';
import type { CloudflareApiMessage } from './types.js';

/**
 * auth: the token is missing, malformed, unknown, disabled or expired. forbidden: a valid token without the
 * permission (Cloudflare's 403 "Authentication error", 10000). not_found: no such zone or record (404, or the
 * 7003 "could not route" of an unknown id). invalid: Cloudflare refused the data (400 with its codes, e.g. 9005
 * for an A record's content), or the caller's input was refused before anything was sent. conflict: the zone or
 * record already exists (1061, 81053, 81057, 81058). rate_limited: 429 beyond the bounded retries, with
 * `retryAfterSeconds` when Cloudflare said. unavailable: Cloudflare failed (5xx). network / timeout: no
 * complete answer. refused: the outbound guard refused the configured address. bad_response: an answer that
 * is not the documented envelope (invalid JSON, no result, paging that does not end).
 */
export type CloudflareErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response';

export interface CloudflareErrorDetails {
  status?: number;
  /** The API path asked, without the query: `zones/023e…/dns_records`. */
  path?: string;
  retryAfterSeconds?: number;
  /** Cloudflare's `errors`, each followed by its `error_chain`. */
  errors?: CloudflareApiMessage[];
  cause?: unknown;
}

export class CloudflareError extends IntegrationError<CloudflareErrorKind> {
  override readonly name = 'CloudflareError';
  readonly status: number | undefined;
  readonly path: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly errors: CloudflareApiMessage[];

  constructor(kind: CloudflareErrorKind, message: string, details: CloudflareErrorDetails = {}) {
    super(kind, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.path = details.path;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.errors = details.errors ?? [];
  }

  /** Cloudflare's error codes, chained ones included. */
  get codes(): number[] {
    return this.errors.map((e) => e.code);
  }
}

export const isCloudflareError = (err: unknown): err is CloudflareError => err instanceof CloudflareError;

/**
 * Codes of a refused token: 1000 invalid API token (verify), 6003/6111 malformed header, 9103/9106/9107 missing
 * or unknown credentials, 10001 unable to authenticate (9109 is decided by its words, below).
 */
const AUTH_CODES = new Set([1000, 6003, 6111, 9103, 9106, 9107, 10001]);
/** 1061 zone exists, 81053 A/AAAA/CNAME on that host exists, 81057 record exists, 81058 identical record. */
export const CONFLICT_CODES = new Set([1061, 81053, 81057, 81058]);
/** 7003 "could not route … perhaps your object identifier is invalid", 7000 no route, 81044 record missing. */
const NOT_FOUND_CODES = new Set([7000, 7003, 81044]);

/** Text from Cloudflare fit to quote in a message: one line, bounded, without the token. */
export function quoteSafely(text: string, token: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const bounded = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return token.length >= 4 ? bounded.replaceAll(token, '***') : bounded;
}

export { retryAfterSeconds } from '../http/json-api.js';

/** Translates a failed fetch; the token travels in a header, so the outbound message cannot carry it. */
export function fromOutbound(err: unknown, path: string): CloudflareError {
  const kind: CloudflareErrorKind = outboundFailureKind(err);
  const detail = err instanceof Error ? err.message : String(err);
  return new CloudflareError(kind, `Cloudflare request for ${path} failed: ${detail}`, { path, cause: err });
}

/** 9109 is "Invalid access token" for a bad token, "Unauthorized to access requested resource" otherwise. */
const refusedToken = (errors: CloudflareApiMessage[]) =>
  errors.some((e) => AUTH_CODES.has(e.code) || (e.code === 9109 && /invalid/i.test(e.message)));

function kindOf(status: number, errors: CloudflareApiMessage[]): CloudflareErrorKind {
  const has = (codes: Set<number>) => errors.some((e) => codes.has(e.code));
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status === 401 || refusedToken(errors)) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 409 || has(CONFLICT_CODES)) return 'conflict';
  if (status === 404 || has(NOT_FOUND_CODES)) return 'not_found';
  if (status === 400 || status === 405 || status === 413 || status === 415 || status === 422)
    return 'invalid';
  return 'bad_response';
}

const WHAT: Record<CloudflareErrorKind, string> = {
  auth: 'refused the API token for',
  forbidden: 'forbids this token',
  not_found: 'does not know',
  invalid: 'refused the data for',
  conflict: 'refused a duplicate for',
  rate_limited: 'is rate limiting',
  unavailable: 'failed on',
  network: 'could not be reached for',
  timeout: 'did not answer in time for',
  refused: 'may not be called for',
  bad_response: 'answered unexpectedly for',
};

/** The error for an answer that is not a success, quoting Cloudflare's own codes and words without the token. */
export function apiFailure(
  status: number,
  path: string,
  errors: CloudflareApiMessage[],
  token: string,
  retryHeader?: string,
): CloudflareError {
  const kind = kindOf(status, errors);
  const safe = errors.map((e) => ({ code: e.code, message: quoteSafely(e.message, token) }));
  const said = safe.map((e) => `${e.message} (${e.code})`).join('; ');
  const retry = status === 429 ? retryAfterSeconds(retryHeader) : undefined;
  return new CloudflareError(
    kind,
    `Cloudflare ${WHAT[kind]} ${path} (HTTP ${status})${said ? `: ${said}` : ''}`,
    {
      status,
      path,
      errors: safe,
      ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
    },
  );
}
