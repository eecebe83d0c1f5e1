import { dayEpoch, epochDay } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { AccurankerDomain, AccurankerKeyword } from '../../../integrations/accuranker/index.js';
import type { LighthouseResult } from '../../../integrations/lighthouse/index.js';
import type {
  BacklinkProfilePoint,
  BacklinksStats,
  DomainRating,
  RecentBacklink,
  SiteMetrics,
} from '../../../integrations/ahrefs/index.js';

/**
 * The SEO imports' writes: set-based upserts keyed by (site or keyword, day), so writing a day twice leaves
 * one row with the latest figures. Bulk writes of read-only figures that the engine's CRUD does not offer.
 */

export interface MoneySite {
  id: number;
  hostname: string;
}

const json = (rows: unknown[]) => JSON.stringify(rows);

/** The live money sites, the dashboard's and the imports' sites. */
export async function moneySites(db: Queryable): Promise<MoneySite[]> {
  const r = await db.query<MoneySite>(
    `SELECT id, hostname FROM websites WHERE type = 'MONEY' AND status = 'LIVE' ORDER BY id`,
  );
  return r.rows.map((row) => ({ id: Number(row.id), hostname: row.hostname }));
}

/** The last day a source has figures for (a domain's ranks, a site's Ahrefs figures). */
const LAST_DAY = {
  ranks: `SELECT max(r.day) AS day FROM keyword_ranks r JOIN accuranker_keywords k ON k.id = r.keyword_id
    WHERE k.domain_id = $1`,
  ahrefs: 'SELECT max(day) AS day FROM ahrefs_metrics WHERE website_id = $1',
  ga: 'SELECT max(day) AS day FROM ga_daily WHERE website_id = $1',
  gsc: 'SELECT max(day) AS day FROM gsc_daily WHERE website_id = $1',
} as const;

export async function lastDayOf(
  db: Queryable,
  source: keyof typeof LAST_DAY,
  id: number,
): Promise<string | null> {
  const r = await db.query<{ day: number | null }>(LAST_DAY[source], [id]);
  const day = r.rows[0]?.day;
  return day === null || day === undefined ? null : epochDay(Number(day));
}

/** AccuRanker's domains, each linked to the website of the same host (www. or not). */
export async function saveAccurankerDomains(
  tx: Queryable,
  domains: AccurankerDomain[],
): Promise<{ id: number; accuranker_id: number; domain: string }[]> {
  const rows = domains.map((d) => ({
    accuranker_id: d.id,
    domain: d.domain,
    host: d.domain
      .split('/')[0]!
      .toLowerCase()
      .replace(/^www\./, ''),
    display_name: d.displayName,
    google_business_name: d.googleBusinessName,
    last_scraped: d.lastScraped ? Math.floor(Date.parse(d.lastScraped) / 1000) || null : null,
  }));
  const r = await tx.query<{ id: number; accuranker_id: number; domain: string }>(
    `INSERT INTO accuranker_domains (accuranker_id, website_id, domain, display_name, google_business_name, last_scraped)
     SELECT x.accuranker_id,
       (SELECT w.id FROM websites w WHERE lower(w.hostname) IN (x.host, 'www.' || x.host) ORDER BY w.id LIMIT 1),
       x.domain, x.display_name, x.google_business_name, x.last_scraped
     FROM jsonb_to_recordset($1::jsonb) AS x(accuranker_id bigint, domain text, host text, display_name text,
       google_business_name text, last_scraped bigint)
     ON CONFLICT (accuranker_id) DO UPDATE SET domain = EXCLUDED.domain,
       website_id = COALESCE(accuranker_domains.website_id, EXCLUDED.website_id),
       display_name = EXCLUDED.display_name, google_business_name = EXCLUDED.google_business_name,
       last_scraped = EXCLUDED.last_scraped, updated_at = epoch_now(), version = accuranker_domains.version + 1
     RETURNING id, accuranker_id, domain`,
    [json(rows)],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    accuranker_id: Number(row.accuranker_id),
    domain: row.domain,
  }));
}

