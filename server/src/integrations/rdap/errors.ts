import { OutboundError } from '../http/errors.js';
import { IntegrationError } from '../errors.js';

/**
 * unavailable: the server could not be reached or failed (network, timeout, 5xx) — WHOIS may stand in.
 * rate_limited: 429 beyond the one bounded retry. refused: the URL was refused by the outbound guard.
 * bad_response: an answer that is not a usable RDAP domain, or ip network holding the address.
 */
export type RdapErrorKind = 'unavailable' | 'rate_limited' | 'refused' | 'bad_response';

export class RdapError extends IntegrationError<RdapErrorKind> {
  override readonly name = 'RdapError';
  constructor(
    kind: RdapErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(kind, message, { cause: details.cause });
  }
}

/** Translates a failed outbound fetch into the RDAP error a caller decides on. */
export function fromOutbound(err: unknown, url: string): RdapError {
  if (err instanceof OutboundError) {
    const kind: RdapErrorKind =
      err.reason === 'network' || err.reason === 'timeout'
        ? 'unavailable'
        : err.reason === 'too_large'
          ? 'bad_response'
          : 'refused';
    return new RdapError(kind, `RDAP request to ${url} failed: ${err.message}`, { cause: err });
  }
  return new RdapError('unavailable', `RDAP request to ${url} failed: ${String(err)}`, { cause: err });
}
