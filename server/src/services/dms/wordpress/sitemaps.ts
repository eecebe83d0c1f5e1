import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import { parseSitemap, sitemapUrlsFromRobots } from '../../../integrations/html/sitemap.js';
import type { SitemapSeen } from './fleet-repository.js';

/** The most sitemap files one site's update-sitemap reads (an index and its children). */
const MAX_SITEMAPS = 50;

interface Limits {
  timeoutMs: number;
  maxBytes: number;
}

/** One sitemap file: its status, kind, number of entries and children, or why it could not be read. */
async function readOne(
  fetch: SafeFetch,
  url: string,
  limits: Limits,
): Promise<{ seen: SitemapSeen; children: string[] }> {
  try {
    const res = await fetch(url, { ...limits, accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' });
    if (res.status !== 200) {
      return {
        seen: {
          url,
          kind: null,
          urlCount: null,
          status: res.status,
          error: `answered ${res.status}`,
          lastModified: null,
        },
        children: [],
      };
    }
    const content = parseSitemap(res.text());
    const modified = Date.parse(res.headers['last-modified'] ?? '');
    const index = content.sitemaps.length > 0;
    return {
      seen: {
        url,
        kind: index ? 'index' : 'urlset',
        urlCount: index ? content.sitemaps.length : content.urls.length,
        status: res.status,
        error: null,
        lastModified: Number.isFinite(modified) ? Math.floor(modified / 1000) : null,
      },
      children: content.sitemaps,
    };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return {
      seen: { url, kind: null, urlCount: null, status: null, error, lastModified: null },
      children: [],
    };
  }
}

/**
 * The sitemaps a site publishes: those its robots.txt names, else WordPress's own `/wp-sitemap.xml`, else
 * `/sitemap.xml` (the first of the two that answers); an index's children are read too.
 */
export async function readSitemaps(
  fetch: SafeFetch,
  siteUrl: string,
  limits: Limits,
): Promise<SitemapSeen[]> {
  const home = new URL(siteUrl);
  let named: string[] = [];
  try {
    const robots = await fetch(new URL('robots.txt', home).href, {
      timeoutMs: limits.timeoutMs,
      maxBytes: 512 * 1024,
    });
    if (robots.status === 200) named = sitemapUrlsFromRobots(robots.text());
  } catch {
    // no robots.txt: the conventional locations are tried
  }
  const queue: string[] = [];
  const seen: SitemapSeen[] = [];
  if (named.length) {
    queue.push(...named);
  } else {
    let last: SitemapSeen | null = null;
    for (const candidate of ['wp-sitemap.xml', 'sitemap.xml']) {
      const found = await readOne(fetch, new URL(candidate, home).href, limits);
      last = found.seen;
      if (found.seen.status === 200) {
        seen.push(found.seen);
        queue.push(...found.children);
        break;
      }
    }
    if (!seen.length && last) return [last];
  }
  const visited = new Set(seen.map((s) => s.url));
  while (queue.length && visited.size < MAX_SITEMAPS) {
    const url = queue.shift()!;
    if (visited.has(url)) continue;
    visited.add(url);
    const found = await readOne(fetch, url, limits);
    seen.push(found.seen);
    queue.push(...found.children);
  }
  return seen;
}
