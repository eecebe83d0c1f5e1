import { CHECKER_LIMITS } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { parsePage, type PageLink } from '../../../integrations/html/page.js';
import { extractTrackers } from '../../../integrations/html/trackers.js';
import { parseSitemap, sitemapUrlsFromRobots } from '../../../integrations/html/sitemap.js';
import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject, type UnitResult, type UnitSpec } from '../../../jobs/types.js';
import { loadPage, pageLimits, PageUnavailable, type PageLimits } from './pages.js';
import { savePage, websiteUrl, type LinkRow } from './website-scan-repository.js';

export type { LinkRow } from './website-scan-repository.js';

interface ScanArgs extends JsonObject {
  website_id: number;
  max_pages: number;
  url: string;
}

const args = [
  { name: 'website_id', label: 'Website id', kind: 'integer', required: true, min: 1 },
  {
    name: 'max_pages',
    label: 'At most (pages)',
    kind: 'integer',
    default: CHECKER_LIMITS.scanMaxPages,
    min: 1,
    max: 1000,
  },
] as const;

const SITEMAP_KEY = 'sitemap';
const MAX_SITEMAPS = 10;
/** Links to files rather than pages are recorded but not crawled. */
const NOT_A_PAGE =
  /\.(?:jpe?g|png|gif|webp|svg|ico|pdf|zip|gz|rar|7z|mp[34]|avi|mov|webm|css|js|json|xml|txt|docx?|xlsx?|pptx?)$/i;

const siteOf = (host: string) => host.toLowerCase().replace(/^www\./, '');

function sameSite(url: string, site: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && siteOf(u.hostname) === site;
  } catch {
    return false;
  }
}

/** Page units for the site's pages among urls (files and other sites left out). */
function pageUnits(urls: Iterable<string>, site: string): UnitSpec[] {
  const out: UnitSpec[] = [];
  for (const url of urls) {
    if (!sameSite(url, site) || NOT_A_PAGE.test(new URL(url).pathname)) continue;
    out.push({ key: url });
  }
  return out;
}

/** The sitemaps named in robots.txt, else /sitemap.xml; every listed page, following sitemap indexes. */
async function sitemapPages(
  fetch: SafeFetch,
  origin: string,
  limits: PageLimits,
): Promise<{ pages: string[]; read: string[] }> {
  let queue = [`${origin}/sitemap.xml`];
  try {
    const robots = await fetch(`${origin}/robots.txt`, { timeoutMs: 10_000, maxBytes: 512 * 1024 });
    if (robots.status === 200) {
      const named = sitemapUrlsFromRobots(robots.text());
      if (named.length) queue = named;
    }
  } catch {
    // no robots.txt: the conventional sitemap location is tried
  }
  const pages = new Set<string>();
  const read: string[] = [];
  const seen = new Set<string>();
  while (queue.length && read.length < MAX_SITEMAPS) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    try {
      const doc = await loadPage(fetch, url, limits);
      const found = parseSitemap(doc.html);
      found.urls.forEach((u) => pages.add(u));
      queue.push(...found.sitemaps);
      read.push(url);
    } catch (err) {
      if (!(err instanceof PageUnavailable)) throw err;
    }
  }
  return { pages: [...pages], read };
}

/** One row per distinct target of a page: hits counts repeats, the first non-empty anchor wins, rels merge. */
function aggregate(links: PageLink[]): LinkRow[] {
  const rows = new Map<string, LinkRow>();
  for (const l of links) {
    const row = rows.get(l.href);
    if (row) {
      row.hits++;
      row.anchor ||= l.anchor || null;
      for (const r of l.rel) if (!row.rel.includes(r)) row.rel.push(r);
    } else {
      rows.set(l.href, {
        backlink: l.href,
        target_host: new URL(l.href).hostname.toLowerCase(),
        anchor: l.anchor || null,
        rel: [...l.rel],
        internal: l.internal,
        hits: 1,
      });
    }
  }
  return [...rows.values()];
}

/**
 * websites:scan (SPEC §7.5): crawls a website from its sitemap and home page, within max_pages, and records
 * per page its status, title, outbound links (anchor, rel) and internal links: the website's pages (page,
 * backlink, hits) and the data link-network views read.
 */
export const websiteScan = defineCommand<ScanArgs>({
  service: 'dms',
  name: 'websites:scan',
  description: 'Crawl a website from its sitemap and home page; record its pages and links',
  arguments: [...args],
  retry: { limit: 2, delay: 10, backoff: true },
  timeoutSeconds: 60,
  batchSize: 5,
  concurrency: 1,
  maxJobs: (a) => Number(a.max_pages) + 1,
  async parse(raw, { deps }) {
    const a = parseArguments(args, raw) as { website_id: number; max_pages: number };
    const url = await websiteUrl(deps.db, a.website_id);
    if (!url) throw invalid({ 'arguments.website_id': `No website with id ${a.website_id}` });
    return { ...a, url };
  },
  plan: (a) => [{ key: SITEMAP_KEY }, { key: new URL(a.url).toString() }],
  async run(unit, run, { deps }): Promise<UnitResult> {
    const fetch = deps.integrations.crawlerFetch;
    const home = new URL(run.arguments.url);
    const site = siteOf(home.hostname);
    if (unit.key === SITEMAP_KEY) {
      const { pages, read } = await sitemapPages(fetch, home.origin, pageLimits(deps.config));
      const spawn = pageUnits(pages, site);
      return {
        output: {
          message: read.length
            ? `Sitemap: ${spawn.length} pages listed in ${read.length} sitemap${read.length > 1 ? 's' : ''}`
            : 'No sitemap found',
          sitemaps: read,
        },
        spawn,
      };
    }
    const websiteId = run.arguments.website_id;
    try {
      const page = await loadPage(fetch, unit.key, pageLimits(deps.config));
      const parsed = parsePage(page.html, page.finalUrl);
      const links = aggregate(parsed.links);
      const outbound = links.filter((l) => !l.internal).length;
      return {
        output: {
          message: `${page.status} ${parsed.title ?? '(no title)'}: ${links.length - outbound} internal, ${outbound} outbound links`,
          url: unit.key,
          status: page.status,
        },
        // Pages a redirect leads off the site are recorded, but their links are not followed.
        spawn: sameSite(page.finalUrl, site)
          ? pageUnits(
              links.filter((l) => l.internal).map((l) => l.backlink),
              site,
            )
          : [],
        commit: (tx) =>
          savePage(tx, websiteId, unit.key, run.id, {
            status: page.status,
            title: parsed.title,
            error: null,
            links,
            trackers: extractTrackers(page.html),
          }),
      };
    } catch (err) {
      if (!(err instanceof PageUnavailable)) throw err;
      return {
        output: { message: err.message, url: unit.key },
        failed: true,
        commit: (tx) =>
          savePage(tx, websiteId, unit.key, run.id, {
            status: err.status,
            title: null,
            error: err.message,
            links: [],
            trackers: [],
          }),
      };
    }
  },
  summarize: (c) => `${c.success} pages scanned, ${c.failed} could not be read`,
});
