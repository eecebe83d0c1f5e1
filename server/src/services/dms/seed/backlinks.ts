import { backlinkEndDate, LOST_LINK_STATUSES, type LinkCheckStatus } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { LinkCheckResult } from '../../../integrations/link-check/index.js';
import { compareChecks } from '../../../integrations/link-check/index.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { raiseAlert } from '../../nms/alerts.js';
import { refreshAnchorStats } from '../backlinks/anchors.js';
import { NICHE_CONTENT } from './content-data.js';
import { loadPortfolio, slug } from './portfolio.js';

/** Publishers links are bought from: host, its IP info, and the currency it sells in. */
const PUBLISHERS: Array<[string, string, string, string]> = [
  ['www.gamblinginsider-weekly.com', '104.21.48.19', 'US', 'USD'],
  ['casinoreviewhub.co.uk', '185.199.110.42', 'GB', 'GBP'],
  ['slotsmagazin.de', '88.99.14.203', 'DE', 'EUR'],
  ['apuestas-hoy.es', '51.91.12.77', 'FR', 'EUR'],
  ['pokerlounge.io', '172.67.140.9', 'US', 'USD'],
  ['bettingtipsdaily.com', '104.26.3.88', 'US', 'USD'],
  ['finanzblog24.de', '78.46.91.150', 'DE', 'EUR'],
  ['moneytips.co.uk', '134.209.18.66', 'GB', 'GBP'],
  ['cryptonewsroom.net', '45.77.201.9', 'NL', 'EUR'],
  ['blockchain-today.org', '159.89.4.210', 'DE', 'EUR'],
  ['kasinokatsaus.fi', '95.216.33.8', 'FI', 'EUR'],
  ['spelbloggen.se', '46.246.93.14', 'SE', 'SEK'],
  ['kasyno-ranking.pl', '51.83.47.101', 'PL', 'PLN'],
  ['sportsnews.es', '37.187.92.18', 'FR', 'EUR'],
  ['localpages.org', '192.124.249.7', 'US', 'USD'],
  ['reviewhub.net', '23.227.38.65', 'CA', 'CAD'],
  ['trustedcasinos.com.au', '103.224.182.250', 'AU', 'AUD'],
  ['wettfreunde.ch', '31.3.96.12', 'CH', 'CHF'],
];
/** The address each publisher's pages answer from (a check's evidence names it). */
const IP_OF = new Map(PUBLISHERS.map(([host, ip]) => [host, ip]));
const ORGS: Record<string, string> = {
  US: 'Cloudflare, Inc.',
  GB: 'DigitalOcean, LLC',
  DE: 'Hetzner Online GmbH',
  FR: 'OVH SAS',
  NL: 'Vultr Holdings, LLC',
  FI: 'Hetzner Online GmbH',
  SE: 'Bahnhof AB',
  PL: 'OVH SAS',
  CA: 'Shopify, Inc.',
  AU: 'Trellian Pty. Limited',
  CH: 'Infomaniak Network SA',
};
const CONTACTS = [
  ['Lena Fischer', 'lena@slotsmagazin.de', 'skype: lena.fischer.media'],
  ['Oscar Lindqvist', 'oscar@spelbloggen.se', 'telegram: @oscarlinks'],
  ['Priya Nair', 'priya.nair@outreachly.example', 'whatsapp: +44 7700 900456'],
  ['Marco Ruiz', 'marco@apuestas-hoy.es', 'telegram: @marcoruiz'],
  ['Hannah Cole', 'hannah@moneytips.co.uk', ''],
];
const RELS = ['follow', 'follow', 'follow', 'follow', 'nofollow', 'sponsored', 'ugc'] as const;
/** How a link's story goes over its checks: most stay fine; some break in one of every possible ways. */
const STORIES: Array<{ weight: number; turns: LinkCheckStatus }> = [
  { weight: 60, turns: 'ok' },
  { weight: 7, turns: 'link_not_found' },
  { weight: 4, turns: 'wrong_target' },
  { weight: 4, turns: 'wrong_anchor' },
  { weight: 5, turns: 'wrong_rel' },
  { weight: 3, turns: 'page_gone' },
  { weight: 3, turns: 'noindex' },
  { weight: 3, turns: 'not_canonical' },
  { weight: 2, turns: 'blocked_by_robots' },
  { weight: 9, turns: 'unverifiable' },
];
const LINKS = 260;
const CHECKS = 8;
const MESSAGES: Record<LinkCheckStatus, string> = {
  ok: 'The link is on the page as agreed',
  link_not_found: 'No link to the target URL on the page',
  wrong_target: 'The page links to another page of the site',
  wrong_anchor: 'The link carries another anchor',
  wrong_rel: 'The link is not follow as agreed',
  page_gone: 'The page answers 404 Not Found',
  noindex: 'The page is noindex',
  not_canonical: 'The page names another page as canonical',
  blocked_by_robots: 'robots.txt disallows the page',
  unverifiable: 'A bot challenge (captcha) stood in front of the page',
};