/** A domain's keywords and their ranks per day (one statement: keywords upserted, then their ranks). */
export async function saveRanks(
  tx: Queryable,
  domainId: number,
  keywords: AccurankerKeyword[],
): Promise<void> {
  const rows = keywords.map((k) => ({
    accuranker_id: k.id,
    keyword: k.keyword,
    search_engine: k.searchEngine ?? 'Google',
    search_type: k.searchType === 1 ? 1 : 2,
    search_volume: k.searchVolume,
    ranks: k.ranks.map((r) => ({ day: dayEpoch(r.date), rank: r.rank, page: r.highestRankingPage })),
  }));
  await tx.query(
    `WITH k AS (
       INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_engine, search_type, search_volume)
       SELECT $1, x.accuranker_id, x.keyword, x.search_engine, x.search_type, x.search_volume
       FROM jsonb_to_recordset($2::jsonb) AS x(accuranker_id bigint, keyword text, search_engine text,
         search_type smallint, search_volume integer)
       ON CONFLICT (domain_id, accuranker_id) DO UPDATE SET keyword = EXCLUDED.keyword,
         search_engine = EXCLUDED.search_engine, search_type = EXCLUDED.search_type,
         search_volume = EXCLUDED.search_volume, updated_at = epoch_now(),
         version = accuranker_keywords.version + 1
       RETURNING id, accuranker_id)
     INSERT INTO keyword_ranks (keyword_id, day, rank, page)
     SELECT k.id, r.day, r.rank, r.page
     FROM k JOIN jsonb_to_recordset($2::jsonb) AS x(accuranker_id bigint, ranks jsonb) ON x.accuranker_id = k.accuranker_id
     CROSS JOIN jsonb_to_recordset(x.ranks) AS r(day bigint, rank integer, page text)
     ON CONFLICT (keyword_id, day) DO UPDATE SET rank = EXCLUDED.rank, page = EXCLUDED.page`,
    [domainId, json(rows)],
  );
}

/** Earlier days' rating and referring domains (a first import's backfill); a day already full is kept. */
export async function saveAhrefsHistory(
  tx: Queryable,
  websiteId: number,
  points: BacklinkProfilePoint[],
): Promise<void> {
  if (!points.length) return;
  await tx.query(
    `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live_refdomains)
     SELECT $1, x.day, x.dr, x.refdomains FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, dr numeric, refdomains integer)
     ON CONFLICT (website_id, day) DO UPDATE SET
       domain_rating = COALESCE(ahrefs_metrics.domain_rating, EXCLUDED.domain_rating),
       live_refdomains = COALESCE(ahrefs_metrics.live_refdomains, EXCLUDED.live_refdomains)`,
    [
      websiteId,
      json(points.map((p) => ({ day: dayEpoch(p.date), dr: p.domainRating, refdomains: p.refdomains }))),
    ],
  );
}

export interface AhrefsDay {
  stats: BacklinksStats;
  rating: DomainRating;
  metrics: SiteMetrics;
  links: RecentBacklink[];
}

/** The referring domains among the links listed, by TLD, and their average rating. */
export function linkProfile(links: RecentBacklink[], siteHost: string) {
  const hosts = new Map<string, RecentBacklink>();
  for (const l of links) if (!hosts.has(l.sourceHost)) hosts.set(l.sourceHost, l);
  const tlds: Record<string, number> = {};
  let ratings = 0;
  for (const l of hosts.values()) {
    tlds[l.sourceTld] = (tlds[l.sourceTld] ?? 0) + 1;
    ratings += l.sourceDomainRating;
  }
  const own = (h: string) => h === siteHost || h.endsWith(`.${siteHost}`);
  const internal = links.filter((l) => own(l.sourceHost)).length;
  return {
    tlds,
    average: hosts.size ? Math.round((ratings / hosts.size) * 100) / 100 : null,
    internal,
    external: links.length - internal,
  };
}

