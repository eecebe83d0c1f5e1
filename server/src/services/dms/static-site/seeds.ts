import { parseSitemap, sitemapUrlsFromRobots } from '../../../integrations/html/sitemap.js';
import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import type { WordPressClient } from '../../../integrations/wordpress/index.js';
import { isWordPressError } from '../../../integrations/wordpress/index.js';
import { hostIn, httpUrl, urlKey } from './urls.js';

/** The most sitemap files read (an index and its children). */
const MAX_SITEMAPS = 200;

export interface SitemapRead {
  /** The sitemap files read (they go into the copy at their own paths). */
  files: string[];
  /** Keys (path and query) of the site's pages the sitemaps list: the gate's page count. */
  pages: Set<string>;
  /** Why no sitemap was read, when none was. */
  problem: string | null;
}

interface Limits {
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The site's sitemaps: those robots.txt names, else WordPress's `/wp-sitemap.xml`, else `/sitemap.xml`; indexes
 * are followed. Only pages of the site itself (either host) count.
 */
export async function readSitemapPages(
  fetch: SafeFetch,
  origin: URL,
  hosts: ReadonlySet<string>,
  limits: Limits,
): Promise<SitemapRead> {
  let named: string[] = [];
  try {
    const robots = await fetch(new URL('/robots.txt', origin).href, { ...limits, maxBytes: 512 * 1024 });
    if (robots.status === 200) named = sitemapUrlsFromRobots(robots.text());
  } catch {
    // no robots.txt: the conventional locations are tried
  }
  const read: SitemapRead = { files: [], pages: new Set(), problem: null };
  const visited = new Set<string>();
  /** Reads one sitemap file; answers its children, or null when it could not be read. */
  const readOne = async (raw: string): Promise<string[] | null> => {
    const url = httpUrl(raw, origin);
    if (!url || !hostIn(url.host, hosts) || visited.has(urlKey(url))) return [];
    visited.add(urlKey(url));
    // Read from the origin, whichever of the site's hosts it names.
    const at = new URL(urlKey(url), origin);
    try {
      const res = await fetch(at.href, { ...limits, accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' });
      if (res.status !== 200) {
        read.problem = `${at.pathname} answered HTTP ${res.status}`;
        return null;
      }
      const content = parseSitemap(res.text());
      const final = httpUrl(res.url);
      read.files.push(new URL(final ? urlKey(final) : urlKey(at), origin).href);
      for (const page of content.urls) {
        const p = httpUrl(page);
        if (p && hostIn(p.host, hosts)) read.pages.add(urlKey(p));
      }
      return content.sitemaps;
    } catch (err) {
      read.problem = `${at.pathname}: ${err instanceof Error ? err.message : String(err)}`;
      return null;
    }
  };
  const queue: string[] = [];
  if (named.length) queue.push(...named);
  else
    for (const candidate of ['/wp-sitemap.xml', '/sitemap.xml']) {
      const children = await readOne(new URL(candidate, origin).href);
      if (children) {
        queue.push(...children);
        break;
      }
    }
  while (queue.length && visited.size < MAX_SITEMAPS) queue.push(...((await readOne(queue.shift()!)) ?? []));
  if (read.files.length) read.problem = null;
  else read.problem ??= 'no sitemap found';
  return read;
}

export interface CompanionSeeds {
  urls: string[];
  /** Where the list came from, for the run's output. */
  source: 'companion' | 'rest' | null;
  problem: string | null;
}

/**
 * The site's own list of its public URLs: the companion's (home, feeds, archives, authors, posts with their
 * shortlinks), else the posts' and pages' links from core REST; none without a usable connection.
 */
export async function companionSeeds(client: WordPressClient | null): Promise<CompanionSeeds> {
  if (!client) return { urls: [], source: null, problem: null };
  try {
    if (client.companion === null) await client.discover();
    if (client.companion) {
      const items = await client.staticUrls();
      const urls = items.flatMap((i) => (i.shortlink ? [i.url, i.shortlink] : [i.url]));
      return { urls, source: 'companion', problem: null };
    }
    const [posts, pages] = await Promise.all([client.posts('post'), client.posts('page')]);
    const published = [...posts, ...pages].filter((p) => p.status === 'publish');
    return { urls: published.map((p) => p.link), source: 'rest', problem: null };
  } catch (err) {
    if (!isWordPressError(err)) throw err;
    return { urls: [], source: null, problem: err.message };
  }
}
