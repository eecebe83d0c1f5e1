/**
 * The money-site dashboard's calls (SPEC §7.3), each answering one panel for one site and comparison. Days
 * are UTC calendar days `YYYY-MM-DD`; the comparison arithmetic is in ../seo.ts. A panel whose source has no
 * figures for the site answers empty lists and null values (the console shows the SPEC §8 empty state);
 * `source` names where the figures come from (the panel's info tooltip).
 */
import { Type, type Static } from 'typebox';
import { CONVERSION_DATE_FORMATS } from '../conversions.js';
import { COMPARISONS } from '../seo.js';
import { Data, defineAction, IdParam, IdParams, Nullable } from './define.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** Default yesterday. */
const ComparisonQuery = Type.Optional(Type.Enum(COMPARISONS));

/** The period a panel was read for (echoed, so the console labels what the server compared). */
export const Period = Type.Object({
  comparison: Type.Enum(COMPARISONS),
  start: Day,
  end: Day,
  window: Type.Object({ start: Day, end: Day }),
  previous: Type.Object({ start: Day, end: Day }),
});

/**
 * A per-day figure over the window with the previous window's and the change: counts are summed; rates
 * (bounce rate, average session duration) are averaged, weighted by each day's sessions.
 */
export const Total = Type.Object({
  current: Nullable(Type.Number()),
  previous: Nullable(Type.Number()),
  /** (current - previous) / previous; null without both. */
  change: Nullable(Type.Number()),
});
export type Total = Static<typeof Total>;

const WebsiteQuery = Type.Object(
  { website_id: IdParam, comparison: ComparisonQuery },
  { additionalProperties: false },
);

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

/** SPEC §9: the keyword panel lists keywords with a search volume over 1000, the top 10 per device. */
export const KEYWORD_MIN_VOLUME = 1000;
export const KEYWORD_PANEL_ROWS = 10;

export const KeywordRank = Type.Object({
  id: Type.Integer(),
  keyword: Type.String(),
  rank: Nullable(Type.Integer()),
  /** The rank on the comparison's start day. */
  previous_rank: Nullable(Type.Integer()),
  /** Places gained (positive) since the start day; null when either day is unranked. */
  change: Nullable(Type.Integer()),
  /** SPEC §3: 1 desktop, 2 mobile. */
  search_type: Type.Integer(),
  search_volume: Nullable(Type.Integer()),
  search_engine: Type.String(),
  page: Nullable(Type.String()),
});
export type KeywordRank = Static<typeof KeywordRank>;

/** GET /websites/keywords: the site's best-ranked keywords on the end day, by device. */
export const websiteKeywords = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/keywords',
  service: 'dms',
  summary:
    "A money site's top-ranked keywords (volume over 1000) for a device, with the change since the start day",
  access: 'permission',
  kind: 'read',
  query: Type.Object(
    {
      website_id: IdParam,
      comparison: ComparisonQuery,
      /** Default desktop. */
      device: Type.Optional(Type.Enum(DEVICES)),
      /** Default KEYWORD_MIN_VOLUME: keywords searched more often than this. */
      min_volume: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
      /** Default KEYWORD_PANEL_ROWS. */
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    data: Type.Array(KeywordRank),
    meta: Type.Object({
      period: Period,
      source: Type.String(),
      /** Keywords the site tracks at all (0: 'No ranking keywords registered'). */
      tracked: Type.Integer(),
    }),
  }),
});

export const BacklinkStats = Type.Object({
  day: Day,
  total: Type.Integer(),
  domains: Type.Integer(),
  average_domain_rating: Nullable(Type.Number()),
  /** TLD to count of referring domains. */
  tlds: Type.Record(Type.String(), Type.Integer()),
  source: Type.Object({ internal: Type.Integer(), external: Type.Integer() }),
  /** The provider had no figures that day (SPEC §8: 'A temporary issue might cause incorrect data'). */
  no_data: Type.Boolean(),
});
export type BacklinkStats = Static<typeof BacklinkStats>;

/** GET /websites/statistics: backlink statistics on the end and start days, and the trend between. */
export const websiteStatistics = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/statistics',
  service: 'dms',
  summary: "A money site's backlink statistics on the end day and the comparison's start day, and the trend",
  access: 'permission',
  kind: 'read',
  query: WebsiteQuery,
  response: Data(
    Type.Object({
      period: Period,
      source: Type.String(),
      current: Nullable(BacklinkStats),
      previous: Nullable(BacklinkStats),
      /** No figures for the start day (SPEC §8: 'Data is missing for the time-range requested'). */
      missing_previous: Type.Boolean(),
      trend: Type.Array(
        Type.Object({
          day: Day,
          total: Type.Integer(),
          domains: Type.Integer(),
          average_domain_rating: Nullable(Type.Number()),
        }),
      ),
    }),
  ),
});

