import type { WpPostStat } from './types.js';

/**
 * Post statistics from `content.rendered`, for sites without the companion. They follow the companion's
 * definition: words of the content without tags and shortcodes; `<a href>` whose host is not the site's.
 */

const HIDDEN = /<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const TAG = /<\/?[a-z][^>]*>/gi;
const SHORTCODE = /\[\/?[a-z][\w-]*(?:\s[^\]]*)?\/?\]/gi;
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const WORDLIKE = /[\p{L}\p{N}]/u;
const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    // Any other named entity is punctuation or a symbol: it joins the word it sits in.
    return NAMED[lower] ?? '';
  });
}

/** Words of an HTML fragment: runs between whitespace that hold at least one letter or digit. */
export function countWords(html: string): number {
  const text = decodeEntities(html.replace(HIDDEN, ' ').replace(TAG, ' ').replace(SHORTCODE, ' '));
  let count = 0;
  for (const token of text.split(/\s+/)) if (WORDLIKE.test(token)) count += 1;
  return count;
}

/** The host a link points to, or null for relative, fragment, mailto:, tel: and other non-web links. */
function linkHost(href: string): string | null {
  const trimmed = decodeEntities(href.trim());
  const absolute = trimmed.startsWith('//') ? `http:${trimmed}` : trimmed;
  if (!/^https?:\/\//i.test(absolute)) return null;
  try {
    return new URL(absolute).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** `<a href>` of the fragment whose host is not the site's own (the port does not matter). */
export function countOutboundLinks(html: string, siteUrl: string): number {
  const own = new URL(siteUrl).hostname.toLowerCase();
  let count = 0;
  for (const match of html.replace(HIDDEN, ' ').matchAll(ANCHOR_HREF)) {
    const host = linkHost(match[1] ?? match[2] ?? match[3] ?? '');
    if (host !== null && host !== own) count += 1;
  }
  return count;
}

export function postStatistic(post: { id: number; contentHtml: string }, siteUrl: string): WpPostStat {
  return {
    id: post.id,
    wordCount: countWords(post.contentHtml),
    outboundLinks: countOutboundLinks(post.contentHtml, siteUrl),
  };
}
