import { IntegrationError, outboundFailureKind } from '../errors.js';

/**
 * auth: the API user, key or user name is refused, or API access is not enabled (1011102, 1016103, ...).
 * ip_not_whitelisted: the ClientIp / the caller's address is not on the account's whitelist (1011150).
 * not_available: the domain cannot be registered, someone holds it (3019166 / 4019166).
 * insufficient_funds: the account balance does not cover the order (2528166, "Order creation failed").
 * invalid: Namecheap refused a parameter (contacts, years, nameservers, an unsupported TLD, a premium price
 * that does not match), or the caller's input was refused before anything was sent.
 * not_found: the domain is not in this account (2019166 / 2016166); getInfo answers null instead.
 * rate_limited: HTTP 429 or Namecheap's "Too many requests" (500000) beyond the bounded retries.
 * failed: an error answer this client does not classify (the registry or Namecheap failed).
 * unavailable: HTTP 5xx. network / timeout: no complete answer. refused: the outbound guard refused the
 * configured address. bad_response: an answer that is not Namecheap's documented envelope.
 * outcome_unknown: a domains.create whose answer was lost or unreadable: the domain may have been bought.
 * Ask getInfo before trying again; the client never retries a create.
 */
export type NamecheapErrorKind =
  | 'auth'
  | 'ip_not_whitelisted'
  | 'not_available'
  | 'insufficient_funds'
  | 'invalid'
  | 'not_found'
  | 'rate_limited'
  | 'failed'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'refused'
  | 'bad_response'
  | 'outcome_unknown';

/** One `<Error Number="…">text</Error>` of an answer. */
export interface NamecheapApiError {
  number: number;
  text: string;
}

export interface NamecheapErrorDetails {
  /** The Command asked: `namecheap.domains.create`. */
  command?: string;
  /** The first Error's Number when Namecheap answered one. */
  errorNumber?: number;
  status?: number;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class NamecheapError extends IntegrationError<NamecheapErrorKind> {
  override readonly name = 'NamecheapError';
  readonly command: string | undefined;
  readonly errorNumber: number | undefined;
  readonly status: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: NamecheapErrorKind, message: string, details: NamecheapErrorDetails = {}) {
    super(kind, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.command = details.command;
    this.errorNumber = details.errorNumber;
    this.status = details.status;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export const isNamecheapError = (err: unknown): err is NamecheapError => err instanceof NamecheapError;

/** Namecheap's throttling answer: `<Error Number="500000">Too many requests</Error>` on HTTP 200. */
export const TOO_MANY_REQUESTS = 500000;

const KINDS: Array<[NamecheapErrorKind, number[]]> = [
  // The global error codes every command may answer.
  [
    'auth',
    [1010101, 1010102, 1011102, 1030408, 1050900, 1017101, 1019103, 1016103, 1017103, 1017410, 1017411],
  ],
  ['ip_not_whitelisted', [1010105, 1011105, 1011150, 1017150, 1017105]],
  // domains.create: "Possibly a logical error in authentication phase".
  ['auth', [2033409]],
  ['not_available', [3019166, 4019166]],
  ['not_found', [2019166, 2016166]],
  ['rate_limited', [TOO_MANY_REQUESTS]],
  // TLD not supported, edit permission not supported, premium price mismatches, too many host records.
  ['invalid', [2030280, 2030166, 2030288, 2515610, 2515623, 3013288, 4013288, 3011288]],
];

/**
 * The kind of an error Number. Namecheap's numbers put the class in digits 2-4: x010xxx a missing parameter,
 * x011xxx an invalid one, x015xxx a validation failure; unlisted ones of those classes are `invalid`, other
 * unlisted 1xxxxxx (the global, account-level codes) are `auth`.
 * 2528166 ("Order creation failed") is the answer to an empty balance; its text says which.
 */
export function classifyError(error: NamecheapApiError): NamecheapErrorKind {
  const listed = KINDS.find(([, numbers]) => numbers.includes(error.number));
  if (listed) return listed[0];
  if (error.number === 2528166) return /fund|balance/i.test(error.text) ? 'insufficient_funds' : 'failed';
  if (/^[12](010|011|015)\d{3}$/.test(String(error.number))) return 'invalid';
  if (/^1\d{6}$/.test(String(error.number))) return 'auth';
  return 'failed';
}

/** Text fit to quote in a message: one line, bounded, the API key replaced by ***. */
export function quoteSafely(text: string, apiKey: string): string {
  const masked = apiKey.length >= 4 ? text.replaceAll(apiKey, '***') : text;
  const oneLine = masked.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}

export { retryAfterSeconds } from '../http/json-api.js';

/** Translates a failed fetch. The key travels in the POST body, but the text is masked all the same. */
export function fromOutbound(err: unknown, command: string, apiKey: string): NamecheapError {
  const kind: NamecheapErrorKind = outboundFailureKind(err);
  const detail = quoteSafely(err instanceof Error ? err.message : String(err), apiKey);
  return new NamecheapError(kind, `Namecheap request ${command} failed: ${detail}`, { command, cause: err });
}
