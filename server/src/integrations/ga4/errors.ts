import { IntegrationError } from '../errors.js';
import type { GoogleApiErrorDetails, GoogleApiErrorKind } from '../google/api.js';

/**
 * bad_key: the service-account key is unusable (nothing was sent). auth: the token endpoint refused the
 * service account, or the Data/Admin API refused the access token (401). permission_denied: 403 — the
 * service account is not a user (Viewer) of the property, or the Analytics Data/Admin API is not enabled in
 * its project (`details.reason` "SERVICE_DISABLED"). not_found: 404. quota_exceeded: 429 RESOURCE_EXHAUSTED
 * (property tokens per day/hour, concurrent requests…) after the one bounded retry; `retryAfterSeconds` when
 * the answer said. invalid: a 400 INVALID_ARGUMENT, or input refused before sending. unavailable: 5xx.
 * network / timeout: no answer. refused: the outbound guard refused the configured address. bad_response: an
 * answer that is not the documented shape.
 */
export type Ga4ErrorKind = GoogleApiErrorKind;
export type Ga4ErrorDetails = GoogleApiErrorDetails;

export class Ga4Error extends IntegrationError<Ga4ErrorKind> {
  override readonly name = 'Ga4Error';
  constructor(
    kind: Ga4ErrorKind,
    message: string,
    readonly details: Ga4ErrorDetails = {},
  ) {
    super(kind, message);
  }
}

export const isGa4Error = (err: unknown): err is Ga4Error => err instanceof Ga4Error;
