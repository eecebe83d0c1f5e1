import { IntegrationError } from '../errors.js';
import type { GoogleApiErrorDetails, GoogleApiErrorKind } from '../google/api.js';

/**
 * bad_key: the service-account key is unusable (nothing was sent). auth: the token endpoint refused the
 * service account, or the API refused the access token (401). permission_denied: 403 "User does not have
 * sufficient permission for site …" — the service account is not a user of that exact property, the property
 * string does not match (scheme, www, trailing slash, sc-domain:), or the property is unverified; also the
 * API not enabled in the project. not_found: 404 (often a site URL that was not URL-encoded). quota_exceeded:
 * 429 / RESOURCE_EXHAUSTED (reason quotaExceeded) after the one bounded retry. invalid: a 400
 * INVALID_ARGUMENT (bad date, URL not in the property), or input refused before sending. unavailable: 5xx.
 * network / timeout: no answer. refused: the outbound guard refused the configured address. bad_response: an
 * answer that is not the documented shape.
 */
export type SearchConsoleErrorKind = GoogleApiErrorKind;
export type SearchConsoleErrorDetails = GoogleApiErrorDetails;

export class SearchConsoleError extends IntegrationError<SearchConsoleErrorKind> {
  override readonly name = 'SearchConsoleError';
  constructor(
    kind: SearchConsoleErrorKind,
    message: string,
    readonly details: SearchConsoleErrorDetails = {},
  ) {
    super(kind, message);
  }
}

export const isSearchConsoleError = (err: unknown): err is SearchConsoleError =>
  err instanceof SearchConsoleError;
