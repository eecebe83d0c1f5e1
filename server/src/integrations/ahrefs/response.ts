import { AhrefsError } from './errors.js';
import type {
  AhrefsUsage,
  BacklinksStats,
  DomainRating,
  DomainRatingPoint,
  RecentBacklink,
  RefdomainsPoint,
  SiteMetrics,
} from './types.js';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A shape the client relies on was not there; the caller turns it into a bad_response. */
class ShapeError extends Error {}

/** Runs a parser over a 200 body; a missing or mistyped field becomes bad_response naming the endpoint. */
export function parseBody<T>(endpoint: string, body: unknown, parse: (body: unknown) => T): T {
  try {
    return parse(body);
  } catch (err) {
    if (!(err instanceof ShapeError)) throw err;
    throw new AhrefsError('bad_response', `Ahrefs ${endpoint} answered an unexpected shape: ${err.message}`, {
      endpoint,
      status: 200,
    });
  }
}

/**
 * The object every snapshot answer is wrapped in (`{"metrics": {...}}`). A null wrapper is Ahrefs saying it
 * has nothing for the target and date, as a 404 does.
 */
function wrapped(body: unknown, key: string, endpoint: string): Record<string, unknown> {
  if (!isRecord(body)) throw new ShapeError('the body is not a JSON object');
  const inner = body[key];
  if (inner === null)
    throw new AhrefsError('not_found', `Ahrefs has no ${endpoint} data for this target and date`, {
      endpoint,
      status: 200,
    });
  if (!isRecord(inner)) throw new ShapeError(`"${key}" is not an object`);
  return inner;
}

/** The rows of a list or history answer (`{"backlinks": [...]}`); null means no rows. */
function rows(body: unknown, key: string): Record<string, unknown>[] {
  if (!isRecord(body)) throw new ShapeError('the body is not a JSON object');
  const list = body[key];
  if (list === null) return [];
  if (!Array.isArray(list)) throw new ShapeError(`"${key}" is not a list`);
  return list.map((row, i) => {
    if (!isRecord(row)) throw new ShapeError(`"${key}[${i}]" is not an object`);
    return row;
  });
}

function count(obj: Record<string, unknown>, field: string): number {
  const value = obj[field];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new ShapeError(`"${field}" is not a count`);
  return value;
}

const nullableCount = (obj: Record<string, unknown>, field: string): number | null =>
  obj[field] === null ? null : count(obj, field);

