/** Which URLs of the target a report covers (Ahrefs `mode`). */
export type AhrefsMode = 'exact' | 'prefix' | 'domain' | 'subdomains';
export const AHREFS_MODES: readonly AhrefsMode[] = ['exact', 'prefix', 'domain', 'subdomains'];

export type AhrefsProtocol = 'both' | 'http' | 'https';
export const AHREFS_PROTOCOLS: readonly AhrefsProtocol[] = ['both', 'http', 'https'];

export type HistoryGrouping = 'daily' | 'weekly' | 'monthly';
export const HISTORY_GROUPINGS: readonly HistoryGrouping[] = ['daily', 'weekly', 'monthly'];

/** How the backlink list groups links: near-duplicates (sitewide links) together, one per domain, or none. */
export type BacklinkAggregation = 'similar_links' | '1_per_domain' | 'all';
export const BACKLINK_AGGREGATIONS: readonly BacklinkAggregation[] = ['similar_links', '1_per_domain', 'all'];

/** Scope of a report; unset fields take the client's defaults. */
export interface AhrefsScope {
  mode?: AhrefsMode;
  protocol?: AhrefsProtocol;
}

export interface MetricsOptions extends AhrefsScope {
  /** ISO 3166-1 alpha-2; unset: all countries. */
  country?: string;
  volumeMode?: 'monthly' | 'average';
}

/** A date range for the history reports; dates are YYYY-MM-DD. */
export interface HistoryRange {
  from: string;
  /** Unset: up to today. */
  to?: string;
  /** Default monthly (the API's own default). */
  grouping?: HistoryGrouping;
}

export interface HistoryOptions extends HistoryRange {
  /** The referring-domains report takes a scope; the Domain Rating history is per domain and ignores it. */
  mode?: AhrefsMode;
  protocol?: AhrefsProtocol;
}

export interface RecentBacklinksOptions extends AhrefsScope {
  /** 1 to 1000; default 10. */
  limit?: number;
  /** Default similar_links: a sitewide footer link counts once, as in the Ahrefs interface. */
  aggregation?: BacklinkAggregation;
}

export interface DomainRating {
  target: string;
  /** The date the figure is for (YYYY-MM-DD). */
  date: string;
  /** 0–100, logarithmic. */
  domainRating: number;
  /** 1 is the strongest site; null when Ahrefs does not rank the target. */
  ahrefsRank: number | null;
}

export interface BacklinksStats {
  target: string;
  date: string;
  /** Backlinks live on the date. */
  live: number;
  /** Backlinks ever seen. */
  allTime: number;
  /** Unique linking domains live on the date. */
  liveRefdomains: number;
  allTimeRefdomains: number;
}

export interface SiteMetrics {
  target: string;
  date: string;
  /** Keywords ranking in the top 100 organic results. */
  orgKeywords: number;
  /** Keywords ranking in the top 3. */
  orgKeywords1To3: number;
  /** Estimated monthly organic visits. */
  orgTraffic: number;
  /** Estimated monthly value of the organic traffic in US cents; null when Ahrefs has no estimate. */
  orgCostCents: number | null;
  paidKeywords: number;
  paidTraffic: number;
  /** US cents; null when Ahrefs has no estimate. */
  paidCostCents: number | null;
  paidPages: number;
}

export interface DomainRatingPoint {
  date: string;
  domainRating: number;
}

export interface RefdomainsPoint {
  date: string;
  refdomains: number;
}

/** One date of the backlink trend: either figure is null when its report has no point on that date. */
export interface BacklinkProfilePoint {
  date: string;
  domainRating: number | null;
  refdomains: number | null;
}

export interface RecentBacklink {
  /** The page that links. */
  sourceUrl: string;
  /** The page of the target it links to. */
  targetUrl: string;
  /** Empty for an image link without text. */
  anchor: string;
  /** Domain Rating of the linking domain, 0–100. */
  sourceDomainRating: number;
  /** When Ahrefs first found this link on the page, ISO 8601 in UTC. */
  firstSeen: string;
  /** Host of the linking page, lower case, without a trailing dot. */
  sourceHost: string;
  /** Last label of the linking host ("com", "nl", "xn--p1ai"); the dashboard's TLD chart counts these. */
  sourceTld: string;
}

/** What one request cost, from the headers Ahrefs sends with every answer. */
export interface AhrefsUsage {
  endpoint: string;
  rows: number | null;
  unitsCostRow: number | null;
  unitsCostTotal: number | null;
  /** What was actually charged: 0 for an answer served from cache. */
  unitsCostTotalActual: number | null;
  cache: 'hit' | 'miss' | 'no_cache' | null;
}
