import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';

/**
 * unreachable: no answer at all (refused, reset, DNS, blocked by the outbound guard). timeout: no complete
 * answer in time. auth: the user or application password was refused, or the user lacks the capability.
 * not_json: the site answered something that is not JSON (an HTML error, login or maintenance page).
 * companion_missing: the action needs the Sitefleet companion and the site does not have it.
 * wordpress: WordPress answered its error envelope (`wpCode` says which). http: any other non-2xx answer
 * or a body over the size cap. malformed: JSON that is not the shape the contract documents.
 */
export type WordPressErrorKind =
  'unreachable' | 'timeout' | 'auth' | 'not_json' | 'companion_missing' | 'wordpress' | 'http' | 'malformed';

export interface WordPressErrorDetails {
  /** The site as the messages name it: host (and port and path when there are any). */
  site: string;
  status?: number;
  /** WordPress's error `code` (`incorrect_password`, `sitefleet_core_managed`, ...). */
  wpCode?: string;
  /** `data.params` of a `sitefleet_invalid` or `rest_invalid_param` answer: field name → problem. */
  params?: Record<string, string>;
  cause?: unknown;
}

/** Every failure of a WordPress call; `message` names the site and is written for an operator. */
export class WordPressError extends IntegrationError<WordPressErrorKind> {
  override readonly name = 'WordPressError';
  readonly site: string;
  readonly status: number | undefined;
  readonly wpCode: string | undefined;
  readonly params: Record<string, string> | undefined;

  constructor(kind: WordPressErrorKind, message: string, details: WordPressErrorDetails) {
    super(kind, message, { cause: details.cause });
    this.site = details.site;
    this.status = details.status;
    this.wpCode = details.wpCode;
    this.params = details.params;
  }
}

export const isWordPressError = (err: unknown): err is WordPressError => err instanceof WordPressError;

/** How a site is named in messages: `example.com`, `127.0.0.1:8089/site-17`. */
export function siteLabel(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** Removes a secret from text that is about to become a message. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), secret.replace(/\s+/g, '')]))
      out = out.replaceAll(form, '***');
  }
  return out;
}

/** Translates a failed fetch (nothing usable came back) into the error an operator reads. */
export function fromOutbound(err: unknown, site: string, timeoutMs: number): WordPressError {
  if (err instanceof OutboundError) {
    switch (err.reason) {
      case 'timeout':
        return new WordPressError('timeout', `${site} did not answer within ${timeoutMs} ms`, { site });
      case 'too_large':
        return new WordPressError('http', `${site} answered more than the size limit allows`, { site });
      case 'too_many_redirects':
        return new WordPressError('unreachable', `${site} redirects in a loop (${err.message})`, { site });
      default:
        break;
    }
  }
  const detail = detailOf(err);
  if (/other side closed|socket hang up|ECONNRESET/i.test(detail))
    return new WordPressError('unreachable', `${site} closed the connection without answering`, { site });
  return new WordPressError('unreachable', `${site} could not be reached: ${detail}`, { site });
}

/** The useful tail of a network error ("connect ECONNREFUSED 127.0.0.1:9", "other side closed"). */
function detailOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
  const tail = message.replace(/^Could not fetch \S+: /, '');
  return cause && !tail.includes(cause) ? `${tail} (${cause})` : tail;
}
