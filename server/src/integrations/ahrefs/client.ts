import { setTimeout as sleep } from 'node:timers/promises';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { AhrefsError, fromOutbound, quoteSafely, type AhrefsErrorKind } from './errors.js';
import {
  BACKLINK_COLUMNS,
  errorText,
  parseBacklinks,
  parseBacklinksStats,
  parseBody,
  parseDomainRating,
  parseDomainRatingHistory,
  parseMetrics,
  parseRefdomainsHistory,
  usageOf,
} from './response.js';
import {
  AHREFS_MODES,
  AHREFS_PROTOCOLS,
  BACKLINK_AGGREGATIONS,
  HISTORY_GROUPINGS,
  type AhrefsMode,
  type AhrefsProtocol,
  type AhrefsScope,
  type AhrefsUsage,
  type BacklinkProfilePoint,
  type BacklinksStats,
  type DomainRating,
  type DomainRatingPoint,
  type HistoryOptions,
  type HistoryRange,
  type MetricsOptions,
  type RecentBacklink,
  type RecentBacklinksOptions,
  type RefdomainsPoint,
  type SiteMetrics,
} from './types.js';

export const AHREFS_BASE_URL = 'https://api.ahrefs.com/v3';

export interface AhrefsClientOptions {
  apiKey: string;
  /** Default https://api.ahrefs.com/v3; a path prefix is kept (endpoints are appended to it). */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request (default 30 s; the backlink list can take a while). */
  timeoutMs?: number;
  /**
   * Scope of the backlink and metrics reports when a call does not name one. Default `domain`: the API's
   * own default is `subdomains`, and the figures Sitefleet compares with are those of the domain.
   */
  mode?: AhrefsMode;
  /** Default `both`. */
  protocol?: AhrefsProtocol;
  /**
   * Longest wait honoured for the one retry after a 429 (default 10 s); a longer Retry-After fails at once
   * with rate_limited. 0 never retries. Without a Retry-After the retry comes after 1 s.
   */
  maxRetryWaitMs?: number;
  /** Told what each answered request cost (from the x-api-* headers); must not throw. */
  onUsage?: (usage: AhrefsUsage) => void;
  /** The clock that gives "today" (UTC) to calls without a date. */
  now?: () => Date;
}

type Params = Record<string, string | undefined>;

/** An error text that names the unit budget: a 402, 403 or 429 carrying it is units_exhausted. */
const UNITS = /\bunits?\b|\bquota\b/i;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 1000;

function retryAfterMs(header: string | undefined): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The parsed body, or undefined when it is not JSON. */
function jsonOf(res: SafeResponse): unknown {
  try {
    return res.json<unknown>();
  } catch {
    return undefined;
  }
}

const invalid = (message: string) => new AhrefsError('invalid', message);

function checkDate(value: string, name: string): string {
  const ok =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!ok) throw invalid(`The Ahrefs ${name} must be a date as YYYY-MM-DD, got "${value}"`);
  return value;
}

function checkTarget(target: string): string {
  const value = target.trim();
  // eslint-disable-next-line no-control-regex
  if (!value || value.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(value))
    throw invalid(`The Ahrefs target must be a domain or URL, got "${target.slice(0, 100)}"`);
  return value;
}

function checkOneOf<T extends string>(value: T, allowed: readonly T[], name: string): T {
  if (!allowed.includes(value)) throw invalid(`The Ahrefs ${name} must be one of ${allowed.join(', ')}`);
  return value;
}

/**
 * A client of the Ahrefs API v3 Site Explorer (INTEGRATIONS §3): Domain Rating, backlink counts, organic
 * and paid metrics, Domain Rating and referring-domain history, and the newest backlinks. Every report is one
 * GET with the key as a Bearer header; failures are AhrefsError. Each successful call spends API units
 * (at least 50), so callers should store the answers rather than ask again.
 */
export class AhrefsClient {
  private readonly base: string;

  constructor(private readonly options: AhrefsClientOptions) {
    if (!options.apiKey.trim()) throw new Error('The Ahrefs client needs an API key');
    this.base = (options.baseUrl ?? AHREFS_BASE_URL).replace(/\/+$/, '');
    checkOneOf(options.mode ?? 'domain', AHREFS_MODES, 'mode');
    checkOneOf(options.protocol ?? 'both', AHREFS_PROTOCOLS, 'protocol');
  }

