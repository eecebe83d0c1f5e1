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
