import {
  changeShare,
  dayEpoch,
  epochDay,
  type ComparisonPeriod,
  type DayRange,
  type GaMetric,
} from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';

/**
 * The dashboard's reads (SPEC §7.3) on the daily SEO tables: one or two statements per panel, each on the
 * site's primary-key range of days, so a panel costs the same with a year of history as with a week.
 */

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface TotalOf {
  current: number | null;
  previous: number | null;
  change: number | null;
}

export const totalOf = (current: number | null, previous: number | null): TotalOf => ({
  current,
  previous,
  change: changeShare(current, previous),
});

const range = (r: DayRange) => [dayEpoch(r.start), dayEpoch(r.end)] as const;

/** The chart's days: the previous window and the window (the comparison's whole span). */
export const chartRange = (p: ComparisonPeriod): DayRange => ({ start: p.previous.start, end: p.window.end });

export async function keywordRanks(
  db: Queryable,
  websiteId: number,
  p: ComparisonPeriod,
  device: 'desktop' | 'mobile',
  minVolume: number,
  limit: number,
) {
  const r = await db.query<{
    id: number;
    keyword: string;
    rank: number | null;
    previous_rank: number | null;
    search_type: number;
    search_volume: number | null;
    search_engine: string;
    page: string | null;
  }>(
    `SELECT k.id, k.keyword, cur.rank, prev.rank AS previous_rank, k.search_type, k.search_volume, k.search_engine,
       cur.page
     FROM accuranker_keywords k
     JOIN accuranker_domains d ON d.id = k.domain_id
     JOIN keyword_ranks cur ON cur.keyword_id = k.id AND cur.day = $2
     LEFT JOIN keyword_ranks prev ON prev.keyword_id = k.id AND prev.day = $3
     WHERE d.website_id = $1 AND (k.search_type = 1) = $4 AND COALESCE(k.search_volume, 0) > $5
       AND cur.rank IS NOT NULL
     ORDER BY cur.rank, k.search_volume DESC NULLS LAST, k.id
     LIMIT $6`,
    [websiteId, dayEpoch(p.end), dayEpoch(p.start), device === 'desktop', minVolume, limit],
  );
  const tracked = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM accuranker_keywords k JOIN accuranker_domains d ON d.id = k.domain_id
     WHERE d.website_id = $1`,
    [websiteId],
  );
  return {
    rows: r.rows.map((row) => {
      const rank = num(row.rank);
      const previous = num(row.previous_rank);
      return {
        id: Number(row.id),
        keyword: row.keyword,
        rank,
        previous_rank: previous,
        change: rank !== null && previous !== null ? previous - rank : null,
        search_type: Number(row.search_type),
        search_volume: num(row.search_volume),
        search_engine: row.search_engine,
        page: row.page,
      };
    }),
    tracked: Number(tracked.rows[0]?.n ?? 0),
  };
}

interface StatsRow {
  day: number;
  total: number;
  domains: number;
  average_domain_rating: string | number | null;
  tlds: Record<string, number>;
  internal: number;
  external: number;
  no_data: boolean;
}

const statsOf = (row: StatsRow | undefined) =>
  row
    ? {
        day: epochDay(Number(row.day)),
        total: Number(row.total),
        domains: Number(row.domains),
        average_domain_rating: num(row.average_domain_rating),
        tlds: Object.fromEntries(Object.entries(row.tlds).map(([k, v]) => [k, Number(v)])),
        source: { internal: Number(row.internal), external: Number(row.external) },
        no_data: row.no_data,
      }
    : null;

/** Backlink statistics on the end and start days, and the trend over at least the last 30 days. */
export async function backlinkStatistics(
  db: Queryable,
  websiteId: number,
  p: ComparisonPeriod,
  trendFrom: string,
) {
  const r = await db.query<StatsRow>(
    `SELECT day, total, domains, average_domain_rating, tlds, internal, external, no_data
     FROM backlink_stats WHERE website_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    [websiteId, dayEpoch(trendFrom < p.start ? trendFrom : p.start), dayEpoch(p.end)],
  );
  const byDay = new Map(r.rows.map((row) => [epochDay(Number(row.day)), row]));
  const current = statsOf(byDay.get(p.end));
  const previous = statsOf(byDay.get(p.start));
  return {
    current,
    previous,
    missing_previous: previous === null,
    trend: r.rows
      .filter((row) => epochDay(Number(row.day)) >= trendFrom)
      .map((row) => ({
        day: epochDay(Number(row.day)),
        total: Number(row.total),
        domains: Number(row.domains),
        average_domain_rating: num(row.average_domain_rating),
      })),
  };
}

