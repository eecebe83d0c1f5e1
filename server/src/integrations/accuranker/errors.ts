import { retryAfterSeconds } from '../http/json-api.js';
import { IntegrationError, outboundFailureKind } from '../errors.js';
import type { SafeResponse } from '../http/safe-fetch.js';

/**
 * auth: the token was missing or refused (401, or a 403 that is not about the plan). quota: the account's plan
 * does not include the endpoint (402, or 403 naming the plan). not_found: the domain or keyword does not exist
 * for this token (404). rate_limited: 429 beyond the one bounded retry; `retryAfterSeconds` when the answer
 * said. invalid: the request was refused as invalid (400), or the caller's input was invalid and nothing was
 * sent. unavailable: AccuRanker failed (5xx), worth retrying later. network: no answer (refused, reset, DNS).
 * timeout: no complete answer in time. refused: the outbound guard refused the configured address.
 * bad_response: an answer that is not the documented shape (invalid JSON, missing fields, endless paging).
 */
export type AccurankerErrorKind =
  | 'auth'
  | 'quota'
  | 'not_found'
  | 'rate_limited'
  | 'invalid'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response';

export interface AccurankerErrorDetails {
  status?: number;
  retryAfterSeconds?: number;
  /** The API path asked for, without the query (`domains/42/keywords/`). */
  path?: string;
  cause?: unknown;
}

export class AccurankerError extends IntegrationError<AccurankerErrorKind> {
  override readonly name = 'AccurankerError';
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly path: string | undefined;

  constructor(kind: AccurankerErrorKind, message: string, details: AccurankerErrorDetails = {}) {
    super(kind, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.path = details.path;
  }
}

export const isAccurankerError = (err: unknown): err is AccurankerError => err instanceof AccurankerError;

/** Text from AccuRanker fit to quote in a message: one line, bounded, without the token. */
export function quoteSafely(text: string, token: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const bounded = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return token.length >= 4 ? bounded.replaceAll(token, '***') : bounded;
}

/** Translates a failed fetch; the token travels in a header, so the outbound message cannot carry it. */
export function fromOutbound(err: unknown, path: string): AccurankerError {
  const detail = err instanceof Error ? err.message : String(err);
  return new AccurankerError(outboundFailureKind(err), `AccuRanker request for ${path} failed: ${detail}`, {
    path,
    cause: err,
  });
}

export { retryAfterSeconds } from '../http/json-api.js';

/** What an error body says: DRF's `detail`, the plan gate's `message`, or a 400's field errors. */
function errorText(res: SafeResponse): string {
  let body: unknown;
  try {
    body = res.json<unknown>();
  } catch {
    return '';
  }
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    if ('detail' in body && typeof body.detail === 'string') return body.detail;
    if ('message' in body && typeof body.message === 'string') return body.message;
    return Object.keys(body).length ? JSON.stringify(body) : '';
  }
  return Array.isArray(body) && body.every((item) => typeof item === 'string') ? body.join(' ') : '';
}

const STATUS_KINDS: Array<[(status: number, text: string) => boolean, AccurankerErrorKind, string]> = [
  [(s) => s === 401, 'auth', 'refused the API token for'],
  [(s, text) => s === 402 || (s === 403 && /\bplan\b/i.test(text)), 'quota', 'does not include in the plan'],
  [(s) => s === 403, 'auth', 'denied this API token'],
  [(s) => s === 404, 'not_found', 'does not know'],
  [(s) => s === 429, 'rate_limited', 'is rate limiting'],
  [(s) => s === 400, 'invalid', 'refused the request for'],
  [(s) => s >= 500, 'unavailable', 'failed on'],
];

/** The error for a non-200 answer, quoting AccuRanker's own text without the token. */
export function httpFailure(res: SafeResponse, path: string, token: string): AccurankerError {
  const text = errorText(res);
  const [, kind, what] = STATUS_KINDS.find(([test]) => test(res.status, text)) ?? [
    null,
    'bad_response',
    'answered unexpectedly for',
  ];
  const retry = res.status === 429 ? retryAfterSeconds(res.headers['retry-after']) : undefined;
  const said = text ? `: ${quoteSafely(text, token)}` : '';
  return new AccurankerError(kind, `AccuRanker ${what} ${path} (HTTP ${res.status})${said}`, {
    status: res.status,
    path,
    ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
  });
}