function pickStory(rng: Rng): LinkCheckStatus {
  let n = rng.int(
    1,
    STORIES.reduce((s, x) => s + x.weight, 0),
  );
  for (const s of STORIES) {
    n -= s.weight;
    if (n <= 0) return s.turns;
  }
  return 'ok';
}

interface Link {
  id: number;
  website_id: number;
  backlink: string;
  url: string;
  anchor: string;
  rel: string;
  permanent: boolean;
  end_date: number | null;
}

/** What a check of a seeded link shows, in the shape the real check writes. */
function evidence(link: Link, status: LinkCheckStatus, at: number, host: string, rng: Rng): LinkCheckResult {
  const found = !['link_not_found', 'page_gone', 'blocked_by_robots', 'unverifiable'].includes(status);
  const target = status === 'wrong_target' ? link.url.replace(/[^/]+\/$/, 'about/') : link.url;
  return {
    status,
    message: MESSAGES[status],
    issues: [status],
    http_status:
      status === 'page_gone'
        ? 404
        : status === 'unverifiable'
          ? 403
          : status === 'blocked_by_robots'
            ? null
            : 200,
    final_url: status === 'blocked_by_robots' ? null : link.backlink,
    ip: status === 'blocked_by_robots' ? null : (IP_OF.get(host) ?? null),
    redirects: [],
    link_found: found && status !== 'wrong_target',
    found_href: found ? target : null,
    found_anchor: found ? (status === 'wrong_anchor' ? 'click here' : link.anchor) : null,
    found_rel: found ? (status === 'wrong_rel' ? ['nofollow'] : link.rel === 'follow' ? [] : [link.rel]) : [],
    nofollow_by: null,
    noindex: status === 'noindex',
    canonical: status === 'not_canonical' ? `https://${host}/` : found ? link.backlink : null,
    robots_allowed: status !== 'blocked_by_robots',
    has_captcha: status === 'unverifiable',
    retry_after: null,
    snippet: found
      ? `… our pick for this month is ${status === 'wrong_anchor' ? 'click here' : link.anchor}, which we tested over two weeks …`
      : null,
    page_hash:
      status === 'blocked_by_robots'
        ? null
        : `${(link.id * 2654435761 + (status === 'ok' ? 0 : 7)).toString(16).padStart(16, '0')}${rng.int(1000, 9999)}`,
    checked_at: at,
  };
}

/**
 * A ledger of bought links across the money sites (issue 18): publishers in several countries and
 * currencies, permanent and time-boxed deals, self-created links, and eight weekly checks each, told in the
 * statuses a real ledger sees (lost, moved, nofollowed, noindexed, behind a captcha); the warnings each
 * change raised, some ignored; a website alert for each link lost inside its paid period.
 */
