import type { SafeResponse } from '../http/safe-fetch.js';
import { SerpError, type SerpErrorKind } from './errors.js';
import { isOnDomain } from './domain.js';
import { SAMPLE_URL_LIMIT, type SiteIndexResult } from './types.js';

/** The part of one results page an index check needs, whichever provider produced it. */
export interface ResultsPage {
  /** The engine's estimate of the total, when it printed one. */
  totalResults: number | null;
  /** Organic result URLs in rank order. */
  links: string[];
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A count sent as a number or as digits with separators ("1,240"); null when absent or unreadable. */
export function countOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[\s,.]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** Only results on the domain count; noise from a loose `site:` match makes nothing indexed. */
export function siteResult(domain: string, query: string, page: ResultsPage): SiteIndexResult {
  const onSite = [...new Set(page.links.filter((link) => isOnDomain(link, domain)))];
  const indexed = onSite.length > 0;
  return {
    domain,
    query,
    indexed,
    resultCount: indexed ? Math.max(page.totalResults ?? 0, onSite.length) : 0,
    sampleUrls: onSite.slice(0, SAMPLE_URL_LIMIT),
  };
}

const HTTP_KINDS: Array<[(status: number) => boolean, SerpErrorKind, string]> = [
  [(s) => s === 401 || s === 403, 'unauthorized', 'refused the credentials or account'],
  [(s) => s === 429, 'rate_limited', 'is rate limiting this account, or it is out of searches'],
  [(s) => s >= 500, 'unavailable', 'failed'],
  [(s) => s >= 400, 'search_failed', 'refused the search'],
];

function retryAfterSeconds(header: string | undefined): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The error for a non-200 answer; `quoted` is the provider's own (already redacted) message or "". */
export function httpFailure(provider: string, res: SafeResponse, quoted: string): SerpError {
  const [, kind, what] = HTTP_KINDS.find(([test]) => test(res.status)) ?? [null, 'bad_response', 'answered'];
  const retry = res.status === 429 ? retryAfterSeconds(res.headers['retry-after']) : undefined;
  return new SerpError(kind, `${provider} ${what} (HTTP ${res.status})${quoted}`, {
    provider,
    status: res.status,
    ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
  });
}
