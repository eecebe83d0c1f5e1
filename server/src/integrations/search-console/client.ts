import { isDay } from '@sitefleet/shared';
import { googleApi, isRecord, type GoogleApi, type GoogleClientOptions } from '../google/api.js';
import { SearchConsoleError } from './errors.js';
import {
  INDEX_VERDICTS,
  SEARCH_DIMENSIONS,
  SEARCH_TYPES,
  type IndexVerdict,
  type SearchAnalyticsQuery,
  type SearchAnalyticsRow,
  type UrlInspection,
} from './types.js';

export const SEARCH_CONSOLE_BASE_URL = 'https://searchconsole.googleapis.com';
export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
export const SEARCH_MAX_ROW_LIMIT = 25_000;
export const SEARCH_DEFAULT_MAX_ROWS = 100_000;

export interface SearchConsoleClientOptions extends GoogleClientOptions {
  /** Default https://searchconsole.googleapis.com (Search Analytics under /webmasters/v3, inspection under /v1). */
  baseUrl?: string;
}

const fail = (kind: SearchConsoleError['kind'], message: string, details: SearchConsoleError['details']) =>
  new SearchConsoleError(kind, message, details);
const invalid = (message: string) => new SearchConsoleError('invalid', message);

/**
 * A Search Console property string: "sc-domain:example.com" (Domain property) or a URL-prefix property,
 * which always ends in "/". The string must match the property exactly, so nothing is guessed.
 */
function checkSiteUrl(siteUrl: string): string {
  const value = siteUrl.trim();
  if (/^sc-domain:[a-z0-9.-]+$/i.test(value)) return value;
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) {
    if (!value.endsWith('/'))
      throw invalid(`The Search Console URL-prefix property must end with "/": "${value.slice(0, 200)}/"`);
    return value;
  }
  throw invalid(
    `"${siteUrl.slice(0, 200)}" is not a Search Console property (sc-domain:example.com or https://www.example.com/)`,
  );
}

