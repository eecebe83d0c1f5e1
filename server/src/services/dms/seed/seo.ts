import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import type { Niche } from './content-data.js';
import { refreshSeoTrends } from '../seo/import-repository.js';
import { queueRankAlerts } from '../seo/rank-alerts.js';
import { loadPortfolio, slug, type Site } from './portfolio.js';

/**
 * A year of believable daily SEO history for every live money site: keyword ranks that drift and jump, backlinks
 * that grow with the odd loss, traffic with weekly seasonality and a slow trend, conversions following traffic,
 * Lighthouse scores, Ahrefs figures, a linked GA4 property. The series are generated in the database (one
 * INSERT … SELECT over generate_series per table, from per-site parameters), so the first start stays quick
 * on the embedded database. One money site has no SEO data at all (the dashboard's empty states), one has a
 * gap in its backlink data (the missing-range warning) and a day the provider answered without figures.
 */

const KEYWORDS: Record<Niche, string[]> = {
  casino: [
    'online casino',
    'best online casino',
    'casino bonus',
    'no deposit bonus',
    'free spins',
    'live casino',
    'online slots',
    'casino sites uk',
    'new casino sites',
    'real money casino',
    'mobile casino',
    'fast withdrawal casino',
  ],
  betting: [
    'betting sites',
    'best betting sites',
    'free bets',
    'football betting',
    'betting odds',
    'bookmakers',
    'new betting sites',
    'horse racing betting',
    'betting tips',
    'in play betting',
    'bet builder',
    'matched betting',
  ],
  finance: [
    'personal loans',
    'best credit cards',
    'savings accounts',
    'mortgage calculator',
    'compare loans',
    'credit score',
    'balance transfer',
    'home insurance',
    'isa rates',
    'pension calculator',
    'car finance',
    'debt consolidation',
  ],
  crypto: [
    'buy bitcoin',
    'crypto exchange',
    'best crypto wallet',
    'ethereum price',
    'crypto casino',
    'bitcoin casino',
    'crypto staking',
    'altcoins to buy',
    'bitcoin price',
    'crypto tax',
    'defi platforms',
    'nft marketplace',
  ],
  local: [
    'plumber near me',
    'emergency plumber',
    'boiler repair',
    'electrician near me',
    'roof repair',
    'locksmith',
    'drain unblocking',
    'gas safety certificate',
    'heating engineer',
    'bathroom fitters',
    'kitchen fitters',
    'window cleaning',
  ],
};

const PAGES = [
  '',
  'reviews/',
  'bonuses/',
  'guides/',
  'news/',
  'compare/',
  'faq/',
  'about/',
  'blog/',
  'top-10/',
];
const REFERRERS = [
  ['casinoguide.net', 'net'],
  ['slotsreview.co.uk', 'uk'],
  ['bettingexpert.com', 'com'],
  ['financeblog.de', 'de'],
  ['gamblinginsider.com', 'com'],
  ['topbonus.org', 'org'],
  ['pokerlounge.io', 'io'],
  ['sportsnews.es', 'es'],
  ['cryptodaily.com', 'com'],
  ['moneytips.co.uk', 'uk'],
  ['localpages.org', 'org'],
  ['reviewhub.net', 'net'],
] as const;
const ANCHORS = [
  'best casino sites',
  'click here',
  'this review',
  'top bonuses',
  'read the guide',
  'brand',
  'here',
];

interface SiteSeries {
  site: Site;
  traffic: number;
  growth: number;
  links: number;
  dr: number;
  gap: boolean;
}

/** A year of daily figures; per-page figures for the last 100 days (the longest comparison reads 64). */
const HISTORY_DAYS = 365;
const PAGE_HISTORY_DAYS = 100;

