import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';
import type { SafeResponse } from '../http/safe-fetch.js';

/**
 * auth: the token is missing or refused (401). forbidden: the token may not do this, e.g. a plan without API
 * access or a server outside the workspace (403). not_found: no such server, web app, domain or git (404).
 * invalid: RunCloud refused the data (422, with per-field `errors`), or the caller's input was refused before
 * anything was sent. rate_limited: 429 beyond the bounded retries; `retryAfterSeconds` when RunCloud said.
 * unavailable: RunCloud failed (5xx), e.g. its agent on the server does not answer. network / timeout: no
 * complete answer. refused: the outbound guard refused the configured address. bad_response: an answer
 * that is not the documented shape (invalid JSON, missing ids, paging that does not end).
 */
export type RunCloudErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'rate_limited'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response';

export interface RunCloudErrorDetails {
  status?: number;
  /** The API path asked, without the query: `servers/1903/services`. */
  path?: string;
  retryAfterSeconds?: number;
  /** A 422's field errors (first message per field). */
  fields?: Record<string, string>;
  cause?: unknown;
}

export class RunCloudError extends IntegrationError<RunCloudErrorKind> {
  override readonly name = 'RunCloudError';
  readonly status: number | undefined;
  readonly path: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(kind: RunCloudErrorKind, message: string, details: RunCloudErrorDetails = {}) {
    super(kind, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.path = details.path;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.fields = details.fields;
  }
}

export const isRunCloudError = (err: unknown): err is RunCloudError => err instanceof RunCloudError;

/** Text from RunCloud fit to quote in a message: one line, bounded, without the token. */
export function quoteSafely(text: string, token: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const bounded = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return token.length >= 4 ? bounded.replaceAll(token, '***') : bounded;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Translates a failed fetch; the token travels in a header, so the outbound message cannot carry it. */
export function fromOutbound(err: unknown, path: string): RunCloudError {
  let kind: RunCloudErrorKind = 'network';
  if (err instanceof OutboundError) {
    if (err.reason === 'timeout') kind = 'timeout';
    else if (err.reason === 'too_large') kind = 'bad_response';
    else if (err.reason !== 'network') kind = 'refused';
  }
  const detail = err instanceof Error ? err.message : String(err);
  return new RunCloudError(kind, `RunCloud request for ${path} failed: ${detail}`, { path, cause: err });
}

interface ErrorBody {
  message: string;
  fields: Record<string, string>;
}

/** Laravel's error body: `message`, and for a 422 `errors` (field → list of messages). Both optional. */
function errorBody(res: SafeResponse): ErrorBody {
  const out: ErrorBody = { message: '', fields: {} };
  let body: unknown;
  try {
    body = res.json<unknown>();
  } catch {
    return out;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return out;
  if ('message' in body && typeof body.message === 'string') out.message = body.message;
  if ('errors' in body && typeof body.errors === 'object' && body.errors !== null) {
    for (const [field, value] of Object.entries(body.errors)) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') out.fields[field] = first;
    }
  }
  return out;
}

const STATUS_KINDS: Array<[(status: number) => boolean, RunCloudErrorKind, string]> = [
  [(s) => s === 401, 'auth', 'refused the API token for'],
  [(s) => s === 403, 'forbidden', 'forbids this token'],
  [(s) => s === 404, 'not_found', 'does not know'],
  [(s) => s === 422 || s === 400, 'invalid', 'refused the data for'],
  [(s) => s === 429, 'rate_limited', 'is rate limiting'],
  [(s) => s >= 500, 'unavailable', 'failed on'],
];

/** The error for an answer that is not a success, quoting RunCloud's own message without the token. */
export function httpFailure(res: SafeResponse, path: string, token: string): RunCloudError {
  const { message, fields } = errorBody(res);
  const [, kind, what] = STATUS_KINDS.find(([test]) => test(res.status)) ?? [
    null,
    'bad_response',
    'answered unexpectedly for',
  ];
  const fieldText = Object.entries(fields)
    .map(([f, m]) => `${f}: ${m}`)
    .join('; ');
  const said = [message, fieldText].filter(Boolean).join(' — ');
  const retry = res.status === 429 ? retryAfterSeconds(res.headers['retry-after']) : undefined;
  return new RunCloudError(
    kind,
    `RunCloud ${what} ${path} (HTTP ${res.status})${said ? `: ${quoteSafely(said, token)}` : ''}`,
    {
      status: res.status,
      path,
      ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
      ...(Object.keys(fields).length
        ? {
            fields: Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, quoteSafely(m, token)])),
          }
        : {}),
    },
  );
}
