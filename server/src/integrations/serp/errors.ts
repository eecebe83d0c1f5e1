import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';

/**
 * invalid_domain: the input is not a domain name (nothing was sent). unauthorized: the key or account was
 * refused. rate_limited: throughput limit or out of searches. unavailable: network failure, timeout or a
 * provider-side error, worth retrying later. refused: the outbound guard refused the provider's address.
 * bad_response: an answer that is not the documented format. search_failed: the provider answered with an
 * error of its own about this search (bad parameter and the like).
 */
export type SerpErrorKind =
  | 'invalid_domain'
  | 'unauthorized'
  | 'rate_limited'
  | 'unavailable'
  | 'refused'
  | 'bad_response'
  | 'search_failed';

export class SerpError extends IntegrationError<SerpErrorKind> {
  override readonly name = 'SerpError';
  constructor(
    kind: SerpErrorKind,
    message: string,
    readonly details: { provider: string; status?: number; retryAfterSeconds?: number },
  ) {
    super(kind, message);
  }
}

/** Removes every form a secret can take in a message, including query strings that carried it. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = [
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ];
    for (const form of new Set(forms)) out = out.replaceAll(form, '***');
  }
  return out.replace(/([?&](?:api_key|key|password)=)[^&\s#:]*/gi, '$1***');
}

/** A provider's own error text, bounded and stripped of secrets, fit to quote in a message. */
export function quoteSafely(text: string, secrets: readonly string[]): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return redact(oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine, secrets);
}

/**
 * Translates a failed fetch. The outbound error's message names the URL, which carries the API key, so it is
 * quoted redacted and the original error is not kept as the cause.
 */
export function fromOutbound(err: unknown, provider: string, secrets: readonly string[]): SerpError {
  if (err instanceof OutboundError) {
    const kind: SerpErrorKind =
      err.reason === 'network' || err.reason === 'timeout'
        ? 'unavailable'
        : err.reason === 'too_large'
          ? 'bad_response'
          : 'refused';
    return new SerpError(kind, `${provider} request failed: ${quoteSafely(err.message, secrets)}`, {
      provider,
    });
  }
  const detail = err instanceof Error ? err.message : String(err);
  return new SerpError('unavailable', `${provider} request failed: ${quoteSafely(detail, secrets)}`, {
    provider,
  });
}