export async function seedSeo(tx: Queryable, _ctx: SeedContext): Promise<void> {
  const rng = new Rng(1717);
  const { sites } = await loadPortfolio(tx);
  const money = sites.filter((s) => s.type === 'MONEY' && s.status === 'LIVE');
  if (!money.length) return;
  // The last money site has no SEO data: its dashboard shows every empty state.
  const withData = money.slice(0, -1);
  const today = Math.floor(now() / DAY) * DAY;
  const first = today - HISTORY_DAYS * DAY;
  const series: SiteSeries[] = withData.map((site, i) => ({
    site,
    traffic: rng.int(180, 2400),
    growth: rng.int(-20, 60) / 100,
    links: rng.int(300, 4200),
    dr: rng.int(28, 68),
    gap: i === 1,
  }));
  const params = JSON.stringify(
    series.map((s) => ({
      id: s.site.id,
      traffic: s.traffic,
      growth: s.growth,
      links: s.links,
      dr: s.dr,
      gap: s.gap,
      url: s.site.url.endsWith('/') ? s.site.url : `${s.site.url}/`,
    })),
  );
  const P = `jsonb_to_recordset($1::jsonb) AS p(id bigint, traffic int, growth float8, links int, dr int, gap boolean, url text)`;
  // noise(k) is a repeatable pseudo-random number in [0, 1) for any text key.
  const noise = (key: string) => `(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
  const days = `generate_series($2::bigint, $3::bigint - 86400, 86400) AS d(day)`;
  // t: 0 a year ago, 1 yesterday; weekly: weekends lower for most niches.
  const t = `((d.day - $2::bigint) / (($3::bigint - $2::bigint)::float8))`;
  const weekly = `(CASE extract(isodow FROM to_timestamp(d.day)) WHEN 6 THEN 0.82 WHEN 7 THEN 0.78 ELSE 1.0 END)`;
  const sessions = `greatest(0, round(p.traffic * (1 + p.growth * ${t}) * ${weekly} * (0.85 + 0.3 * ${noise(`p.id || ':s:' || d.day`)})))`;
  const window = [params, first, today];

  await tx.query(
    `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate,
       average_session_duration, event_count)
     SELECT p.id, d.day, round(s.v * 0.86), round(s.v * 0.61), s.v,
       0.38 + 0.2 * ${noise(`p.id || ':b:' || d.day`)}, 70 + 90 * ${noise(`p.id || ':t:' || d.day`)}, round(s.v * 7.4)
     FROM ${P} CROSS JOIN ${days}
     CROSS JOIN LATERAL (SELECT ${sessions}::int AS v) s`,
    window,
  );
  await tx.query(
    `INSERT INTO gsc_daily (website_id, day, clicks, impressions, ctr, position)
     SELECT p.id, d.day, c.clicks, c.impressions, CASE WHEN c.impressions > 0 THEN c.clicks::numeric / c.impressions END,
       6 + 9 * ${noise(`p.id || ':p:' || d.day`)}
     FROM ${P} CROSS JOIN ${days}
     CROSS JOIN LATERAL (SELECT round(${sessions} * 0.55)::int AS clicks,
       round(${sessions} * 0.55 * (14 + 6 * ${noise(`p.id || ':i:' || d.day`)}))::int AS impressions) c`,
    window,
  );
  await tx.query(
    `INSERT INTO gsc_pages (website_id, day, page, clicks, impressions, ctr, position)
     SELECT p.id, d.day, p.url || pg.path, c.clicks, c.impressions,
       CASE WHEN c.impressions > 0 THEN c.clicks::numeric / c.impressions END, pg.rank + 3 * ${noise(`p.id || pg.path || d.day`)}
     FROM ${P} CROSS JOIN ${days}
     CROSS JOIN unnest($4::text[]) WITH ORDINALITY AS pg(path, rank)
     CROSS JOIN LATERAL (SELECT round(${sessions} * 0.55 / (pg.rank + 0.6) * (0.7 + 0.6 * ${noise(`p.id || pg.path || ':c:' || d.day`)}))::int AS clicks) k
     CROSS JOIN LATERAL (SELECT k.clicks, (k.clicks * (12 + pg.rank * 2))::int AS impressions) c
     WHERE d.day >= $3::bigint - ${PAGE_HISTORY_DAYS} * 86400`,
    [...window, PAGES],
  );
  // Conversions follow traffic: about 4% of sessions click out, a fifth of those sign up, a third deposit.
  await tx.query(
    `INSERT INTO conversions (website_id, day, clicks, signups, ftd)
     SELECT p.id, d.day, c.clicks, round(c.clicks * (0.15 + 0.1 * ${noise(`p.id || ':su:' || d.day`)}))::int,
       round(c.clicks * (0.04 + 0.05 * ${noise(`p.id || ':ftd:' || d.day`)}))::int
     FROM ${P} CROSS JOIN ${days}
     CROSS JOIN LATERAL (SELECT round(${sessions} * (0.03 + 0.02 * ${noise(`p.id || ':cl:' || d.day`)}))::int AS clicks) c`,
    window,
  );
  // Backlinks grow with small losses; referring domains about a sixth of them. A site has a fortnight missing
  // a month ago and a day the provider had no figures (the dashboard's warnings).
  await tx.query(
    `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external, no_data)
     SELECT p.id, d.day, b.total, b.domains, p.dr - 8 + 10 * ${noise(`p.id || ':dr:' || d.day`)},
       jsonb_build_object('com', round(b.domains * 0.46), 'net', round(b.domains * 0.14), 'uk', round(b.domains * 0.12),
         'org', round(b.domains * 0.1), 'de', round(b.domains * 0.08), 'io', b.domains - round(b.domains * 0.46)
         - round(b.domains * 0.14) - round(b.domains * 0.12) - round(b.domains * 0.1) - round(b.domains * 0.08)),
       round(b.total * 0.07), b.total - round(b.total * 0.07),
       p.gap AND d.day = $3::bigint - 5 * 86400
     FROM ${P} CROSS JOIN ${days}
     CROSS JOIN LATERAL (SELECT round(p.links * (0.55 + 0.45 * ${t}) - 20 * ${noise(`p.id || ':loss:' || (d.day / 604800)`)})::int AS total) r
     CROSS JOIN LATERAL (SELECT r.total, round(r.total / 6.3)::int AS domains) b
     WHERE NOT (p.gap AND d.day BETWEEN $3::bigint - 40 * 86400 AND $3::bigint - 26 * 86400)`,
    window,
  );
  await tx.query(
    `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live, all_time, live_refdomains, all_time_refdomains,
       org_keywords, org_keywords_1_3, org_traffic, org_cost, paid_keywords, paid_traffic, paid_cost, paid_pages)
     SELECT p.id, d.day, round((p.dr - 6 + 6 * ${t} + ${noise(`p.id || ':adr:' || d.day`)})::numeric, 1),
       round(p.links * (0.55 + 0.45 * ${t}))::int, round(p.links * (0.75 + 0.6 * ${t}))::int,
       round(p.links * (0.55 + 0.45 * ${t}) / 6.3)::int, round(p.links * (0.75 + 0.6 * ${t}) / 5.8)::int,
       round(p.traffic * 1.9 * (1 + p.growth * ${t}))::int, round(p.traffic * 0.12 * (1 + p.growth * ${t}))::int,
       round(p.traffic * 17 * (1 + p.growth * ${t}))::int, round((p.traffic * 23.5 * (1 + p.growth * ${t}))::numeric, 2),
       0, 0, 0, 0
     FROM ${P} CROSS JOIN generate_series($2::bigint, $3::bigint - 86400, 7 * 86400) AS d(day)`,
    window,
  );
  await tx.query(
    `INSERT INTO lighthouse_runs (website_id, day, device, performance, accessibility, seo, best_practices, pwa,
       final_url, lighthouse_version)
     SELECT p.id, d.day, dev.device,
       round(dev.base + 14 * ${noise(`p.id || dev.device || d.day`)}), 86 + round(8 * ${noise(`p.id || ':a:' || d.day`)}),
       round(88 + 11 * ${noise(`p.id || ':seo:' || d.day`)}), round(78 + 18 * ${noise(`p.id || ':bp:' || d.day`)}),
       NULL, p.url, '13.5.0'
     FROM ${P} CROSS JOIN generate_series($2::bigint, $3::bigint - 86400, 7 * 86400) AS d(day)
     CROSS JOIN (VALUES ('desktop', 78), ('mobile', 52)) AS dev(device, base)`,
    window,
  );

  await refreshSeoTrends(tx, null);
  await seedKeywords(tx, rng, series, first, today);
  await seedRankNotifications(tx, today);
  await seedBacklinks(tx, rng, series, today);
  // The collect call's counts of the last three months: per host, and per path with the home page on top.
  await tx.query(
    `WITH h AS (
       INSERT INTO analytics_hosts (hostname, website_id, count, last_ip, last_seen)
       SELECT lower(w.hostname), w.id, 0, '203.0.113.' || (w.id % 200 + 1), $2::bigint - (w.id % 90) * 60
       FROM websites w WHERE w.id = ANY ($1::bigint[])
       RETURNING id, website_id)
     INSERT INTO analytics_paths (host_id, path, count, last_seen)
     SELECT h.id, '/' || p.path, (90 * 40 / pg.rank * (0.6 + 0.8 * (('x' || substr(md5(h.id || p.path), 1, 8))::bit(32)::bigint / 4294967296.0)))::int,
       $2::bigint - pg.rank * 3600
     FROM h CROSS JOIN unnest($3::text[]) WITH ORDINALITY AS pg(path, rank)
     CROSS JOIN LATERAL (SELECT pg.path) p`,
    [withData.map((s) => s.id), now(), PAGES],
  );
  await tx.query(
    `UPDATE analytics_hosts h SET count = (SELECT sum(p.count) FROM analytics_paths p WHERE p.host_id = h.id)`,
  );
  await tx.query(
    `INSERT INTO ga_properties (name, display_name, parent, account_id, kind, website_id, property_created, property_updated)
     SELECT 'properties/' || (310000000 + p.id * 7919), p.name || ' - GA4', 'accounts/' || (9000 + p.id % 3),
       (9000 + p.id % 3)::text, 'PROPERTY_TYPE_ORDINARY', p.id, $2::bigint - 200 * 86400, $2::bigint
     FROM jsonb_to_recordset($1::jsonb) AS p(id bigint, name text)`,
    [JSON.stringify(withData.map((s) => ({ id: s.id, name: s.name }))), today - 3 * DAY],
  );
}

/** AccuRanker domains and keywords (12 per niche on both devices), ranks moving day by day. */
async function seedKeywords(tx: Queryable, rng: Rng, series: SiteSeries[], first: number, today: number) {
  const domains = series.map((s, i) => ({
    accuranker_id: 41000 + i,
    website_id: s.site.id,
    domain: s.site.host,
    display_name: s.site.name,
  }));
  const ids = await tx.query<{ id: number; website_id: number }>(
    `INSERT INTO accuranker_domains (accuranker_id, website_id, domain, display_name, last_scraped)
     SELECT x.accuranker_id, x.website_id, x.domain, x.display_name, $2
     FROM jsonb_to_recordset($1::jsonb) AS x(accuranker_id bigint, website_id bigint, domain text, display_name text)
     RETURNING id, website_id`,
    [JSON.stringify(domains), today - DAY + 6 * 3600],
  );
  const domainOf = new Map(ids.rows.map((r) => [Number(r.website_id), Number(r.id)]));
  const keywords = series.flatMap((s) =>
    KEYWORDS[s.site.niche].flatMap((keyword, k) =>
      [1, 2].map((type) => ({
        domain_id: domainOf.get(s.site.id)!,
        accuranker_id: s.site.id * 1000 + k * 2 + type,
        keyword,
        search_type: type,
        // Head terms carry the volume; the tail sits under the panel's 1,000 floor.
        search_volume: k < 8 ? rng.int(1100, 74000) : rng.int(90, 950),
        // Where the keyword starts a year ago and ends up: most climb, a few fall out of the top 10.
        from: rng.int(4, 60),
        to: rng.int(1, 25),
        page: `${s.site.url.replace(/\/?$/, '/')}${slug(keyword)}/`,
      })),
    ),
  );
  await tx.query(
    `WITH k AS (
       INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_type, search_volume, location)
       SELECT x.domain_id, x.accuranker_id, x.keyword, x.search_type, x.search_volume, 'United Kingdom'
       FROM jsonb_to_recordset($1::jsonb) AS x(domain_id bigint, accuranker_id bigint, keyword text, search_type int,
         search_volume int)
       RETURNING id, accuranker_id)
     INSERT INTO keyword_ranks (keyword_id, day, rank, page)
     SELECT k.id, d.day,
       CASE WHEN r.v > 100 THEN NULL ELSE r.v END,
       CASE WHEN r.v > 100 THEN NULL ELSE x.page END
     FROM k JOIN jsonb_to_recordset($1::jsonb) AS x(accuranker_id bigint, "from" int, "to" int, page text)
       ON x.accuranker_id = k.accuranker_id
     CROSS JOIN generate_series($2::bigint, $3::bigint - 86400, 86400) AS d(day)
     CROSS JOIN LATERAL (SELECT greatest(1, round(x."from" + (x."to" - x."from") * ((d.day - $2::bigint) / (($3::bigint - $2::bigint)::float8))
       + 4 * (('x' || substr(md5(k.id || ':' || d.day), 1, 8))::bit(32)::bigint / 4294967296.0 - 0.5)))::int AS v) r`,
    [JSON.stringify(keywords), first, today],
  );
}

/** Staff who watch rankings, and phone numbers from the range reserved for fiction (+44 7700 900xxx). */
const WATCHERS = [
  'maria.lopez@sitefleet.example',
  'seo-desk@sitefleet.example',
  'tom.berger@sitefleet.example',
];
const ALERT_HISTORY_DAYS = 30;

/**
 * Rank notifications on every domain: its desktop head terms watched for the top 10 by e-mail, and on every
 * other domain its two biggest mobile terms for the top 3 by SMS too; then the alerts the last 30 days of
 * ranks set off, as sent the morning after each check (the import runs at 05:30).
 */
async function seedRankNotifications(tx: Queryable, today: number) {
  await tx.query(
    `WITH d AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accuranker_domains),
     head AS (
       SELECT k.domain_id, k.search_type, k.id,
              row_number() OVER (PARTITION BY k.domain_id, k.search_type ORDER BY k.search_volume DESC, k.id) AS r
         FROM accuranker_keywords k)
     INSERT INTO accuranker_notifications (domain_id, keywords, email, phone_number, created_at, updated_at)
     SELECT d.id, w.keywords, w.email, w.phone, $2::bigint - (40 + d.n * 3) * 86400, $2::bigint - (40 + d.n * 3) * 86400
       FROM d
       CROSS JOIN LATERAL (
         SELECT (SELECT jsonb_object_agg(h.id::text, 10) FROM head h
                  WHERE h.domain_id = d.id AND h.search_type = 1 AND h.r <= 4) AS keywords,
                ($1::jsonb ->> ((d.n % 3)::int)) AS email, NULL::text AS phone
         UNION ALL
         SELECT (SELECT jsonb_object_agg(h.id::text, 3) FROM head h
                  WHERE h.domain_id = d.id AND h.search_type = 2 AND h.r <= 2),
                NULL, '+447700900' || lpad((100 + d.n)::text, 3, '0')
          WHERE d.n % 2 = 1) w
      WHERE w.keywords IS NOT NULL`,
    [JSON.stringify(WATCHERS), today],
  );
  const since = new Date((today - ALERT_HISTORY_DAYS * DAY) * 1000).toISOString().slice(0, 10);
  await queueRankAlerts(tx, null, since);
  await tx.query(
    `UPDATE rank_alerts SET created_at = least(day + 86400 + 5 * 3600 + 1800 + (id % 600), $1::bigint)`,
    [now()],
  );
  await tx.query(
    `UPDATE rank_alert_deliveries o SET state = 'sent', attempts = 1, created_at = a.created_at,
            sent_at = a.created_at + 2 + (o.id % 5)
       FROM rank_alerts a WHERE a.id = o.alert_id`,
  );
}

/** The newest links of each site (Ahrefs' list): a few a week over the last months. */
async function seedBacklinks(tx: Queryable, rng: Rng, series: SiteSeries[], today: number) {
  const rows = series.flatMap((s) =>
    Array.from({ length: rng.int(14, 30) }, (_, i) => {
      const [host, tld] = rng.pick(REFERRERS);
      const page = rng.pick(PAGES);
      return {
        website_id: s.site.id,
        source_url: `https://${host}/${slug(rng.pick(KEYWORDS[s.site.niche]))}-${i + 1}/`,
        target_url: `${s.site.url.replace(/\/?$/, '/')}${page}`,
        anchor: rng.chance(0.3) ? s.site.name : rng.pick(ANCHORS),
        domain_rating: rng.int(12, 78),
        first_seen: today - rng.int(1, 120) * DAY,
        source_host: host,
        source_tld: tld,
      };
    }),
  );
  await tx.query(
    `INSERT INTO backlinks (website_id, source_url, target_url, anchor, domain_rating, first_seen, source_host, source_tld)
     SELECT x.website_id, x.source_url, x.target_url, x.anchor, x.domain_rating, x.first_seen, x.source_host, x.source_tld
     FROM jsonb_to_recordset($1::jsonb) AS x(website_id bigint, source_url text, target_url text, anchor text,
       domain_rating numeric, first_seen bigint, source_host text, source_tld text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
}
