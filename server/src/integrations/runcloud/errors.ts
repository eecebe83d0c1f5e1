import { retryAfterSeconds } from '../http/json-api.js';
import { IntegrationError, outboundFailureKind } from '../errors.js';
import type { SafeResponse } from '../http/safe-fetch.js';

/**
 * auth: the token is missing or refused (401). forbidden: the token may not do this, e.g. a plan without API
 * access or a server outside the workspace (403). not_found: no such server, web app, domain or git (404).
 * invalid: RunCloud refused the data (422, with per-field `errors`), or the caller's input was refused before
 * anything was sent. rate_limited: 429 beyond the bounded retries; `retryAfterSeconds` when RunCloud said.
 * unavailable: RunCloud failed (5xx), e.g. its agent on the server does not answer. network / timeout: no
 * complete answer. refused: the outbound guard refused the configured address. bad_response: an answer
 * that is not the documented shape (invalid JSON, missing ids, paging that does not end). outcome_unknown: a
 * creation whose answer was lost (no answer, a timeout, a 5xx, an unreadable success): RunCloud may or may
 * not have done it, so it is never repeated blindly; the caller looks for it first (findWebapp, installer).
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
  | 'bad_response'
  | 'outcome_unknown';

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

/** Text from RunCloud fit to quote in a message: one line, bounded, without the token or secrets sent. */
export function quoteSafely(text: string, secrets: string | readonly string[]): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  let out = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    if (secret.length >= 4) out = out.replaceAll(secret, '***');
  }
  return out;
}

export { retryAfterSeconds } from '../http/json-api.js';

/** Translates a failed fetch; the token travels in a header, so the outbound message cannot carry it. */
export function fromOutbound(err: unknown, path: string): RunCloudError {
  const kind: RunCloudErrorKind = outboundFailureKind(err);
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

/** The error for an answer that is not a success, quoting RunCloud's own message without the secrets sent. */
export function httpFailure(
  res: SafeResponse,
  path: string,
  secrets: string | readonly string[],
): RunCloudError {
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
    `RunCloud ${what} ${path} (HTTP ${res.status})${said ? `: ${quoteSafely(said, secrets)}` : ''}`,
    {
      status: res.status,
      path,
      ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
      ...(Object.keys(fields).length
        ? {
            fields: Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, quoteSafely(m, secrets)])),
          }
        : {}),
    },
  );
}

/** Failures after which a creation may still have happened: no answer, or none that could be read. */
const UNSURE: ReadonlySet<RunCloudErrorKind> = new Set(['network', 'timeout', 'unavailable', 'bad_response']);
/** Connection failures that prove the request never left: nothing can have been created. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND']);

function neverSent(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth += 1) {
    if ('code' in e && typeof e.code === 'string' && NEVER_SENT.has(e.code)) return true;
  }
  return false;
}

/**
 * A creation's failure, as outcome_unknown when RunCloud may have done it anyway (`what` names the thing,
 * `lookUp` says how to find it); any other failure is returned as it is.
 */
export function unsureCreation(err: unknown, what: string, lookUp: string): unknown {
  if (!(err instanceof RunCloudError) || !UNSURE.has(err.kind) || neverSent(err)) return err;
  return new RunCloudError(
    'outcome_unknown',
    `RunCloud may or may not have created ${what} (${err.message}); ${lookUp} before trying again`,
    {
      ...(err.status === undefined ? {} : { status: err.status }),
      ...(err.path === undefined ? {} : { path: err.path }),
      cause: err,
    },
  );
}
