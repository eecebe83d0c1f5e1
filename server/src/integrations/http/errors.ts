export type OutboundErrorReason =
  'blocked_address' | 'bad_url' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

/** Why an outbound fetch did not produce a response; the message is written to be shown to a user. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  constructor(
    readonly reason: OutboundErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isOutboundError = (err: unknown): err is OutboundError => err instanceof OutboundError;