export async function seedBacklinks(tx: Queryable, _ctx: SeedContext): Promise<void> {
  const rng = new Rng(1818);
  const { sites } = await loadPortfolio(tx);
  const money = sites.filter((s) => s.type === 'MONEY' && s.status === 'LIVE');
  if (!money.length) return;
  const today = Math.floor(now() / DAY) * DAY;
  const rows = Array.from({ length: LINKS }, (_, i) => {
    const site = money[i % money.length]!;
    const [host, ip, country, currency] = rng.pick(PUBLISHERS);
    const niche = NICHE_CONTENT[site.niche];
    const [path] = rng.pick(niche.moneyPages);
    const anchor = rng.pick(niche.anchors);
    const selfCreated = rng.chance(0.12);
    const permanent = selfCreated || rng.chance(0.35);
    const start = today - rng.int(20, 700) * DAY;
    const duration = permanent ? null : rng.pick([90, 180, 365, 365, 730]);
    const contact = selfCreated ? null : rng.pick(CONTACTS);
    return {
      website_id: site.id,
      backlink: `https://${host}/${slug(rng.pick(niche.topics))}-${2024 + (i % 3)}/`,
      url: `${site.url.replace(/\/$/, '')}${path}`,
      anchor,
      rel_attribute: rng.pick(RELS),
      price: selfCreated ? null : rng.int(8, 120) * 5,
      currency: selfCreated ? null : currency,
      permanent,
      self_created: selfCreated,
      start_date: start,
      duration,
      end_date: backlinkEndDate(start, duration),
      contact: contact
        ? JSON.stringify({ name: contact[0], email: contact[1], ...(contact[2] ? { im: contact[2] } : {}) })
        : null,
      notes: rng.chance(0.2)
        ? rng.pick([
            'Paid by PayPal',
            'Bundle of 3 with the sister site',
            'Renewal discussed in March',
            'Guest post, 1,200 words',
          ])
        : null,
      runcloud_name: null,
      ip_info: JSON.stringify({ ip, country, org: ORGS[country] ?? 'Unknown' }),
      domain_rating: rng.int(12, 74),
      referring_domains: rng.int(40, 4800),
      created_at: start,
    };
  });
  const inserted = await tx.query<{
    id: number;
    website_id: number;
    backlink: string;
    url: string;
    anchor: string;
    rel_attribute: string;
    permanent: boolean;
    end_date: number | null;
  }>(
    `INSERT INTO external_backlinks (website_id, backlink, url, anchor, rel_attribute, price, currency, permanent,
       self_created, start_date, duration, end_date, contact, notes, runcloud_name, ip_info, domain_rating,
       referring_domains, created_at, updated_at)
     SELECT x.website_id, x.backlink, x.url, x.anchor, x.rel_attribute, x.price, x.currency, x.permanent,
       x.self_created, x.start_date, x.duration, x.end_date, x.contact::jsonb, x.notes, x.runcloud_name,
       x.ip_info::jsonb, x.domain_rating, x.referring_domains, x.created_at, x.created_at
     FROM jsonb_to_recordset($1::jsonb) AS x(website_id bigint, backlink text, url text, anchor text,
       rel_attribute text, price numeric, currency text, permanent boolean, self_created boolean, start_date bigint,
       duration int, end_date bigint, contact text, notes text, runcloud_name text, ip_info text,
       domain_rating numeric, referring_domains int, created_at bigint)
     RETURNING id, website_id, backlink, url, anchor, rel_attribute, permanent, end_date`,
    [JSON.stringify(rows)],
  );
  const checks: Array<{ id: number; at: number; status: string; message: string; evidence: string }> = [];
  const warnings: Array<{
    id: number;
    message: string;
    important: boolean;
    data: string;
    expected: string;
    found: string;
    at: number;
    ignored: boolean;
  }> = [];
  const latest = new Map<number, LinkCheckResult>();
  for (const r of inserted.rows) {
    const link: Link = {
      id: Number(r.id),
      website_id: Number(r.website_id),
      backlink: r.backlink,
      url: r.url,
      anchor: r.anchor,
      rel: r.rel_attribute,
      permanent: r.permanent,
      end_date: r.end_date === null ? null : Number(r.end_date),
    };
    const host = new URL(link.backlink).hostname;
    const story = pickStory(rng);
    // The week it turned (the unverifiable ones come and go); from then on the check finds the new state.
    const turn = rng.int(2, CHECKS - 1);
    let previous: LinkCheckResult | null = null;
    for (let k = 0; k < CHECKS; k += 1) {
      const at = today - (CHECKS - 1 - k) * 7 * DAY + 4 * 3600 + 15 * 60 + rng.int(0, 1800);
      const status: LinkCheckStatus =
        story === 'unverifiable'
          ? k >= turn && k % 2 === 0
            ? 'unverifiable'
            : 'ok'
          : k >= turn
            ? story
            : 'ok';
      const result = evidence(link, status, at, host, rng);
      checks.push({ id: link.id, at, status, message: result.message, evidence: JSON.stringify(result) });
      const w = compareChecks(previous, result);
      if (w)
        warnings.push({
          id: link.id,
          message: w.message,
          important: w.important,
          data: JSON.stringify({ rows: w.data }),
          expected: w.expected,
          found: w.found,
          at,
          ignored: !w.important && rng.chance(0.4),
        });
      previous = result;
    }
    latest.set(link.id, previous!);
    if (
      LOST_LINK_STATUSES.includes(previous!.status) &&
      (link.permanent || (link.end_date ?? 0) > previous!.checked_at)
    ) {
      await raiseAlert(tx, {
        websiteId: link.website_id,
        title: 'A bought backlink is lost',
        message: `${link.backlink}: ${previous!.message}`,
        importance: 'high',
        link: `#/dms/api/v1/external-backlinks/${link.id}/show`,
        data: { backlink: link.backlink, url: link.url, status: previous!.status },
        key: `external-backlink:${link.id}:lost`,
      });
    }
  }
  await tx.query(
    `INSERT INTO external_backlink_checks (external_backlink_id, checked_at, status, message, evidence)
     SELECT x.id, x.at, x.status, x.message, x.evidence::jsonb
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, at bigint, status text, message text, evidence text)`,
    [JSON.stringify(checks)],
  );
  await tx.query(
    `INSERT INTO external_backlink_status (external_backlink_id, message, important, data, expected, found, ignored_at,
       created_at, updated_at)
     SELECT x.id, x.message, x.important, x.data::jsonb, x.expected, x.found,
       CASE WHEN x.ignored THEN x.at + 6 * 3600 END, x.at, x.at
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, message text, important boolean, data text, expected text,
       found text, at bigint, ignored boolean)`,
    [JSON.stringify(warnings)],
  );
  await seedDisavow(
    tx,
    rng,
    money.map((m) => m.id),
    inserted.rows,
    latest,
    today,
  );
  await seedAffiliateLinks(tx, rng, money, today);
  await refreshAnchorStats(tx, null);
  await seedDmLinks(tx, rng, money, today);
  await tx.query(
    `UPDATE external_backlinks b SET status = x.status, last_checked_at = x.at, has_captcha = x.captcha
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, status text, at bigint, captcha boolean)
     WHERE b.id = x.id`,
    [
      JSON.stringify(
        [...latest].map(([id, r]) => ({ id, status: r.status, at: r.checked_at, captcha: r.has_captcha })),
      ),
    ],
  );
}

