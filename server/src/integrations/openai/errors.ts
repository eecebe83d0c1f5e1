import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';

/**
 * How a Chat Completions call failed (INTEGRATIONS §8, errors):
 * - auth: the key is missing, wrong or revoked (401), or the key or region may not use the API (403).
 * - model_not_found: the model does not exist or the key may not use it (404).
 * - rate_limited: 429 rate_limit_exceeded still there after the bounded retries (or a wait longer than allowed).
 * - insufficient_quota: 429 insufficient_quota: the account's credit or monthly budget is spent; never retried.
 * - context_length_exceeded: the prompt and the answer do not fit the model's context window (400).
 * - invalid: any other refused request (400/422): a parameter the server does not accept.
 * - unavailable: a 5xx still there after the bounded retries.
 * - refusal: the model declined to answer, or its answer was cut by the content filter.
 * - incomplete: the answer stopped at the token limit (finish_reason "length"): the JSON is cut short.
 * - network / timeout: the request did not complete. refused: the outbound guard refused the address.
 * - bad_response: an answer that is not the documented shape, or content that is not the requested JSON.
 */
export type OpenAiErrorKind =
  | 'auth'
  | 'model_not_found'
  | 'rate_limited'
  | 'insufficient_quota'
  | 'context_length_exceeded'
  | 'invalid'
  | 'unavailable'
  | 'refusal'
  | 'incomplete'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response';

export interface OpenAiErrorDetails {
  status?: number;
  /** `error.code` of the answer (`invalid_api_key`, `insufficient_quota`, …). */
  code?: string;
  /** `error.type` of the answer (`invalid_request_error`, …). */
  type?: string;
  /** The server's request id (`x-request-id`), for a support ticket. */
  requestId?: string;
  /** How long the server asked to wait before trying again, when it said. */
  retryAfterSeconds?: number;
  /** Requests sent for this call, retries included. */
  attempts?: number;
}

export class OpenAiError extends IntegrationError<OpenAiErrorKind> {
  override readonly name = 'OpenAiError';
  constructor(
    kind: OpenAiErrorKind,
    message: string,
    readonly details: OpenAiErrorDetails = {},
  ) {
    super(kind, message);
  }

  /** Whether trying the same request again later may succeed (the caller's job may be retried). */
  get transient(): boolean {
    return ['rate_limited', 'unavailable', 'network', 'timeout'].includes(this.kind);
  }
}

export const isOpenAiError = (err: unknown): err is OpenAiError => err instanceof OpenAiError;

/** A server's error text on one line, bounded, with the key removed: fit to quote in a message. */
export function quoteSafely(text: string, secret: string | null): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const bounded = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return secret ? bounded.replaceAll(secret, '***') : bounded;
}

/** A failed fetch (nothing answered): timeout, refused address or network failure. */
export function fromOutbound(err: unknown, secret: string | null, attempts: number): OpenAiError {
  const detail = err instanceof Error ? err.message : String(err);
  let kind: OpenAiErrorKind = 'network';
  if (err instanceof OutboundError) {
    if (err.reason === 'timeout') kind = 'timeout';
    else if (err.reason === 'too_large') kind = 'bad_response';
    else if (err.reason !== 'network') kind = 'refused';
  }
  return new OpenAiError(
    kind,
    `The OpenAI-compatible server did not answer: ${quoteSafely(detail, secret)}`,
    {
      attempts,
    },
  );
}
