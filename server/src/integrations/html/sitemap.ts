import { Parser } from 'htmlparser2';

export interface SitemapContent {
  /** Page URLs of a <urlset>. */
  urls: string[];
  /** Child sitemap URLs of a <sitemapindex>. */
  sitemaps: string[];
}

const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1).toLowerCase();

/** An absolute http(s) URL as written (trimmed), or null. */
function absoluteUrl(text: string): string | null {
  const value = text.trim();
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads a sitemap (sitemaps.org 0.9) or a sitemap index. Only a <loc> directly inside <url> or <sitemap>
 * counts, so the image:loc of the image extension is ignored; namespace prefixes and tag case do not matter.
 * Entities and CDATA are decoded; relative, non-http(s) and repeated URLs are dropped.
 */
export function parseSitemap(xml: string): SitemapContent {
  const urls = new Set<string>();
  const sitemaps = new Set<string>();
  const stack: string[] = [];
  let loc: string | null = null;
  const parser = new Parser(
    {
      onopentag(tag) {
        const name = localName(tag);
        const parent = stack[stack.length - 1];
        if (name === 'loc' && (parent === 'url' || parent === 'sitemap')) loc = '';
        stack.push(name);
      },
      ontext(data) {
        if (loc !== null) loc += data;
      },
      onclosetag(_tag, implied) {
        if (stack.pop() !== 'loc' || loc === null) return;
        // A <loc> closed only by the end of a truncated download may be cut short.
        const url = implied ? null : absoluteUrl(loc);
        if (url) (stack[stack.length - 1] === 'url' ? urls : sitemaps).add(url);
        loc = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml.replace(/^\ufeff/, ''));
  return { urls: [...urls], sitemaps: [...sitemaps] };
}

/** The Sitemap: lines of a robots.txt (any group, any case), absolute http(s) URLs only, distinct. */
export function sitemapUrlsFromRobots(robotsTxt: string): string[] {
  const found = new Set<string>();
  for (const line of robotsTxt.replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    const m = /^\s*site-?map\s*:\s*(\S+)/i.exec(line);
    const url = m ? absoluteUrl(m[1]!) : null;
    if (url) found.add(url);
  }
  return [...found];
}