/** A site's figures of one day: Ahrefs metrics, backlink statistics and the newest links. */
export async function saveAhrefsDay(
  tx: Queryable,
  websiteId: number,
  day: string,
  d: AhrefsDay,
): Promise<void> {
  const at = dayEpoch(day);
  const m = d.metrics;
  await tx.query(
    `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live, all_time, live_refdomains, all_time_refdomains,
       org_keywords, org_keywords_1_3, org_traffic, org_cost, paid_keywords, paid_traffic, paid_cost, paid_pages)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (website_id, day) DO UPDATE SET domain_rating = EXCLUDED.domain_rating, live = EXCLUDED.live,
       all_time = EXCLUDED.all_time, live_refdomains = EXCLUDED.live_refdomains,
       all_time_refdomains = EXCLUDED.all_time_refdomains, org_keywords = EXCLUDED.org_keywords,
       org_keywords_1_3 = EXCLUDED.org_keywords_1_3, org_traffic = EXCLUDED.org_traffic, org_cost = EXCLUDED.org_cost,
       paid_keywords = EXCLUDED.paid_keywords, paid_traffic = EXCLUDED.paid_traffic, paid_cost = EXCLUDED.paid_cost,
       paid_pages = EXCLUDED.paid_pages, updated_at = epoch_now(), version = ahrefs_metrics.version + 1`,
    [
      websiteId,
      at,
      d.rating.domainRating,
      d.stats.live,
      d.stats.allTime,
      d.stats.liveRefdomains,
      d.stats.allTimeRefdomains,
      m.orgKeywords,
      m.orgKeywords1To3,
      m.orgTraffic,
      m.orgCostCents === null ? null : m.orgCostCents / 100,
      m.paidKeywords,
      m.paidTraffic,
      m.paidCostCents === null ? null : m.paidCostCents / 100,
      m.paidPages,
    ],
  );
  const hostRow = await tx.query<{ hostname: string }>('SELECT hostname FROM websites WHERE id = $1', [
    websiteId,
  ]);
  const profile = linkProfile(d.links, (hostRow.rows[0]?.hostname ?? '').toLowerCase());
  await tx.query(
    `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external, no_data)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, false)
     ON CONFLICT (website_id, day) DO UPDATE SET total = EXCLUDED.total, domains = EXCLUDED.domains,
       average_domain_rating = EXCLUDED.average_domain_rating, tlds = EXCLUDED.tlds, internal = EXCLUDED.internal,
       external = EXCLUDED.external, no_data = false`,
    [
      websiteId,
      at,
      d.stats.live,
      d.stats.liveRefdomains,
      profile.average,
      JSON.stringify(profile.tlds),
      profile.internal,
      profile.external,
    ],
  );
  await refreshSeoTrends(tx, [websiteId]);
  if (!d.links.length) return;
  await tx.query(
    `INSERT INTO backlinks (website_id, source_url, target_url, anchor, domain_rating, first_seen, source_host, source_tld)
     SELECT $1, x.source_url, x.target_url, x.anchor, x.domain_rating, x.first_seen, x.source_host, x.source_tld
     FROM jsonb_to_recordset($2::jsonb) AS x(source_url text, target_url text, anchor text, domain_rating numeric,
       first_seen bigint, source_host text, source_tld text)
     ON CONFLICT (website_id, source_url, target_url) DO UPDATE SET anchor = EXCLUDED.anchor,
       domain_rating = EXCLUDED.domain_rating, first_seen = LEAST(backlinks.first_seen, EXCLUDED.first_seen)`,
    [
      websiteId,
      json(
        d.links.map((l) => ({
          source_url: l.sourceUrl,
          target_url: l.targetUrl,
          anchor: l.anchor.slice(0, 1000),
          domain_rating: l.sourceDomainRating,
          first_seen: Math.floor(Date.parse(l.firstSeen) / 86_400_000) * 86_400,
          source_host: l.sourceHost,
          source_tld: l.sourceTld,
        })),
      ),
    ],
  );
}

/** The GA4 property linked to each live money site (null: none linked). */
export async function gaPropertyOf(db: Queryable, websiteId: number): Promise<string | null> {
  const r = await db.query<{ name: string }>('SELECT name FROM ga_properties WHERE website_id = $1', [
    websiteId,
  ]);
  return r.rows[0]?.name ?? null;
}

export interface GaDay {
  date: string;
  values: Partial<
    Record<
      'activeUsers' | 'newUsers' | 'sessions' | 'bounceRate' | 'averageSessionDuration' | 'eventCount',
      number
    >
  >;
}