/** SPEC §7.3: the six GA metrics of the GA Traffic panel. */
export const GA_METRICS = [
  'activeUsers',
  'newUsers',
  'sessions',
  'bounceRate',
  'averageSessionDuration',
  'eventCount',
] as const;
export type GaMetric = (typeof GA_METRICS)[number];

const DayValue = Type.Object({ date: Day, value: Type.Number() });

/**
 * GET /google-analytics/report/{id}: a money site's GA4 figures per day, from the previous window's first day
 * to the window's last (a chart draws both), and each metric's totals.
 */
export const gaReport = defineAction({
  method: 'GET',
  path: 'analytics/api/v1/google-analytics/report/:id',
  service: 'analytics',
  summary:
    "A money site's Google Analytics figures per day (the six GA Traffic metrics), window and previous",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    {
      comparison: ComparisonQuery,
      /** Comma-separated metrics (default all six). */
      metric: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      period: Period,
      source: Type.String(),
      /** The GA4 property linked to the site (null: none linked). */
      property: Nullable(Type.String()),
      metrics: Type.Array(
        Type.Object({ metric: Type.Enum(GA_METRICS), rows: Type.Array(DayValue), total: Total }),
      ),
    }),
  ),
});

export const SEARCH_DIMENSIONS = ['date', 'page'] as const;

export const SearchRow = Type.Object({
  keys: Type.Array(Type.String()),
  clicks: Type.Integer(),
  impressions: Type.Integer(),
  ctr: Type.Number(),
  position: Nullable(Type.Number()),
});
export type SearchRow = Static<typeof SearchRow>;

/** SPEC §9: Top pages shows 10. */
export const TOP_PAGES = 10;

/**
 * GET /google-analytics/search-report/{id}: Search Console rows by day (from the previous window's first day
 * to the window's last) or by page (the window's, most clicked first), and the window's totals.
 */
export const searchReport = defineAction({
  method: 'GET',
  path: 'analytics/api/v1/google-analytics/search-report/:id',
  service: 'analytics',
  summary:
    "A money site's Search Console clicks and impressions by day (window and previous) or by page (window)",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    {
      comparison: ComparisonQuery,
      /** Default date. */
      dimensions: Type.Optional(Type.Enum(SEARCH_DIMENSIONS)),
      /** Rows by page: default TOP_PAGES. */
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      period: Period,
      source: Type.String(),
      rows: Type.Array(SearchRow),
      clicks: Total,
      impressions: Total,
    }),
  ),
});

export const ConversionDay = Type.Object({
  date: Day,
  clicks: Type.Integer(),
  signups: Type.Integer(),
  ftd: Type.Integer(),
});

/** GET /websites/{id}/daily-conversion-metrics: affiliate conversions per day. */
export const dailyConversions = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/:id/daily-conversion-metrics',
  service: 'dms',
  summary: "A money site's affiliate conversions per day (clicks, signups, first-time deposits)",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object({ comparison: ComparisonQuery }, { additionalProperties: false }),
  response: Data(
    Type.Object({
      period: Period,
      source: Type.String(),
      rows: Type.Array(ConversionDay),
      clicks: Total,
      signups: Total,
      ftd: Total,
    }),
  ),
});

/** SPEC §9: Recent links shows 8. */
export const RECENT_LINKS = 8;

export const RecentLink = Type.Object({
  source_url: Type.String(),
  target_url: Type.String(),
  anchor: Type.String(),
  domain_rating: Nullable(Type.Number()),
  first_seen: Day,
  source_host: Type.String(),
  source_tld: Type.String(),
});
export type RecentLink = Static<typeof RecentLink>;

/** GET /websites/{id}/backlinks/profile: the newest links and the referring domains' TLD split. */
export const backlinkProfile = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/:id/backlinks/profile',
  service: 'dms',
  summary: "A money site's newest backlinks and its referring domains by TLD (two TLDs and others)",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(
    Type.Object({
      source: Type.String(),
      recent: Type.Array(RecentLink),
      /** The two largest TLDs, then 'others' (SPEC §2.3). */
      tlds: Type.Array(Type.Object({ tld: Type.String(), count: Type.Integer() })),
    }),
  ),
});

export const AhrefsHistoryPoint = Type.Object({
  date: Day,
  domain_rating: Nullable(Type.Number()),
  org_traffic: Nullable(Type.Integer()),
  org_keywords: Nullable(Type.Integer()),
  live_refdomains: Nullable(Type.Integer()),
});