const GA_COLUMNS: Record<GaMetric, { column: string; rate: boolean }> = {
  activeUsers: { column: 'active_users', rate: false },
  newUsers: { column: 'new_users', rate: false },
  sessions: { column: 'sessions', rate: false },
  bounceRate: { column: 'bounce_rate', rate: true },
  averageSessionDuration: { column: 'average_session_duration', rate: true },
  eventCount: { column: 'event_count', rate: false },
};

/**
 * Per-day figures over the chart's days and their totals: counts are summed, rates (bounce rate, average
 * session duration) averaged weighted by sessions, each over the window and the previous window.
 */
export async function gaFigures(db: Queryable, websiteId: number, p: ComparisonPeriod, metrics: GaMetric[]) {
  const [from, to] = range(chartRange(p));
  const r = await db.query<Record<string, string | number | null> & { day: number }>(
    `SELECT day, active_users, new_users, sessions, bounce_rate, average_session_duration, event_count
     FROM ga_daily WHERE website_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    [websiteId, from, to],
  );
  const inRange = (day: string, range: DayRange) => day >= range.start && day <= range.end;
  const total = (metric: GaMetric, range: DayRange): number | null => {
    const rows = r.rows.filter((row) => inRange(epochDay(Number(row.day)), range));
    if (!rows.length) return null;
    const { column, rate } = GA_COLUMNS[metric];
    if (!rate) return rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
    const weight = rows.reduce((sum, row) => sum + Number(row.sessions ?? 0), 0);
    if (weight === 0) return null;
    return rows.reduce((sum, row) => sum + Number(row[column] ?? 0) * Number(row.sessions ?? 0), 0) / weight;
  };
  return metrics.map((metric) => ({
    metric,
    rows: r.rows.map((row) => ({
      date: epochDay(Number(row.day)),
      value: Number(row[GA_COLUMNS[metric].column] ?? 0),
    })),
    total: totalOf(total(metric, p.window), total(metric, p.previous)),
  }));
}

export async function gaProperty(db: Queryable, websiteId: number): Promise<string | null> {
  const r = await db.query<{ name: string }>('SELECT name FROM ga_properties WHERE website_id = $1', [
    websiteId,
  ]);
  return r.rows[0]?.name ?? null;
}

/** Sums of a daily table's columns over a range (null when the range has no row). */
async function sums<C extends string>(
  db: Queryable,
  table: 'gsc_daily' | 'conversions',
  columns: readonly C[],
  websiteId: number,
  r: DayRange,
): Promise<Record<C, number | null>> {
  const res = await db.query<Record<C | 'n', string | number | null>>(
    `SELECT count(*) AS n, ${columns.map((c) => `sum(${c}) AS ${c}`).join(', ')}
     FROM ${table} WHERE website_id = $1 AND day BETWEEN $2 AND $3`,
    [websiteId, ...range(r)],
  );
  const row = res.rows[0];
  const empty = !row || Number(row.n) === 0;
  return Object.fromEntries(columns.map((c) => [c, empty ? null : Number(row[c] ?? 0)])) as Record<
    C,
    number | null
  >;
}

/** Totals of a daily table over the window and the previous window. */
export async function windowTotals<C extends string>(
  db: Queryable,
  table: 'gsc_daily' | 'conversions',
  columns: readonly C[],
  websiteId: number,
  p: ComparisonPeriod,
): Promise<Record<C, TotalOf>> {
  const [now, before] = await Promise.all([
    sums(db, table, columns, websiteId, p.window),
    sums(db, table, columns, websiteId, p.previous),
  ]);
  return Object.fromEntries(columns.map((c) => [c, totalOf(now[c], before[c])])) as Record<C, TotalOf>;
}

export async function searchByDay(db: Queryable, websiteId: number, p: ComparisonPeriod) {
  const r = await db.query<{
    day: number;
    clicks: number;
    impressions: number;
    ctr: string | null;
    position: string | null;
  }>(
    `SELECT day, clicks, impressions, ctr, position FROM gsc_daily
     WHERE website_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    [websiteId, ...range(chartRange(p))],
  );
  return r.rows.map((row) => ({
    keys: [epochDay(Number(row.day))],
    clicks: Number(row.clicks),
    impressions: Number(row.impressions),
    ctr: Number(row.ctr ?? 0),
    position: num(row.position),
  }));
}