function checkInt(value: number, min: number, max: number, name: string): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw invalid(`The Search Console ${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/**
 * Google Search Console (INTEGRATIONS §5): Search Analytics (clicks, impressions, CTR, position by date, page,
 * query…) and the URL Inspection index status. Signs in as a service account (JWT bearer) that must be a
 * user of each property; every request goes through the injected SafeFetch; failures are SearchConsoleError.
 */
export class SearchConsoleClient {
  private readonly api: GoogleApi<SearchConsoleError>;
  private readonly base: string;

  constructor(options: SearchConsoleClientOptions) {
    this.api = googleApi('Search Console', SEARCH_CONSOLE_SCOPE, options, fail);
    this.base = (options.baseUrl ?? SEARCH_CONSOLE_BASE_URL).replace(/\/+$/, '');
  }

  /**
   * Search Analytics rows of a property, paged with startRow until a short page or `maxRows`. Rows come in
   * Google's order (clicks, descending); days without data are absent. An empty answer is [].
   */
  async searchAnalytics(siteUrl: string, query: SearchAnalyticsQuery): Promise<SearchAnalyticsRow[]> {
    const site = checkSiteUrl(siteUrl);
    const { startDate, endDate } = query;
    if (!isDay(startDate) || !isDay(endDate))
      throw invalid('The Search Console dates must be real days as YYYY-MM-DD');
    if (endDate < startDate)
      throw invalid(`The Search Console range ends (${endDate}) before it starts (${startDate})`);
    const dimensions = [...(query.dimensions ?? [])];
    if (
      dimensions.some((d) => !SEARCH_DIMENSIONS.includes(d)) ||
      new Set(dimensions).size !== dimensions.length
    )
      throw invalid(`The Search Console dimensions must be distinct ones of ${SEARCH_DIMENSIONS.join(', ')}`);
    const type = query.type ?? 'web';
    if (!SEARCH_TYPES.includes(type))
      throw invalid(`The Search Console search type must be one of ${SEARCH_TYPES.join(', ')}`);
    const dataState = query.dataState ?? 'final';
    if (dataState !== 'final' && dataState !== 'all')
      throw invalid('The Search Console data state must be final or all');
    const rowLimit = checkInt(query.rowLimit ?? SEARCH_MAX_ROW_LIMIT, 1, SEARCH_MAX_ROW_LIMIT, 'row limit');
    const maxRows = checkInt(query.maxRows ?? SEARCH_DEFAULT_MAX_ROWS, 1, Number.MAX_SAFE_INTEGER, 'row cap');
    let startRow = checkInt(query.startRow ?? 0, 0, Number.MAX_SAFE_INTEGER, 'start row');

    const endpoint = 'searchAnalytics.query';
    const url = `${this.base}/webmasters/v3/sites/${encodeURIComponent(site)}/searchAnalytics/query`;
    const rows: SearchAnalyticsRow[] = [];
    while (rows.length < maxRows) {
      const limit = Math.min(rowLimit, maxRows - rows.length);
      const body = await this.api.request(endpoint, url, {
        startDate,
        endDate,
        dimensions,
        type,
        dataState,
        rowLimit: limit,
        startRow,
      });
      const page = this.parseRows(body, dimensions.length);
      rows.push(...page);
      if (page.length < limit) break;
      if (page.length > limit)
        throw this.api.malformed(endpoint, `${page.length} rows for a limit of ${limit}`);
      startRow += limit;
    }
    return rows;
  }

  /** The index status of a URL of the property (one inspection of the daily per-property quota). */
  async inspectUrl(
    siteUrl: string,
    inspectionUrl: string,
    options: { languageCode?: string } = {},
  ): Promise<UrlInspection> {
    const site = checkSiteUrl(siteUrl);
    const target = inspectionUrl.trim();
    if (!/^https?:\/\//i.test(target) || !URL.canParse(target))
      throw invalid(`"${inspectionUrl.slice(0, 200)}" is not an http(s) URL to inspect`);
    const languageCode = options.languageCode ?? 'en-US';
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(languageCode))
      throw invalid(`"${languageCode.slice(0, 40)}" is not a language code`);
    const endpoint = 'urlInspection.index.inspect';
    const body = await this.api.request(endpoint, `${this.base}/v1/urlInspection/index:inspect`, {
      inspectionUrl: target,
      siteUrl: site,
      languageCode,
    });
    const bad = (what: string) => this.api.malformed(endpoint, what);
    if (!isRecord(body) || !isRecord(body.inspectionResult)) throw bad('"inspectionResult" is not an object');
    const result = body.inspectionResult;
    const status = result.indexStatusResult;
    if (!isRecord(status)) throw bad('"indexStatusResult" is not an object');
    const said = status.verdict ?? 'VERDICT_UNSPECIFIED';
    const verdict: IndexVerdict | undefined = INDEX_VERDICTS.find((v) => v === said);
    if (!verdict)
      throw bad(`"verdict" ${String(JSON.stringify(said)).slice(0, 40)} is not a documented verdict`);
    const text = (name: string): string | null => {
      const value = status[name];
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string') throw bad(`"${name}" is not a string`);
      return value;
    };
    const list = (name: string): string[] => {
      const value = status[name];
      if (value === undefined || value === null) return [];
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        throw bad(`"${name}" is not a list of strings`);
      return value;
    };
    const crawled = text('lastCrawlTime');
    if (crawled !== null && Number.isNaN(Date.parse(crawled))) throw bad('"lastCrawlTime" is not a time');
    return {
      siteUrl: site,
      inspectionUrl: target,
      verdict,
      indexed: verdict === 'PASS',
      coverageState: text('coverageState'),
      lastCrawlTime: crawled === null ? null : new Date(crawled).toISOString(),
      robotsTxtState: text('robotsTxtState'),
      indexingState: text('indexingState'),
      pageFetchState: text('pageFetchState'),
      googleCanonical: text('googleCanonical'),
      userCanonical: text('userCanonical'),
      crawledAs: text('crawledAs'),
      sitemaps: list('sitemap'),
      referringUrls: list('referringUrls'),
      inspectionResultLink:
        typeof result.inspectionResultLink === 'string' ? result.inspectionResultLink : null,
    };
  }

  private parseRows(body: unknown, dimensionCount: number): SearchAnalyticsRow[] {
    const bad = (what: string) => this.api.malformed('searchAnalytics.query', what);
    if (!isRecord(body)) throw bad('the body is not a JSON object');
    // An empty result has no "rows" key at all.
    if (body.rows === undefined) return [];
    if (!Array.isArray(body.rows)) throw bad('"rows" is not a list');
    return body.rows.map((row, i): SearchAnalyticsRow => {
      if (!isRecord(row)) throw bad(`rows[${i}] is not an object`);
      const keys = row.keys ?? [];
      if (!Array.isArray(keys) || keys.length !== dimensionCount || !keys.every((k) => typeof k === 'string'))
        throw bad(`rows[${i}] "keys" is not ${dimensionCount} strings`);
      const number = (name: string, max = Number.POSITIVE_INFINITY): number => {
        const value = row[name];
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max)
          throw bad(`rows[${i}] "${name}" is not a number${max === 1 ? ' from 0 to 1' : ''}`);
        return value;
      };
      return {
        keys,
        clicks: number('clicks'),
        impressions: number('impressions'),
        ctr: number('ctr', 1),
        position: number('position'),
      };
    });
  }
}