/** Link farms and scraper sites that point at money sites unasked. */
const SPAM_DOMAINS = [
  'seo-links-4u.xyz',
  'free-backlinks.top',
  'casino-bonus-spam.click',
  'linkfarm-directory.info',
  'pbn-network-77.site',
  'cheap-dofollow.online',
  'article-spinner.biz',
  'scraped-reviews.icu',
  'gamble-links.buzz',
  'crypto-pump-news.live',
];

/**
 * Disavow lists: spam domains and a few scraped URLs on every other money site, and the publishers of
 * links that went noindex or were nofollowed disavowed by their own website (the console warns on those).
 */
async function seedDisavow(
  tx: Queryable,
  rng: Rng,
  moneyIds: number[],
  links: Array<{ id: number; website_id: number; backlink: string }>,
  latest: Map<number, LinkCheckResult>,
  today: number,
): Promise<void> {
  const rows: Array<{ website_id: number; type: string; value: string; notes: string | null; at: number }> =
    [];
  moneyIds.forEach((websiteId, i) => {
    if (i % 2) return;
    for (const domain of rng.some(SPAM_DOMAINS, 3, 7))
      rows.push({
        website_id: websiteId,
        type: 'domain',
        value: domain,
        notes: null,
        at: today - rng.int(5, 400) * DAY,
      });
    rows.push({
      website_id: websiteId,
      type: 'url',
      value: `https://${rng.pick(SPAM_DOMAINS)}/top-${rng.int(10, 99)}-sites/`,
      notes: 'Scraped copy of our review with hidden links',
      at: today - rng.int(5, 200) * DAY,
    });
  });
  const seen = new Set(rows.map((r) => `${r.website_id} ${r.value}`));
  for (const link of links) {
    const status = latest.get(Number(link.id))?.status;
    if (status !== 'noindex' && status !== 'wrong_rel') continue;
    const host = new URL(link.backlink).hostname.replace(/^www\./, '');
    const key = `${Number(link.website_id)} ${host}`;
    if (seen.has(key) || rng.chance(0.5)) continue;
    seen.add(key);
    rows.push({
      website_id: Number(link.website_id),
      type: 'domain',
      value: host,
      notes: `Disavowed after the ${status === 'noindex' ? 'page went noindex' : 'link was nofollowed'}`,
      at: today - rng.int(1, 20) * DAY,
    });
  }
  await tx.query(
    `INSERT INTO disavowed_domains (website_id, type, value, notes, created_at, updated_at)
     SELECT x.website_id, x.type, x.value, x.notes, x.at, x.at
     FROM jsonb_to_recordset($1::jsonb) AS x(website_id bigint, type text, value text, notes text, at bigint)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Affiliate links of the money sites: a /go/ permalink per brand the niche promotes, most confirmed by last
 * night's check, a few broken (a plugin update dropped the redirect), and the changes staff made over the year.
 */
async function seedAffiliateLinks(
  tx: Queryable,
  rng: Rng,
  money: Array<{ id: number; niche: keyof typeof NICHE_CONTENT; url: string }>,
  today: number,
): Promise<void> {
  const links: Array<Record<string, unknown>> = [];
  for (const site of money) {
    for (const brand of rng.some(NICHE_CONTENT[site.niche].brands, 3, 6)) {
      const s = slug(brand);
      const broken = rng.chance(0.12);
      const type = rng.chance(0.7) ? 302 : 301;
      const path = `/go/${s}/`;
      const page = `${site.url.replace(/\/$/, '')}${path}`;
      links.push({
        website_id: site.id,
        casino_name: brand,
        permalink: path,
        redirect_to: `https://track.${s.replace(/-/g, '')}.example/?aff=${rng.int(1000, 9999)}&site=${site.id}`,
        redirection_type: type,
        link_confirmed: !broken,
        last_checked_at: today - DAY + 4 * 3600 + 45 * 60,
        check_message: broken
          ? `${page} answers 404, not a ${type} redirect`
          : `${page} redirects (${type}) to the tracking URL`,
        created_at: today - rng.int(30, 500) * DAY,
      });
    }
  }
  const ids = await tx.query<{ id: number; permalink: string; redirect_to: string; created_at: number }>(
    `INSERT INTO affiliate_links (website_id, casino_name, permalink, redirect_to, redirection_type, link_confirmed,
       last_checked_at, check_message, created_at, updated_at)
     SELECT x.website_id, x.casino_name, x.permalink, x.redirect_to, x.redirection_type, x.link_confirmed,
       x.last_checked_at, x.check_message, x.created_at, x.created_at
     FROM jsonb_to_recordset($1::jsonb) AS x(website_id bigint, casino_name text, permalink text, redirect_to text,
       redirection_type int, link_confirmed boolean, last_checked_at bigint, check_message text, created_at bigint)
     RETURNING id, permalink, redirect_to, created_at`,
    [JSON.stringify(links)],
  );
  const changes: Array<Record<string, unknown>> = [];
  for (const link of ids.rows) {
    const created = Number(link.created_at);
    changes.push({ id: link.id, field: 'permalink', old: null, new: link.permalink, at: created });
    changes.push({ id: link.id, field: 'redirect_to', old: null, new: link.redirect_to, at: created });
    if (rng.chance(0.35))
      changes.push({
        id: link.id,
        field: 'redirect_to',
        old: link.redirect_to.replace(/aff=\d+/, 'aff=1001'),
        new: link.redirect_to,
        at: created + rng.int(5, 25) * DAY,
      });
    if (rng.chance(0.15))
      changes.push({
        id: link.id,
        field: 'permalink',
        old: link.permalink.replace('/go/', '/visit/'),
        new: link.permalink,
        at: created + rng.int(2, 20) * DAY,
      });
  }
  await tx.query(
    `INSERT INTO affiliate_link_changes (affiliate_link_id, field, old_value, new_value, user_id, changed_at)
     SELECT x.id, x.field, x.old, x.new, (SELECT min(id) FROM users), x.at
     FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, field text, old text, new text, at bigint)`,
    [JSON.stringify(changes)],
  );
}

