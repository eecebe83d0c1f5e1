import { isOutboundError } from '../../../integrations/http/errors.js';
import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import type { UnitResult } from '../../../jobs/types.js';

/** Limits of one page fetch by the checkers and the scanner (CRAWLER_TIMEOUT_MS, CRAWLER_MAX_BYTES). */
export interface PageLimits {
  timeoutMs: number;
  maxBytes: number;
}

const MAX_REDIRECTS = 5;

export interface LoadedPage {
  url: string;
  finalUrl: string;
  status: number;
  html: string;
}

/** A page that cannot be read, for a reason that trying again would not change. */
export class PageUnavailable extends Error {
  constructor(
    message: string,
    /** The HTTP status when the page answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
const DEFINITE = new Set(['blocked_address', 'bad_url', 'too_large', 'too_many_redirects']);

/**
 * Fetches an HTML page through the guarded client. Throws PageUnavailable for definite failures (a 404, a
 * refused address, an oversize body, not HTML) and a plain Error for passing ones (timeouts, 503), which
 * the job engine retries.
 */
export async function loadPage(fetch: SafeFetch, url: string, limits: PageLimits): Promise<LoadedPage> {
  let res;
  try {
    res = await fetch(url, {
      ...limits,
      maxRedirects: MAX_REDIRECTS,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    });
  } catch (err) {
    if (isOutboundError(err) && DEFINITE.has(err.reason)) throw new PageUnavailable(err.message);
    throw err;
  }
  if (RETRYABLE_STATUS.has(res.status)) throw new Error(`${url} answered ${res.status}`);
  if (res.status < 200 || res.status >= 300)
    throw new PageUnavailable(`${url} answered ${res.status}`, res.status);
  const type = res.headers['content-type'] ?? '';
  if (type && !/html|xml/i.test(type)) {
    throw new PageUnavailable(`${url} is not a page (${type.split(';')[0]})`, res.status);
  }
  return { url, finalUrl: res.url, status: res.status, html: res.text() };
}

/** The page limits of the configuration. */
export const pageLimits = (config: { crawlerTimeoutMs: number; crawlerMaxBytes: number }): PageLimits => ({
  timeoutMs: config.crawlerTimeoutMs,
  maxBytes: config.crawlerMaxBytes,
});

/** Turns a definite page failure into a failed unit (no retry); rethrows anything else. */
export function unavailable(err: unknown, extra: Record<string, string | number> = {}): UnitResult {
  if (err instanceof PageUnavailable) return { output: { message: err.message, ...extra }, failed: true };
  throw err;
}

/** A page address as typed in a textbox: https:// added when there is no scheme, fragment dropped. */
export function normalisePageUrl(input: string): string | null {
  const raw = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const u = new URL(withScheme);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null;
    u.hash = '';
    return u.toString();
  } catch {
    return null;
  }
}
