import { isDay } from '@sitefleet/shared';
import { googleApi, isRecord, type GoogleApi, type GoogleClientOptions } from '../google/api.js';
import { Ga4Error } from './errors.js';
import {
  GA4_DAILY_METRICS,
  type Ga4DailyReport,
  type Ga4DailyRow,
  type Ga4DateRange,
  type Ga4Metric,
  type Ga4Property,
  type Ga4ReportOptions,
  type Ga4SeriesPoint,
} from './types.js';

export const GA4_DATA_BASE_URL = 'https://analyticsdata.googleapis.com/v1beta';
export const GA4_ADMIN_BASE_URL = 'https://analyticsadmin.googleapis.com/v1beta';
export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
/** runReport's own default and cap of rows per request. */
export const GA4_DEFAULT_PAGE_SIZE = 10_000;
export const GA4_MAX_PAGE_SIZE = 250_000;

export interface Ga4ClientOptions extends GoogleClientOptions {
  /** Default https://analyticsdata.googleapis.com/v1beta. */
  dataBaseUrl?: string;
  /** Default https://analyticsadmin.googleapis.com/v1beta. */
  adminBaseUrl?: string;
  /** runReport rows per request (default 10,000; at most 250,000). */
  pageSize?: number;
  /** accountSummaries per page (default and maximum 200). */
  propertiesPageSize?: number;
  /** Pages one call may take before the paging counts as broken (default 100). */
  maxPages?: number;
}

const fail = (kind: Ga4Error['kind'], message: string, details: Ga4Error['details']) =>
  new Ga4Error(kind, message, details);

/**
 * Google Analytics 4 (INTEGRATIONS §4): daily figures of a property from the Data API's runReport, and the
 * properties the service account can read from the Admin API's account summaries. Signs in as a service
 * account (JWT bearer); every request goes through the injected SafeFetch; failures are Ga4Error.
 */
export class Ga4Client {
  private readonly api: GoogleApi<Ga4Error>;
  private readonly dataBase: string;
  private readonly adminBase: string;
  private readonly pageSize: number;
  private readonly propertiesPageSize: number;
  private readonly maxPages: number;