/** GET /ahrefs-metrics/{hostname}: the latest Ahrefs figures of a site and their history (SPEC §3). */
export const ahrefsByHostname = defineAction({
  method: 'GET',
  path: 'dms/api/v1/ahrefs-metrics/by-hostname/:hostname',
  service: 'dms',
  summary: "A website's latest Ahrefs figures (domain rating, backlinks, organic traffic) and their history",
  access: 'permission',
  kind: 'read',
  params: Type.Object({
    hostname: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' }),
  }),
  response: Data(
    Type.Object({
      doc: Type.Object({
        target: Type.String(),
        date: Nullable(Day),
        domain_rating: Nullable(Type.Number()),
        backlink_stats: Type.Object({
          live: Nullable(Type.Integer()),
          all_time: Nullable(Type.Integer()),
          live_refdomains: Nullable(Type.Integer()),
          all_time_refdomains: Nullable(Type.Integer()),
        }),
        metrics: Type.Object({
          org_keywords: Nullable(Type.Integer()),
          org_keywords_1_3: Nullable(Type.Integer()),
          org_traffic: Nullable(Type.Integer()),
          org_cost: Nullable(Type.Number()),
          paid_keywords: Nullable(Type.Integer()),
          paid_traffic: Nullable(Type.Integer()),
          paid_cost: Nullable(Type.Number()),
          paid_pages: Nullable(Type.Integer()),
        }),
        history: Type.Array(AhrefsHistoryPoint),
      }),
    }),
  ),
});

/** A postback's events: a click out to the operator, a sign-up, a first-time deposit. */
export const POSTBACK_EVENTS = ['click', 'signup', 'ftd'] as const;

/**
 * GET /conversions/postback/{websiteId}: what an affiliate network calls on each conversion (the URL, with its
 * secret, is made once per site with conversionPostbackKey). Public: the site's secret is the credential. A
 * `txid` makes a retried postback count once.
 */
export const conversionPostback = defineAction({
  method: 'GET',
  path: 'dms/api/v1/conversions/postback/:id',
  service: 'dms',
  summary: "An affiliate network's conversion postback for a money site (the site's secret in the query)",
  access: 'public',
  params: IdParams,
  query: Type.Object(
    {
      secret: Type.String({ minLength: 16, maxLength: 128 }),
      event: Type.Enum(POSTBACK_EVENTS),
      /** The day it counts for (default today, UTC). */
      date: Type.Optional(Day),
      count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
      txid: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ ok: Type.Boolean(), counted: Type.Boolean() }),
});

/** POST /websites/{id}/conversion-postback: a new postback URL for the site (the previous one stops working). */
export const conversionPostbackKey = defineAction({
  method: 'POST',
  path: 'dms/api/v1/websites/:id/conversion-postback',
  service: 'dms',
  summary: "Make a money site's conversion postback URL (shown once; the previous one stops working)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  response: Data(Type.Object({ url: Type.String(), secret: Type.String() })),
});

/** POST /websites/{id}/conversions/import: an affiliate report (CSV) with the operator's column mapping. */
export const importConversions = defineAction({
  method: 'POST',
  path: 'dms/api/v1/websites/:id/conversions/import',
  service: 'dms',
  summary:
    "Import an affiliate network's conversion report (CSV) for a money site; its days replace those stored",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  body: Type.Object(
    {
      csv: Type.String({ minLength: 1, maxLength: 2_000_000 }),
      columns: Type.Object(
        {
          date: Type.String({ minLength: 1, maxLength: 100 }),
          clicks: Type.Optional(Type.String({ maxLength: 100 })),
          signups: Type.Optional(Type.String({ maxLength: 100 })),
          ftd: Type.Optional(Type.String({ maxLength: 100 })),
        },
        { additionalProperties: false },
      ),
      date_format: Type.Optional(Type.Enum(CONVERSION_DATE_FORMATS)),
    },
    { additionalProperties: false },
  ),
  bodyLimit: 2_200_000,
  response: Data(
    Type.Object({ days: Type.Integer(), rows: Type.Integer(), from: Nullable(Day), to: Nullable(Day) }),
  ),
});

/**
 * GET /requests/collect?href=: a money site's page reports that it was requested (a pixel or a beacon in
 * the site's template). Public and rate limited per address; only a known website's host counts, and only
 * the host, the path, the time and the caller's address are kept.
 */
export const collectRequest = defineAction({
  method: 'GET',
  path: 'analytics/api/v1/requests/collect',
  service: 'analytics',
  summary: 'Count a page request of a money site (its pages call this; host and path only)',
  access: 'public',
  query: Type.Object(
    { href: Type.String({ minLength: 8, maxLength: 2000 }) },
    { additionalProperties: false },
  ),
  response: Type.Object({ ok: Type.Boolean() }),
});

/** GET /requests/show-by-href/{id}: a host's requests by path, most requested first. */
export const requestsByPath = defineAction({
  method: 'GET',
  path: 'analytics/api/v1/requests/show-by-href/:id',
  service: 'analytics',
  summary: "A host's page requests by path, most requested first",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(
    Type.Object({
      id: Type.Integer(),
      hostname: Type.String(),
      count: Type.Integer(),
      paths: Type.Array(
        Type.Object({ path: Type.String(), count: Type.Integer(), last_seen: Type.Integer() }),
      ),
    }),
  ),
});
