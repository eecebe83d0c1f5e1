/**
 * A message (e-mail, SMS) the provider did not accept. `permanent` failures (an invalid number, a
 * rejected recipient, bad credentials) are not retried; others are retried, after `retryAfterMs` when the
 * provider said how long to wait.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  readonly retryAfterMs: number | null;
  readonly code: string | number | null;

  constructor(
    message: string,
    options: {
      permanent: boolean;
      retryAfterMs?: number | null;
      code?: string | number | null;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DeliveryError';
    this.permanent = options.permanent;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.code = options.code ?? null;
  }
}

export const isDeliveryError = (err: unknown): err is DeliveryError => err instanceof DeliveryError;