  constructor(options: Ga4ClientOptions) {
    this.api = googleApi('Google Analytics', GA4_SCOPE, options, fail);
    this.dataBase = (options.dataBaseUrl ?? GA4_DATA_BASE_URL).replace(/\/+$/, '');
    this.adminBase = (options.adminBaseUrl ?? GA4_ADMIN_BASE_URL).replace(/\/+$/, '');
    this.pageSize = Math.min(
      GA4_MAX_PAGE_SIZE,
      Math.max(1, Math.floor(options.pageSize ?? GA4_DEFAULT_PAGE_SIZE)),
    );
    this.propertiesPageSize = Math.min(200, Math.max(1, Math.floor(options.propertiesPageSize ?? 200)));
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 100));
  }

  /**
   * The chosen metrics of a property for each day of a range, oldest first (runReport by the `date`
   * dimension, paged with limit/offset to the end). Days without data are absent; fill them if a chart
   * needs them.
   */
  async runDailyReport(
    property: string,
    range: Ga4DateRange,
    options: Ga4ReportOptions = {},
  ): Promise<Ga4DailyReport> {
    const propertyId = checkProperty(property);
    const { startDate, endDate } = range;
    if (!isDay(startDate) || !isDay(endDate))
      throw new Ga4Error('invalid', 'The GA4 report dates must be real days as YYYY-MM-DD');
    if (endDate < startDate)
      throw new Ga4Error('invalid', `The GA4 report range ends (${endDate}) before it starts (${startDate})`);
    const metrics = [...(options.metrics ?? GA4_DAILY_METRICS)];
    if (!metrics.length || metrics.some((m) => !GA4_DAILY_METRICS.includes(m)))
      throw new Ga4Error('invalid', `The GA4 metrics must be some of ${GA4_DAILY_METRICS.join(', ')}`);
    if (new Set(metrics).size !== metrics.length)
      throw new Ga4Error('invalid', 'The GA4 metrics must not repeat');
    const hostName = options.hostName?.trim().toLowerCase();
    if (hostName !== undefined && !/^[a-z0-9.-]{1,253}$/.test(hostName))
      throw new Ga4Error('invalid', `"${options.hostName?.slice(0, 100)}" is not a host name`);

    const endpoint = 'runReport';
    const url = `${this.dataBase}/properties/${propertyId}:runReport`;
    const byDate = new Map<string, Ga4DailyRow>();
    const report: Ga4DailyReport = {
      propertyId,
      startDate,
      endDate,
      metrics,
      rows: [],
      timeZone: null,
      currencyCode: null,
      subjectToThresholding: false,
    };
    let offset = 0;
    for (let page = 0; page < this.maxPages; page += 1) {
      const body = await this.api.request(endpoint, url, {
        dateRanges: [{ startDate, endDate }],
        dimensions: [{ name: 'date' }],
        metrics: metrics.map((name) => ({ name })),
        ...(hostName
          ? {
              dimensionFilter: {
                filter: { fieldName: 'hostName', stringFilter: { matchType: 'EXACT', value: hostName } },
              },
            }
          : {}),
        orderBys: [{ dimension: { dimensionName: 'date' } }],
        limit: this.pageSize,
        offset,
      });
      const parsed = this.parseReport(body, metrics, range);
      if (page === 0) {
        report.timeZone = parsed.timeZone;
        report.currencyCode = parsed.currencyCode;
      }
      report.subjectToThresholding ||= parsed.subjectToThresholding;
      for (const row of parsed.rows) {
        if (byDate.has(row.date))
          throw this.api.malformed(endpoint, `the day ${row.date} came twice (paging overlaps)`);
        byDate.set(row.date, row);
      }
      offset += parsed.count;
      if (parsed.count === 0 || parsed.rowCount === null || offset >= parsed.rowCount) {
        report.rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
        return report;
      }
    }
    throw this.api.malformed(endpoint, `full pages past ${this.maxPages} pages (paging does not end)`);
  }

  /** Every GA4 property the service account can see, paged through the account summaries. */
  async listProperties(): Promise<Ga4Property[]> {
    const endpoint = 'accountSummaries';
    const properties: Ga4Property[] = [];
    const seenTokens = new Set<string>();
    let pageToken: string | null = null;
    for (let page = 0; page < this.maxPages; page += 1) {
      const query = new URLSearchParams({ pageSize: String(this.propertiesPageSize) });
      if (pageToken) query.set('pageToken', pageToken);
      const body = await this.api.request(endpoint, `${this.adminBase}/accountSummaries?${query}`);
      if (!isRecord(body)) throw this.api.malformed(endpoint, 'the body is not a JSON object');
      const summaries = body.accountSummaries ?? [];
      if (!Array.isArray(summaries)) throw this.api.malformed(endpoint, '"accountSummaries" is not a list');
      summaries.forEach((summary, i) => properties.push(...this.parseSummary(summary, i)));
      const next = body.nextPageToken;
      if (next === undefined || next === null || next === '') return properties;
      if (typeof next !== 'string') throw this.api.malformed(endpoint, '"nextPageToken" is not a string');
      if (seenTokens.has(next)) throw this.api.malformed(endpoint, 'a page token came back again');
      seenTokens.add(next);
      pageToken = next;
    }
    throw this.api.malformed(endpoint, `more than ${this.maxPages} pages (paging does not end)`);
  }

  private parseSummary(summary: unknown, i: number): Ga4Property[] {
    const bad = (what: string) => this.api.malformed('accountSummaries', `accountSummaries[${i}] ${what}`);
    if (!isRecord(summary)) throw bad('is not an object');
    const account = summary.account;
    if (typeof account !== 'string' || !/^accounts\/\d+$/.test(account))
      throw bad('has no "account" as accounts/<id>');
    const accountDisplayName = typeof summary.displayName === 'string' ? summary.displayName : '';
    const list = summary.propertySummaries ?? [];
    if (!Array.isArray(list)) throw bad('"propertySummaries" is not a list');
    return list.map((item, j): Ga4Property => {
      if (!isRecord(item)) throw bad(`propertySummaries[${j}] is not an object`);
      const name = item.property;
      if (typeof name !== 'string' || !/^properties\/\d+$/.test(name))
        throw bad(`propertySummaries[${j}] has no "property" as properties/<id>`);
      if (typeof item.displayName !== 'string') throw bad(`propertySummaries[${j}] has no "displayName"`);
      const parent = item.parent ?? account;
      if (typeof parent !== 'string') throw bad(`propertySummaries[${j}] "parent" is not a string`);
      return {
        name,
        propertyId: name.slice('properties/'.length),
        displayName: item.displayName,
        parent,
        account,
        accountDisplayName,
        propertyType: typeof item.propertyType === 'string' ? item.propertyType : null,
      };
    });
  }

  private parseReport(body: unknown, metrics: Ga4Metric[], range: Ga4DateRange) {
    const endpoint = 'runReport';
    const bad = (what: string) => this.api.malformed(endpoint, what);
    if (!isRecord(body)) throw bad('the body is not a JSON object');
    const metadata = isRecord(body.metadata) ? body.metadata : {};
    const rowCount = body.rowCount === undefined ? null : body.rowCount;
    if (rowCount !== null && (typeof rowCount !== 'number' || !Number.isInteger(rowCount) || rowCount < 0))
      throw bad('"rowCount" is not a count');
    const result = {
      rows: [] as Ga4DailyRow[],
      count: 0,
      rowCount,
      timeZone: typeof metadata.timeZone === 'string' ? metadata.timeZone : null,
      currencyCode: typeof metadata.currencyCode === 'string' ? metadata.currencyCode : null,
      subjectToThresholding: metadata.subjectToThresholding === true,
    };
    // An empty report has no "rows" key at all.
    if (body.rows === undefined) return result;
    if (!Array.isArray(body.rows)) throw bad('"rows" is not a list');
    const dateIndex = headerNames(body.dimensionHeaders).indexOf('date');
    if (dateIndex < 0) throw bad('"dimensionHeaders" has no date');
    const metricHeaders = Array.isArray(body.metricHeaders) ? body.metricHeaders : [];
    const columns = metrics.map((metric) => {
      const index = metricHeaders.findIndex((h) => isRecord(h) && h.name === metric);
      const header: unknown = metricHeaders[index];
      if (index < 0 || !isRecord(header)) throw bad(`"metricHeaders" has no ${metric}`);
      return { metric, index, type: typeof header.type === 'string' ? header.type : 'TYPE_FLOAT' };
    });
    result.count = body.rows.length;
    body.rows.forEach((row, i) => {
      if (!isRecord(row)) throw bad(`rows[${i}] is not an object`);
      const raw = valueAt(row.dimensionValues, dateIndex);
      if (raw === '(other)' || raw === '(not set)') return;
      const date =
        raw !== null && /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}` : '';
      if (!isDay(date)) throw bad(`rows[${i}] date "${String(raw).slice(0, 20)}" is not YYYYMMDD`);
      if (date < range.startDate || date > range.endDate)
        throw bad(`rows[${i}] date ${date} is outside the range asked`);
      const values: Ga4DailyRow['values'] = {};
      for (const { metric, index, type } of columns) {
        const text = valueAt(row.metricValues, index);
        const value = text === null ? NaN : Number(text);
        const ok =
          text !== null &&
          text.trim() !== '' &&
          Number.isFinite(value) &&
          (type !== 'TYPE_INTEGER' || Number.isInteger(value));
        if (!ok) throw bad(`rows[${i}] ${metric} "${String(text).slice(0, 20)}" is not a ${type} number`);
        values[metric] = value;
      }
      result.rows.push({ date, values });
    });
    return result;
  }
}

function headerNames(headers: unknown): unknown[] {
  return Array.isArray(headers) ? headers.map((h) => (isRecord(h) ? h.name : undefined)) : [];
}

/** The string `value` of the i-th entry of dimensionValues or metricValues. */
function valueAt(list: unknown, i: number): string | null {
  const item = Array.isArray(list) ? list[i] : undefined;
  return isRecord(item) && typeof item.value === 'string' ? item.value : null;
}

/** "123", or "properties/123" cut to "123"; anything else (a G-XXXX measurement id…) is invalid. */
function checkProperty(property: string): string {
  const id = property.trim().replace(/^properties\//, '');
  if (!/^\d{1,20}$/.test(id))
    throw new Ga4Error(
      'invalid',
      `"${property.slice(0, 60)}" is not a GA4 property id (the numeric id, not a G- measurement id)`,
    );
  return id;
}

/** One metric of a report as SPEC's analytics rows: {date, value} per day with data, oldest first. */
export function analyticsSeries(report: Ga4DailyReport, metric: Ga4Metric): Ga4SeriesPoint[] {
  return report.rows.flatMap((row) => {
    const value = row.values[metric];
    return value === undefined ? [] : [{ date: row.date, value }];
  });
}
