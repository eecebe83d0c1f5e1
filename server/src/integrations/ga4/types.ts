/** The metrics the dashboard charts per day (SPEC §7.3). */
export const GA4_DAILY_METRICS = [
  'activeUsers',
  'newUsers',
  'sessions',
  'bounceRate',
  'averageSessionDuration',
  'eventCount',
] as const;
export type Ga4Metric = (typeof GA4_DAILY_METRICS)[number];

/** An inclusive range of days, YYYY-MM-DD (in the property's time zone). */
export interface Ga4DateRange {
  startDate: string;
  endDate: string;
}

export interface Ga4ReportOptions {
  /** Default all six of GA4_DAILY_METRICS. */
  metrics?: readonly Ga4Metric[];
  /** Only hits on this host name (exact match), for a property that serves several sites. */
  hostName?: string;
}

/**
 * One day that has data. activeUsers, newUsers, sessions and eventCount are counts; bounceRate is a fraction
 * 0–1 (not a percent); averageSessionDuration is seconds. Only the metrics asked for are present.
 */
export interface Ga4DailyRow {
  /** YYYY-MM-DD. */
  date: string;
  values: Partial<Record<Ga4Metric, number>>;
}

export interface Ga4DailyReport {
  /** Numeric property id. */
  propertyId: string;
  startDate: string;
  endDate: string;
  metrics: Ga4Metric[];
  /** Days with data, oldest first. Days GA4 has nothing for are absent (not zero). */
  rows: Ga4DailyRow[];
  /** The property's reporting time zone (the days are in it), when GA4 said. */
  timeZone: string | null;
  currencyCode: string | null;
  /** GA4 may hide low counts (thresholding). */
  subjectToThresholding: boolean;
}

/** A point of SPEC §3 "Analytics rows". */
export interface Ga4SeriesPoint {
  date: string;
  value: number;
}

/** A GA4 property the service account can read (from the Admin API's account summaries). */
export interface Ga4Property {
  /** "properties/123456789". */
  name: string;
  /** "123456789": what runReport takes. */
  propertyId: string;
  displayName: string;
  /** "accounts/111" (or "properties/…" for a sub-property's parent). */
  parent: string;
  /** "accounts/111": the account whose summary listed the property. */
  account: string;
  accountDisplayName: string;
  /** e.g. PROPERTY_TYPE_ORDINARY; null when absent. */
  propertyType: string | null;
}
