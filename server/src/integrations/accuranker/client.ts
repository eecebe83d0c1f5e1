import { setTimeout as delay } from 'node:timers/promises';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { AccurankerError, fromOutbound, httpFailure, retryAfterSeconds } from './errors.js';
import { isId, parseDomain, parseKeyword, type Complaint } from './parse.js';
import { KeywordMerger, MAX_PERIOD_DAYS, periodWindows } from './period.js';
import type { AccurankerDomain, AccurankerKeyword, DateRange } from './types.js';

export const ACCURANKER_BASE_URL = 'https://app.accuranker.com/api/v4/';
export const DEFAULT_PAGE_SIZE = 100;

/** `fields` projections: without them every object comes back empty (INTEGRATIONS §2). */
export const DOMAIN_FIELDS = 'id,domain,display_name,last_scraped,google_business_name';
export const KEYWORD_FIELDS =
  'id,keyword,search_type,search_engine.name,search_volume.search_volume,' +
  'ranks.rank,ranks.created_at,ranks.highest_ranking_page';

export interface AccurankerClientOptions {
  /** The API token of the AccuRanker profile, sent as `Authorization: Token …`. */
  token: string;
  /** Default https://app.accuranker.com/api/v4/; a path prefix is kept. */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** `limit` of each page (default 100). */
  pageSize?: number;
  /** Pages one listing may take before the answer counts as broken paging (default 1000). */
  maxPages?: number;
  /** Longest window per request for a period; values above the documented 100 days are lowered to it. */
  maxPeriodDays?: number;
  /** After a 429, wait out Retry-After and ask once more (default true). Never more than one retry. */
  retryRateLimited?: boolean;
  /** Longest Retry-After the retry waits out; a longer one (or none) fails at once (default 60 s). */
  maxRetryWaitSeconds?: number;
  /** Replaces the wait before the retry (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export interface KeywordQuery {
  /** Days to read ranks for; split into windows of at most `maxPeriodDays`. Without it AccuRanker answers
   * for the latest fully refreshed day (usually today or yesterday). */
  period?: DateRange;
  /** A saved segment marked "API filter" in AccuRanker. */
  filterId?: number;
}

const MAX_BYTES = 16 * 1024 * 1024;

const invalid = (message: string) => new AccurankerError('invalid', message);

/**
 * The AccuRanker Read API v4 (INTEGRATIONS §2): domains and keyword ranks, read only. Every call goes through
 * the injected SafeFetch; failures are AccurankerError.
 */
export class AccurankerClient {
  private readonly base: string;
  private readonly pageSize: number;
  private readonly maxPages: number;
  private readonly maxPeriodDays: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AccurankerClientOptions) {
    if (!options.token.trim()) throw new Error('The AccuRanker client needs an API token');
    this.base = `${(options.baseUrl ?? ACCURANKER_BASE_URL).replace(/\/+$/, '')}/`;
    this.pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE));
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 1000));
    this.maxPeriodDays = Math.min(
      MAX_PERIOD_DAYS,
      Math.max(1, Math.floor(options.maxPeriodDays ?? MAX_PERIOD_DAYS)),
    );
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** Every domain of the account, paged to the end, in AccuRanker's order. */
  async listDomains(): Promise<AccurankerDomain[]> {
    const path = 'domains/';
    const domains = new Map<number, AccurankerDomain>();
    const bad = this.bad(path);
    await this.listAll(path, { fields: DOMAIN_FIELDS }, (item) => {
      const domain = parseDomain(item, bad);
      if (!domains.has(domain.id)) domains.set(domain.id, domain);
    });
    return [...domains.values()];
  }

  /**
   * The keywords of a domain with their daily ranks. A period longer than the 100-day cap is read window by
   * window and merged: one entry per keyword id, ranks oldest first, one per day, none outside the period.
   */
  async listKeywords(domainId: number, query: KeywordQuery = {}): Promise<AccurankerKeyword[]> {
    if (!isId(domainId)) throw invalid(`"${String(domainId)}" is not an AccuRanker domain id`);
    if (query.filterId !== undefined && !isId(query.filterId))
      throw invalid(`"${String(query.filterId)}" is not an AccuRanker filter id`);
    const path = `domains/${domainId}/keywords/`;
    const params: Record<string, string> = { fields: KEYWORD_FIELDS };
    if (query.filterId !== undefined) params.filter_id = String(query.filterId);
    const windows = query.period ? periodWindows(query.period, this.maxPeriodDays) : [null];
    const merger = new KeywordMerger(query.period ?? null);
    const bad = this.bad(path);
    for (const window of windows) {
      const period: Record<string, string> = window ? { period_from: window.from, period_to: window.to } : {};
      await this.listAll(path, { ...params, ...period }, (item) => merger.add(parseKeyword(item, bad)));
    }
    return merger.result();
  }

  /** Pages with limit/offset until a page shorter than the limit (the body is a bare array, no total). */
  private async listAll(path: string, params: Record<string, string>, each: (item: unknown) => void) {
    for (let page = 0; page < this.maxPages; page += 1) {
      const query = new URLSearchParams({
        ...params,
        limit: String(this.pageSize),
        offset: String(page * this.pageSize),
      });
      const body = await this.get(path, query);
      if (!Array.isArray(body)) throw this.bad(path)('something other than a list');
      for (const item of body) each(item);
      if (body.length < this.pageSize) return;
    }
    throw this.bad(path)(`full pages past ${this.maxPages} pages (paging does not end)`);
  }

  private async get(path: string, query: URLSearchParams): Promise<unknown> {
    const url = `${this.base}${path}?${query}`;
    let res = await this.fetch(url, path);
    if (res.status === 429 && this.options.retryRateLimited !== false) {
      const wait = retryAfterSeconds(res.headers['retry-after']);
      if (wait !== undefined && wait <= (this.options.maxRetryWaitSeconds ?? 60)) {
        await this.sleep(wait * 1000);
        res = await this.fetch(url, path);
      }
    }
    if (res.status !== 200) throw httpFailure(res, path, this.options.token);
    try {
      return res.json<unknown>();
    } catch (err) {
      throw new AccurankerError('bad_response', `AccuRanker answered ${path} with invalid JSON`, {
        status: res.status,
        path,
        cause: err,
      });
    }
  }

  private async fetch(url: string, path: string): Promise<SafeResponse> {
    try {
      return await this.options.safeFetch(url, {
        headers: { authorization: `Token ${this.options.token}` },
        accept: 'application/json',
        // The API never redirects a correct (trailing-slash) path; a redirect is an error, not a hop.
        maxRedirects: 0,
        maxBytes: MAX_BYTES,
        timeoutMs: this.options.timeoutMs ?? 30_000,
      });
    } catch (err) {
      throw fromOutbound(err, path);
    }
  }

  private bad(path: string): Complaint {
    return (what) =>
      new AccurankerError('bad_response', `AccuRanker answered ${path} with ${what}`, { path });
  }
}