  /** Domain Rating and Ahrefs Rank on a date (default today, UTC). Domain-wide: takes no mode. */
  async domainRating(
    target: string,
    date?: string,
    options: { protocol?: AhrefsProtocol } = {},
  ): Promise<DomainRating> {
    const t = checkTarget(target);
    const d = this.day(date);
    const protocol = checkOneOf(
      options.protocol ?? this.options.protocol ?? 'both',
      AHREFS_PROTOCOLS,
      'protocol',
    );
    return this.get('site-explorer/domain-rating', { target: t, date: d, protocol }, parseDomainRating(t, d));
  }

  /** Live and all-time backlinks and referring domains on a date (default today, UTC). */
  async backlinksStats(target: string, date?: string, scope: AhrefsScope = {}): Promise<BacklinksStats> {
    const t = checkTarget(target);
    const d = this.day(date);
    return this.get(
      'site-explorer/backlinks-stats',
      { target: t, date: d, ...this.scope(scope) },
      parseBacklinksStats(t, d),
    );
  }

  /** Organic and paid keywords, traffic and its value (US cents) on a date (default today, UTC). */
  async metrics(target: string, date?: string, options: MetricsOptions = {}): Promise<SiteMetrics> {
    const t = checkTarget(target);
    const d = this.day(date);
    const country = options.country?.trim().toLowerCase();
    if (country !== undefined && !/^[a-z]{2}$/.test(country))
      throw invalid(`The Ahrefs country must be a two-letter code, got "${options.country}"`);
    const volumeMode =
      options.volumeMode && checkOneOf(options.volumeMode, ['monthly', 'average'], 'volume mode');
    return this.get(
      'site-explorer/metrics',
      { target: t, date: d, ...this.scope(options), country, volume_mode: volumeMode },
      parseMetrics(t, d),
    );
  }

  /** Domain Rating over a date range, oldest first. Domain-wide: takes no mode or protocol. */
  async domainRatingHistory(target: string, range: HistoryRange): Promise<DomainRatingPoint[]> {
    return this.get(
      'site-explorer/domain-rating-history',
      { target: checkTarget(target), ...this.range(range) },
      parseDomainRatingHistory,
    );
  }

  /** Live referring domains over a date range, oldest first. */
  async refdomainsHistory(target: string, range: HistoryOptions): Promise<RefdomainsPoint[]> {
    return this.get(
      'site-explorer/refdomains-history',
      { target: checkTarget(target), ...this.range(range), ...this.scope(range) },
      parseRefdomainsHistory,
    );
  }