export async function saveGaDays(tx: Queryable, websiteId: number, days: GaDay[]): Promise<void> {
  if (!days.length) return;
  const rows = days.map((d) => ({
    day: dayEpoch(d.date),
    active_users: Math.round(d.values.activeUsers ?? 0),
    new_users: Math.round(d.values.newUsers ?? 0),
    sessions: Math.round(d.values.sessions ?? 0),
    bounce_rate: d.values.bounceRate ?? null,
    average_session_duration: d.values.averageSessionDuration ?? null,
    event_count: Math.round(d.values.eventCount ?? 0),
  }));
  await tx.query(
    `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate, average_session_duration, event_count)
     SELECT $1, x.day, x.active_users, x.new_users, x.sessions, x.bounce_rate, x.average_session_duration, x.event_count
     FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, active_users integer, new_users integer, sessions integer,
       bounce_rate numeric, average_session_duration numeric, event_count integer)
     ON CONFLICT (website_id, day) DO UPDATE SET active_users = EXCLUDED.active_users, new_users = EXCLUDED.new_users,
       sessions = EXCLUDED.sessions, bounce_rate = EXCLUDED.bounce_rate,
       average_session_duration = EXCLUDED.average_session_duration, event_count = EXCLUDED.event_count`,
    [websiteId, json(rows)],
  );
}