function rating(obj: Record<string, unknown>, field: string): number {
  const value = obj[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100)
    throw new ShapeError(`"${field}" is not a rating from 0 to 100`);
  return value;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A history point's date; a date-time is cut to its day. */
function day(obj: Record<string, unknown>, field: string): string {
  const value = obj[field];
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match || Number.isNaN(Date.parse(`${match[0]}T00:00:00Z`)))
    throw new ShapeError(`"${field}" is not a date`);
  return match[0];
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A date or date-time as Ahrefs prints it, as an ISO 8601 instant in UTC (no zone given: UTC). */
function instant(obj: Record<string, unknown>, field: string): string {
  const value = obj[field];
  const match = typeof value === 'string' ? INSTANT.exec(value.trim()) : null;
  if (!match) throw new ShapeError(`"${field}" is not a date-time`);
  const [, date, time, zone] = match;
  const at = Date.parse(`${date}T${time ?? '00:00:00'}${zone ? zone.toUpperCase() : 'Z'}`);
  if (Number.isNaN(at)) throw new ShapeError(`"${field}" is not a date-time`);
  return new Date(at).toISOString();
}

function text(obj: Record<string, unknown>, field: string): string {
  const value = obj[field];
  if (typeof value !== 'string') throw new ShapeError(`"${field}" is not a string`);
  return value;
}

function webUrl(obj: Record<string, unknown>, field: string): URL {
  const value = text(obj, field);
  if (!URL.canParse(value)) throw new ShapeError(`"${field}" is not a URL`);
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new ShapeError(`"${field}" is not a web URL`);
  return url;
}

/** Host of a URL, lower case, brackets and trailing dot removed. */
export function hostOf(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/** The last label of a host name, the TLD the dashboard chart counts; "" for an IP address. */
export function tldOf(host: string): string {
  if (/^[\d.]+$/.test(host) || host.includes(':')) return '';
  const labels = host.split('.');
  return labels.length > 1 ? labels[labels.length - 1]! : '';
}

export const parseDomainRating =
  (target: string, date: string) =>
  (body: unknown): DomainRating => {
    const dr = wrapped(body, 'domain_rating', 'domain-rating');
    return {
      target,
      date,
      domainRating: rating(dr, 'domain_rating'),
      ahrefsRank: nullableCount(dr, 'ahrefs_rank'),
    };
  };

export const parseBacklinksStats =
  (target: string, date: string) =>
  (body: unknown): BacklinksStats => {
    const m = wrapped(body, 'metrics', 'backlinks-stats');
    return {
      target,
      date,
      live: count(m, 'live'),
      allTime: count(m, 'all_time'),
      liveRefdomains: count(m, 'live_refdomains'),
      allTimeRefdomains: count(m, 'all_time_refdomains'),
    };
  };

export const parseMetrics =
  (target: string, date: string) =>
  (body: unknown): SiteMetrics => {
    const m = wrapped(body, 'metrics', 'metrics');
    return {
      target,
      date,
      orgKeywords: count(m, 'org_keywords'),
      orgKeywords1To3: count(m, 'org_keywords_1_3'),
      orgTraffic: count(m, 'org_traffic'),
      orgCostCents: nullableCount(m, 'org_cost'),
      paidKeywords: count(m, 'paid_keywords'),
      paidTraffic: count(m, 'paid_traffic'),
      paidCostCents: nullableCount(m, 'paid_cost'),
      paidPages: count(m, 'paid_pages'),
    };
  };

const byDate = <T extends { date: string }>(points: T[]) =>
  points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

export function parseDomainRatingHistory(body: unknown): DomainRatingPoint[] {
  return byDate(
    rows(body, 'domain_ratings').map((r) => ({
      date: day(r, 'date'),
      domainRating: rating(r, 'domain_rating'),
    })),
  );
}

export function parseRefdomainsHistory(body: unknown): RefdomainsPoint[] {
  return byDate(
    rows(body, 'refdomains').map((r) => ({ date: day(r, 'date'), refdomains: count(r, 'refdomains') })),
  );
}

/** The columns recentBacklinks asks for: each costs 1 unit per row, so nothing more is selected. */
export const BACKLINK_COLUMNS = ['url_from', 'url_to', 'anchor', 'domain_rating_source', 'first_seen_link'];

export function parseBacklinks(body: unknown): RecentBacklink[] {
  const links = rows(body, 'backlinks').map((r): RecentBacklink => {
    const sourceHost = hostOf(webUrl(r, 'url_from'));
    webUrl(r, 'url_to');
    return {
      // As Ahrefs printed them: the URL parser would re-encode paths and lower-case hosts.
      sourceUrl: text(r, 'url_from'),
      targetUrl: text(r, 'url_to'),
      // An image link has no text; Ahrefs documents a string, and null is read as "no text" too.
      anchor: r.anchor === null ? '' : text(r, 'anchor'),
      sourceDomainRating: rating(r, 'domain_rating_source'),
      firstSeen: instant(r, 'first_seen_link'),
      sourceHost,
      sourceTld: tldOf(sourceHost),
    };
  });
  // Ahrefs sorts by order_by already; sorting again keeps "newest first" true whatever it sent.
  return links.sort((a, b) => (a.firstSeen < b.firstSeen ? 1 : a.firstSeen > b.firstSeen ? -1 : 0));
}

const headerNumber = (value: string | undefined): number | null => {
  if (value === undefined || !/^\s*\d+(?:\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
};

/** The unit-consumption headers Ahrefs sends on every answer; null where one is missing. */
export function usageOf(endpoint: string, headers: Record<string, string>): AhrefsUsage {
  const cache = headers['x-api-cache']?.trim().toLowerCase();
  return {
    endpoint,
    rows: headerNumber(headers['x-api-rows']),
    unitsCostRow: headerNumber(headers['x-api-units-cost-row']),
    unitsCostTotal: headerNumber(headers['x-api-units-cost-total']),
    unitsCostTotalActual: headerNumber(headers['x-api-units-cost-total-actual']),
    cache: cache === 'hit' || cache === 'miss' || cache === 'no_cache' ? cache : null,
  };
}

/**
 * The error text of a failed answer: `{"error": "..."}` as documented, `{"message": "..."}` as the official
 * SDK also reads, or the bare `["Error", "Forbidden"]` array some answers carry.
 */
export function errorText(body: unknown): string | null {
  if (isRecord(body)) {
    for (const key of ['error', 'message']) if (typeof body[key] === 'string' && body[key]) return body[key];
    return null;
  }
  if (Array.isArray(body) && body.length > 0 && body.every((part) => typeof part === 'string'))
    return body.join(': ');
  return null;
}
