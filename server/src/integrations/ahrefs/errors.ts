import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';

/**
 * invalid: a parameter was refused, by this client before sending (nothing was sent) or by Ahrefs (400/422).
 * auth: the key is missing, wrong or expired (401), or the plan or key may not use this report (403).
 * not_found: Ahrefs has no data for this target or date (404) — often just "not crawled yet", not a fault.
 * rate_limited: 429 beyond the one bounded retry; `retryAfterSeconds` carries the hint when one was sent.
 * units_exhausted: the monthly API-unit budget of the workspace or key is used up (no retry helps before
 * the reset). unavailable: a 5xx from Ahrefs. network / timeout: the request did not complete.
 * refused: the outbound guard refused the configured address. bad_response: an answer that is not the
 * documented shape (wrong wrapper, wrong types, not JSON, an unexpected status).
 */
export type AhrefsErrorKind =
  | 'invalid'
  | 'auth'
  | 'not_found'
  | 'rate_limited'
  | 'units_exhausted'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response';

export interface AhrefsErrorDetails {
  /** The API path asked, e.g. "site-explorer/domain-rating"; absent when nothing was sent. */
  endpoint?: string;
  status?: number;
  retryAfterSeconds?: number;
}

export class AhrefsError extends IntegrationError<AhrefsErrorKind> {
  override readonly name = 'AhrefsError';
  constructor(
    kind: AhrefsErrorKind,
    message: string,
    readonly details: AhrefsErrorDetails = {},
  ) {
    super(kind, message);
  }
}

export const isAhrefsError = (err: unknown): err is AhrefsError => err instanceof AhrefsError;

/** An error text from Ahrefs, on one line, bounded and with the key removed, fit to quote in a message. */
export function quoteSafely(text: string, secret: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const bounded = oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
  return secret ? bounded.replaceAll(secret, '***') : bounded;
}

/**
 * Translates a failed fetch. The key travels in a header, never in the URL, so the outbound message can be
 * quoted; it is still passed through the redaction, and the original error is not kept as the cause.
 */
export function fromOutbound(err: unknown, endpoint: string, secret: string): AhrefsError {
  const detail = err instanceof Error ? err.message : String(err);
  let kind: AhrefsErrorKind = 'network';
  if (err instanceof OutboundError) {
    if (err.reason === 'timeout') kind = 'timeout';
    else if (err.reason === 'too_large') kind = 'bad_response';
    else if (err.reason !== 'network') kind = 'refused';
  }
  return new AhrefsError(kind, `Ahrefs request failed: ${quoteSafely(detail, secret)}`, { endpoint });
}