export interface SearchRowIn {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** Search Console rows by date, and by date and page (Top Pages). */
export async function saveSearchDays(
  tx: Queryable,
  websiteId: number,
  byDate: SearchRowIn[],
  byPage: SearchRowIn[],
): Promise<void> {
  const daily = byDate.map((r) => ({
    day: dayEpoch(r.keys[0]!),
    clicks: r.clicks,
    impressions: r.impressions,
    ctr: r.ctr,
    position: r.position,
  }));
  if (daily.length)
    await tx.query(
      `INSERT INTO gsc_daily (website_id, day, clicks, impressions, ctr, position)
       SELECT $1, x.day, x.clicks, x.impressions, x.ctr, x.position
       FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, clicks integer, impressions integer, ctr numeric, position numeric)
       ON CONFLICT (website_id, day) DO UPDATE SET clicks = EXCLUDED.clicks, impressions = EXCLUDED.impressions,
         ctr = EXCLUDED.ctr, position = EXCLUDED.position`,
      [websiteId, json(daily)],
    );
  const pages = byPage.map((r) => ({
    day: dayEpoch(r.keys[0]!),
    page: r.keys[1]!.slice(0, 2000),
    clicks: r.clicks,
    impressions: r.impressions,
    ctr: r.ctr,
    position: r.position,
  }));
  for (let i = 0; i < pages.length; i += 5000)
    await tx.query(
      `INSERT INTO gsc_pages (website_id, day, page, clicks, impressions, ctr, position)
       SELECT $1, x.day, x.page, x.clicks, x.impressions, x.ctr, x.position
       FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, page text, clicks integer, impressions integer, ctr numeric,
         position numeric)
       ON CONFLICT (website_id, day, page) DO UPDATE SET clicks = EXCLUDED.clicks, impressions = EXCLUDED.impressions,
         ctr = EXCLUDED.ctr, position = EXCLUDED.position`,
      [websiteId, json(pages.slice(i, i + 5000))],
    );
}

/** The site's home page as stored. */
export async function homeUrl(db: Queryable, websiteId: number): Promise<string | null> {
  const r = await db.query<{ url: string }>('SELECT url FROM websites WHERE id = $1', [websiteId]);
  return r.rows[0]?.url ?? null;
}

/** A day's Lighthouse runs of a site, one row per device (a run that could not audit keeps its error). */
export async function saveLighthouse(
  tx: Queryable,
  websiteId: number,
  day: string,
  runs: LighthouseResult[],
): Promise<void> {
  const rows = runs.map((r) => ({
    device: r.device,
    performance: r.runtimeError ? null : r.scores.performance,
    accessibility: r.runtimeError ? null : r.scores.accessibility,
    seo: r.runtimeError ? null : r.scores.seo,
    best_practices: r.runtimeError ? null : r.scores.bestPractices,
    pwa: r.scores.pwa,
    final_url: r.finalUrl,
    lighthouse_version: r.lighthouseVersion,
    error: r.runtimeError ? `${r.runtimeError.code}: ${r.runtimeError.message}`.slice(0, 1000) : null,
  }));
  await tx.query(
    `INSERT INTO lighthouse_runs (website_id, day, device, performance, accessibility, seo, best_practices, pwa,
       final_url, lighthouse_version, error)
     SELECT $1, $2, x.device, x.performance, x.accessibility, x.seo, x.best_practices, x.pwa, x.final_url,
       x.lighthouse_version, x.error
     FROM jsonb_to_recordset($3::jsonb) AS x(device text, performance smallint, accessibility smallint, seo smallint,
       best_practices smallint, pwa smallint, final_url text, lighthouse_version text, error text)
     ON CONFLICT (website_id, day, device) DO UPDATE SET performance = EXCLUDED.performance,
       accessibility = EXCLUDED.accessibility, seo = EXCLUDED.seo, best_practices = EXCLUDED.best_practices,
       pwa = EXCLUDED.pwa, final_url = EXCLUDED.final_url, lighthouse_version = EXCLUDED.lighthouse_version,
       error = EXCLUDED.error, updated_at = epoch_now(), version = lighthouse_runs.version + 1`,
    [websiteId, dayEpoch(day), json(rows)],
  );
}

export interface GaPropertyIn {
  name: string;
  displayName: string;
  parent: string;
  account: string;
  propertyType: string | null;
}

/** The properties the service account can read; a property's link to a money site is kept. */
export async function saveGaProperties(tx: Queryable, properties: GaPropertyIn[]): Promise<number> {
  if (!properties.length) return 0;
  const r = await tx.query(
    `INSERT INTO ga_properties (name, display_name, parent, account_id, kind)
     SELECT x.name, x.display_name, x.parent, x.account_id, x.kind
     FROM jsonb_to_recordset($1::jsonb) AS x(name text, display_name text, parent text, account_id text, kind text)
     ON CONFLICT (name) DO UPDATE SET display_name = EXCLUDED.display_name, parent = EXCLUDED.parent,
       account_id = EXCLUDED.account_id, kind = EXCLUDED.kind, property_updated = epoch_now(),
       updated_at = epoch_now(), version = ga_properties.version + 1
     WHERE (ga_properties.display_name, ga_properties.parent, ga_properties.account_id, ga_properties.kind)
       IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.parent, EXCLUDED.account_id, EXCLUDED.kind)`,
    [
      json(
        properties.map((p) => ({
          name: p.name,
          display_name: p.displayName,
          parent: p.parent,
          account_id: p.account.replace(/^accounts\//, ''),
          kind: p.propertyType,
        })),
      ),
    ],
  );
  return r.rowCount;
}

/**
 * The websites' latest Ahrefs figures and their change since the figures closest to 30 days before (the
 * SEOTrends tab), from what ahrefs_metrics holds: for the sites given, or every site.
 */
export async function refreshSeoTrends(tx: Queryable, websiteIds: number[] | null): Promise<void> {
  await tx.query(
    `WITH latest AS (
       SELECT DISTINCT ON (website_id) website_id, day, domain_rating, org_traffic, org_keywords
       FROM ahrefs_metrics WHERE $1::bigint[] IS NULL OR website_id = ANY ($1::bigint[])
       ORDER BY website_id, day DESC),
     before AS (
       SELECT DISTINCT ON (m.website_id) m.website_id, m.domain_rating, m.org_traffic, m.org_keywords
       FROM ahrefs_metrics m JOIN latest l ON l.website_id = m.website_id AND m.day <= l.day - 30 * 86400
       ORDER BY m.website_id, m.day DESC)
     UPDATE websites w SET domain_rating = round(l.domain_rating)::int,
       domain_rating_change = round(l.domain_rating - b.domain_rating)::int,
       organic_traffic = l.org_traffic, organic_traffic_change = l.org_traffic - b.org_traffic,
       organic_keywords = l.org_keywords, organic_keywords_change = l.org_keywords - b.org_keywords
     FROM latest l LEFT JOIN before b ON b.website_id = l.website_id
     WHERE w.id = l.website_id`,
    [websiteIds],
  );
}