  /** Both histories side by side, one point per date either report has, oldest first (two requests). */
  async backlinkProfileHistory(target: string, range: HistoryOptions): Promise<BacklinkProfilePoint[]> {
    const [ratings, refdomains] = await Promise.all([
      this.domainRatingHistory(target, range),
      this.refdomainsHistory(target, range),
    ]);
    const points = new Map<string, BacklinkProfilePoint>();
    const at = (date: string) => {
      const point = points.get(date) ?? { date, domainRating: null, refdomains: null };
      points.set(date, point);
      return point;
    };
    for (const p of ratings) at(p.date).domainRating = p.domainRating;
    for (const p of refdomains) at(p.date).refdomains = p.refdomains;
    return [...points.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /**
   * The live backlinks Ahrefs found most recently, newest first: linking page, linked page, anchor, the
   * linking domain's rating, when the link was first seen, and the linking host and its TLD.
   */
  async recentBacklinks(target: string, options: RecentBacklinksOptions = {}): Promise<RecentBacklink[]> {
    const t = checkTarget(target);
    const limit = options.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw invalid(`The Ahrefs backlink limit must be a whole number from 1 to ${MAX_LIMIT}`);
    const aggregation = checkOneOf(
      options.aggregation ?? 'similar_links',
      BACKLINK_AGGREGATIONS,
      'aggregation',
    );
    const links = await this.get(
      'site-explorer/all-backlinks',
      {
        target: t,
        select: BACKLINK_COLUMNS.join(','),
        order_by: 'first_seen_link:desc',
        limit: String(limit),
        aggregation,
        // Lost links are left out: "recent links" are the ones that still exist.
        history: 'live',
        ...this.scope(options),
      },
      parseBacklinks,
    );
    return links.slice(0, limit);
  }

  private day(date: string | undefined): string {
    return date === undefined
      ? (this.options.now?.() ?? new Date()).toISOString().slice(0, 10)
      : checkDate(date, 'date');
  }

  private scope(scope: AhrefsScope): { mode: AhrefsMode; protocol: AhrefsProtocol } {
    return {
      mode: checkOneOf(scope.mode ?? this.options.mode ?? 'domain', AHREFS_MODES, 'mode'),
      protocol: checkOneOf(scope.protocol ?? this.options.protocol ?? 'both', AHREFS_PROTOCOLS, 'protocol'),
    };
  }

  private range(range: HistoryRange): Params {
    const from = checkDate(range.from, 'start date');
    const to = range.to === undefined ? undefined : checkDate(range.to, 'end date');
    if (to !== undefined && to < from)
      throw invalid(`The Ahrefs date range ends (${to}) before it starts (${from})`);
    const grouping = checkOneOf(range.grouping ?? 'monthly', HISTORY_GROUPINGS, 'history grouping');
    return { date_from: from, date_to: to, history_grouping: grouping };
  }

  private async get<T>(endpoint: string, params: Params, parse: (body: unknown) => T): Promise<T> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
    const res = await this.send(endpoint, query.toString(), false);
    const body = jsonOf(res);
    if (res.status !== 200) throw this.httpFailure(endpoint, res, body);
    if (body === undefined)
      throw new AhrefsError('bad_response', `Ahrefs ${endpoint} answered with invalid JSON`, {
        endpoint,
        status: 200,
      });
    return parseBody(endpoint, body, parse);
  }

  /** One GET, and at most one more after a 429 whose wait is within bounds (a unit-budget 429 is final). */
  private async send(endpoint: string, query: string, retried: boolean): Promise<SafeResponse> {
    let res: SafeResponse;
    try {
      res = await this.options.safeFetch(`${this.base}/${endpoint}?${query}`, {
        accept: 'application/json',
        headers: { authorization: `Bearer ${this.options.apiKey}` },
        // A redirect would carry the key somewhere else; Ahrefs never sends one.
        maxRedirects: 0,
        maxBytes: 8 * 1024 * 1024,
        timeoutMs: this.options.timeoutMs ?? 30_000,
      });
    } catch (err) {
      throw fromOutbound(err, endpoint, this.options.apiKey);
    }
    if (Object.keys(res.headers).some((h) => h.startsWith('x-api-')))
      this.options.onUsage?.(usageOf(endpoint, res.headers));
    if (res.status !== 429 || retried || UNITS.test(errorText(jsonOf(res)) ?? '')) return res;
    const wait = retryAfterMs(res.headers['retry-after']) ?? 1000;
    const maxWait = this.options.maxRetryWaitMs ?? 10_000;
    if (maxWait <= 0 || wait > maxWait) return res;
    await sleep(wait);
    return this.send(endpoint, query, true);
  }

  private httpFailure(endpoint: string, res: SafeResponse, body: unknown): AhrefsError {
    const said = errorText(body);
    const quoted = said ? `: ${quoteSafely(said, this.options.apiKey)}` : '';
    const budget = said !== null && UNITS.test(said);
    const status = res.status;
    let kind: AhrefsErrorKind;
    let what: string;
    if (status === 402 || ((status === 403 || status === 429) && budget)) {
      kind = 'units_exhausted';
      what = 'refused the request: the API-unit budget is used up';
    } else if (status === 401 || status === 403) {
      kind = 'auth';
      what =
        status === 401 ? 'refused the API key' : 'refused access: the plan or key may not use this report';
    } else if (status === 404) {
      kind = 'not_found';
      what = 'has no data for this target or date';
    } else if (status === 429) {
      kind = 'rate_limited';
      what = 'is rate limiting this key';
    } else if (status >= 500) {
      kind = 'unavailable';
      what = 'failed';
    } else if (status >= 400) {
      kind = 'invalid';
      what = 'refused the request parameters';
    } else {
      kind = 'bad_response';
      what = 'answered with an unexpected status';
    }
    const retry = kind === 'rate_limited' ? retryAfterMs(res.headers['retry-after']) : null;
    return new AhrefsError(kind, `Ahrefs ${what} (HTTP ${status}, ${endpoint})${quoted}`, {
      endpoint,
      status,
      ...(retry !== null ? { retryAfterSeconds: Math.ceil(retry / 1000) } : {}),
    });
  }
}