/** The window's pages by clicks (SPEC §9: the panel shows 10). */
export async function searchByPage(db: Queryable, websiteId: number, p: ComparisonPeriod, limit: number) {
  const r = await db.query<{ page: string; clicks: number; impressions: number; position: string | null }>(
    `SELECT page, sum(clicks)::int AS clicks, sum(impressions)::int AS impressions,
       sum(position * impressions) / NULLIF(sum(impressions), 0) AS position
     FROM gsc_pages WHERE website_id = $1 AND day BETWEEN $2 AND $3
     GROUP BY page ORDER BY sum(clicks) DESC, page LIMIT $4`,
    [websiteId, ...range(p.window), limit],
  );
  return r.rows.map((row) => ({
    keys: [row.page],
    clicks: Number(row.clicks),
    impressions: Number(row.impressions),
    ctr: Number(row.impressions) ? Number(row.clicks) / Number(row.impressions) : 0,
    position: num(row.position),
  }));
}

export async function conversionDays(db: Queryable, websiteId: number, p: ComparisonPeriod) {
  const r = await db.query<{ day: number; clicks: number; signups: number; ftd: number }>(
    `SELECT day, clicks, signups, ftd FROM conversions WHERE website_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    [websiteId, ...range(chartRange(p))],
  );
  return r.rows.map((row) => ({
    date: epochDay(Number(row.day)),
    clicks: Number(row.clicks),
    signups: Number(row.signups),
    ftd: Number(row.ftd),
  }));
}

export async function recentLinks(db: Queryable, websiteId: number, limit: number) {
  const r = await db.query<{
    source_url: string;
    target_url: string;
    anchor: string;
    domain_rating: string | null;
    first_seen: number;
    source_host: string;
    source_tld: string;
  }>(
    `SELECT source_url, target_url, anchor, domain_rating, first_seen, source_host, source_tld FROM backlinks
     WHERE website_id = $1 ORDER BY first_seen DESC, id DESC LIMIT $2`,
    [websiteId, limit],
  );
  return r.rows.map((row) => ({
    source_url: row.source_url,
    target_url: row.target_url,
    anchor: row.anchor,
    domain_rating: num(row.domain_rating),
    first_seen: epochDay(Number(row.first_seen)),
    source_host: row.source_host,
    source_tld: row.source_tld,
  }));
}

/** The latest referring domains by TLD: the two largest, then everything else as 'others'. */
export async function tldSplit(db: Queryable, websiteId: number) {
  const r = await db.query<{ tlds: Record<string, number> }>(
    `SELECT tlds FROM backlink_stats WHERE website_id = $1 AND NOT no_data ORDER BY day DESC LIMIT 1`,
    [websiteId],
  );
  const tlds = Object.entries(r.rows[0]?.tlds ?? {})
    .map(([tld, count]) => ({ tld, count: Number(count) }))
    .sort((a, b) => b.count - a.count || a.tld.localeCompare(b.tld));
  const others = tlds.slice(2).reduce((sum, t) => sum + t.count, 0);
  return [...tlds.slice(0, 2), ...(tlds.length > 2 ? [{ tld: 'others', count: others }] : [])];
}

export async function ahrefsFigures(db: Queryable, websiteId: number, from: string) {
  const r = await db.query<Record<string, string | number | null> & { day: number }>(
    `SELECT day, domain_rating, live, all_time, live_refdomains, all_time_refdomains, org_keywords, org_keywords_1_3,
       org_traffic, org_cost, paid_keywords, paid_traffic, paid_cost, paid_pages
     FROM ahrefs_metrics WHERE website_id = $1 AND day >= $2 ORDER BY day`,
    [websiteId, dayEpoch(from)],
  );
  return r.rows;
}

export { num };
