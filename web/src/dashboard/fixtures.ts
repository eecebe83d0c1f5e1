// Test-only: canned answers of the dashboard's calls (shared/src/actions/seo.ts), for SITE on TODAY.
import {
  actions,
  comparisonPeriod,
  type ActionResponse,
  type ActionSpec,
  type Comparison,
} from '@sitefleet/shared';

export const SITE = 5;
export const TODAY = '2026-11-25';

const { seo } = actions;

/** A success answer (a canned body the tests may take apart). */
type Ok<S extends ActionSpec> = { status?: 200; body: ActionResponse<S> };

const comparisonOf = (url: URL) => (url.searchParams.get('comparison') ?? 'yesterday') as Comparison;
const periodOf = (url: URL) => comparisonPeriod(comparisonOf(url), TODAY);
const total = (current: number | null, previous: number | null) => ({
  current,
  previous,
  change: current !== null && previous ? (current - previous) / previous : null,
});

const backlinkDay = (day: string, total: number, domains: number) => ({
  day,
  total,
  domains,
  average_domain_rating: 41.5,
  tlds: { com: 200, net: 60 },
  source: { internal: 10, external: total - 10 },
  no_data: false,
});

export const answers = {
  statistics: (url: URL): Ok<typeof seo.websiteStatistics> => {
    const period = periodOf(url);
    return {
      body: {
        data: {
          period,
          source: 'Ahrefs',
          current: backlinkDay(period.end, 1250, 310),
          previous: backlinkDay(period.start, 1000, 300),
          missing_previous: false,
          trend: [
            { day: period.start, total: 1000, domains: 300, average_domain_rating: 41 },
            { day: period.end, total: 1250, domains: 310, average_domain_rating: 41.5 },
          ],
        },
      },
    };
  },
  searchByDate: (url: URL): Ok<typeof seo.searchReport> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Google Search Console',
        rows: [{ keys: [periodOf(url).end], clicks: 420, impressions: 9100, ctr: 0.046, position: 8.2 }],
        clicks: total(420, 400),
        impressions: total(9100, 10000),
      },
    },
  }),
  searchByPage: (url: URL): Ok<typeof seo.searchReport> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Google Search Console',
        rows: [
          {
            keys: ['https://money.example.com/best-casinos'],
            clicks: 300,
            impressions: 5000,
            ctr: 0.06,
            position: 3,
          },
          { keys: ['https://money.example.com/'], clicks: 120, impressions: 4100, ctr: 0.029, position: 9 },
        ],
        clicks: total(420, 400),
        impressions: total(9100, 10000),
      },
    },
  }),
  ga: (url: URL): Ok<typeof seo.gaReport> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Google Analytics 4',
        property: 'properties/4242',
        metrics: seo.GA_METRICS.map((metric, i) => ({
          metric,
          rows: [{ date: periodOf(url).end, value: 100 + i }],
          total: total(100 + i, 90),
        })),
      },
    },
  }),
  conversions: (url: URL): Ok<typeof seo.dailyConversions> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Affiliate network',
        rows: [{ date: periodOf(url).end, clicks: 80, signups: 12, ftd: 3 }],
        clicks: total(80, 100),
        signups: total(12, 10),
        ftd: total(3, 3),
      },
    },
  }),
  profile: (): Ok<typeof seo.backlinkProfile> => ({
    body: {
      data: {
        source: 'Ahrefs',
        recent: [
          {
            source_url: 'https://blog.example.org/review',
            target_url: 'https://money.example.com/best-casinos',
            anchor: 'best casinos',
            domain_rating: 55,
            first_seen: '2026-11-23',
            source_host: 'blog.example.org',
            source_tld: 'org',
          },
          {
            source_url: 'https://news.example.net/story',
            target_url: 'https://money.example.com/',
            anchor: 'money site',
            domain_rating: 32,
            first_seen: '2026-11-22',
            source_host: 'news.example.net',
            source_tld: 'net',
          },
        ],
        tlds: [
          { tld: 'com', count: 200 },
          { tld: 'net', count: 60 },
          { tld: 'others', count: 50 },
        ],
      },
    },
  }),
  keywords: (url: URL): Ok<typeof seo.websiteKeywords> => {
    const device = url.searchParams.get('device') ?? 'desktop';
    return {
      body: {
        data: [
          {
            id: device === 'mobile' ? 1 : 2,
            keyword: `${device} casino bonus`,
            rank: 4,
            previous_rank: 6,
            change: 2,
            search_type: device === 'mobile' ? 2 : 1,
            search_volume: 12000,
            search_engine: 'google',
            page: 'https://money.example.com/best-casinos',
          },
        ],
        meta: { period: periodOf(url), source: 'AccuRanker', tracked: 14 },
      },
    };
  },
};

/** Answers of a site no source has figures for (SPEC §8's empty states). */
export const empty = {
  statistics: (url: URL): Ok<typeof seo.websiteStatistics> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Ahrefs',
        current: null,
        previous: null,
        missing_previous: true,
        trend: [],
      },
    },
  }),
  search: (url: URL): Ok<typeof seo.searchReport> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Google Search Console',
        rows: [],
        clicks: total(null, null),
        impressions: total(null, null),
      },
    },
  }),
  ga: (url: URL): Ok<typeof seo.gaReport> => ({
    body: { data: { period: periodOf(url), source: 'Google Analytics 4', property: null, metrics: [] } },
  }),
  conversions: (url: URL): Ok<typeof seo.dailyConversions> => ({
    body: {
      data: {
        period: periodOf(url),
        source: 'Affiliate network',
        rows: [],
        clicks: total(null, null),
        signups: total(null, null),
        ftd: total(null, null),
      },
    },
  }),
  profile: (): Ok<typeof seo.backlinkProfile> => ({
    body: { data: { source: 'Ahrefs', recent: [], tlds: [] } },
  }),
  keywords: (url: URL): Ok<typeof seo.websiteKeywords> => ({
    body: { data: [], meta: { period: periodOf(url), source: 'AccuRanker', tracked: 0 } },
  }),
};