/** Links nobody bought, found pointing at the money sites: mostly live, some gone, a few not looked at yet. */
async function seedDmLinks(
  tx: Queryable,
  rng: Rng,
  money: Array<{ id: number; niche: keyof typeof NICHE_CONTENT; url: string }>,
  today: number,
): Promise<void> {
  const rows: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  for (const site of money) {
    const niche = NICHE_CONTENT[site.niche];
    for (let i = rng.int(4, 10); i > 0; i -= 1) {
      const [host] = rng.pick(PUBLISHERS);
      const source_url = `https://${host}/${slug(rng.pick(niche.topics))}/`;
      const url = `${site.url.replace(/\/$/, '')}${rng.pick(niche.moneyPages)[0]}`;
      if (seen.has(`${source_url} ${url}`)) continue;
      seen.add(`${source_url} ${url}`);
      const published = today - rng.int(20, 900) * DAY;
      rows.push({
        website_id: site.id,
        url,
        source_url,
        text: rng.pick(niche.anchors),
        added: published + rng.int(2, 40) * DAY,
        publish_date: published,
        status: rng.pick(['live', 'live', 'live', 'live', 'lost', 'pending']),
        source: rng.pick(['ahrefs', 'ahrefs', 'search-console', 'scan', 'manual']),
      });
    }
  }
  await tx.query(
    `INSERT INTO dm_links (website_id, url, source_url, text, added, publish_date, status, source, created_at, updated_at)
     SELECT x.website_id, x.url, x.source_url, x.text, least(x.added, $2::bigint), x.publish_date, x.status, x.source,
       least(x.added, $2::bigint), least(x.added, $2::bigint)
     FROM jsonb_to_recordset($1::jsonb) AS x(website_id bigint, url text, source_url text, text text, added bigint,
       publish_date bigint, status text, source text)`,
    [JSON.stringify(rows), today],
  );
}
