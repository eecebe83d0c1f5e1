import { IntegrationError } from '../errors.js';
/**
 * unavailable: connection refused, reset or timed out. refused: the server's address is not allowed by the
 * outbound guard. rate_limited: the server said so in its answer. no_server: no WHOIS server is known.
 */
export type WhoisErrorKind = 'unavailable' | 'refused' | 'rate_limited' | 'no_server';

export class WhoisError extends IntegrationError<WhoisErrorKind> {
  override readonly name = 'WhoisError';
}
