import { OutboundError } from './http/errors.js';

/** A failure of an outside-system client, classified by a kind its callers branch on. */
export class IntegrationError<K extends string> extends Error {
  constructor(
    readonly kind: K,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The kind of a client failure whose request got no complete answer (the outbound client's own failure). */
export type OutboundFailureKind = 'network' | 'timeout' | 'bad_response' | 'refused';

/**
 * How a failed fetch classifies for an API client: no answer (network), too slow (timeout), an answer too
 * large to be the documented one (bad_response), or refused by the outbound guard (refused).
 */
export function outboundFailureKind(err: unknown): OutboundFailureKind {
  if (!(err instanceof OutboundError)) return 'network';
  if (err.reason === 'timeout') return 'timeout';
  if (err.reason === 'too_large') return 'bad_response';
  return err.reason === 'network' ? 'network' : 'refused';
}
