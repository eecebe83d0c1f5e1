export const SEARCH_DIMENSIONS = ['date', 'query', 'page', 'country', 'device', 'searchAppearance'] as const;
export type SearchDimension = (typeof SEARCH_DIMENSIONS)[number];

export const SEARCH_TYPES = ['web', 'image', 'video', 'news', 'discover', 'googleNews'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchAnalyticsQuery {
  /** YYYY-MM-DD, inclusive (Pacific time). */
  startDate: string;
  endDate: string;
  /** Grouping, in the order `keys` come back; none: one row of totals. */
  dimensions?: readonly SearchDimension[];
  /** Default web. */
  type?: SearchType;
  /** Default final (finalized data only); all includes fresh data. */
  dataState?: 'final' | 'all';
  /** Rows per request, 1–25,000 (default 25,000). */
  rowLimit?: number;
  /** Zero-based row to start at (default 0). */
  startRow?: number;
  /** Most rows to return over all pages (default 100,000): paging stops there. */
  maxRows?: number;
}

/** A row of SPEC §3 "Search rows". */
export interface SearchAnalyticsRow {
  /** One value per dimension, in the order asked (date YYYY-MM-DD, country alpha-3 lower case, page a URL). */
  keys: string[];
  clicks: number;
  impressions: number;
  /** Fraction 0–1. */
  ctr: number;
  /** Average position, 1 = top. */
  position: number;
}

export type IndexVerdict = 'VERDICT_UNSPECIFIED' | 'PASS' | 'PARTIAL' | 'FAIL' | 'NEUTRAL';
export const INDEX_VERDICTS: readonly IndexVerdict[] = [
  'VERDICT_UNSPECIFIED',
  'PASS',
  'PARTIAL',
  'FAIL',
  'NEUTRAL',
];

/** The index status of a URL as Google's indexed version has it (URL Inspection, no live test). */
export interface UrlInspection {
  siteUrl: string;
  inspectionUrl: string;
  /** PASS = indexed; NEUTRAL = excluded / not indexed. */
  verdict: IndexVerdict;
  indexed: boolean;
  /** Human-readable and localised ("Submitted and indexed"): show it, do not branch on it. */
  coverageState: string | null;
  /** ISO 8601; null when Google never crawled the URL. */
  lastCrawlTime: string | null;
  robotsTxtState: string | null;
  indexingState: string | null;
  pageFetchState: string | null;
  /** Null when the URL is not indexed. */
  googleCanonical: string | null;
  userCanonical: string | null;
  crawledAs: string | null;
  sitemaps: string[];
  referringUrls: string[];
  /** Link to the report in Search Console. */
  inspectionResultLink: string | null;
}
