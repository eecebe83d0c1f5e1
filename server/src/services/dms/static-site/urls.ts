/**
 * Which URLs of a WordPress site go into its static copy, and the file each one becomes. A URL's identity is its
 * path and query (the host is the origin's, or the public site's, or their www forms): the copy serves every
 * page at the path WordPress served it, so nothing that links to the site breaks.
 */

/** WordPress paths a static copy never holds: the admin, log-in, XML-RPC, the REST API, cron, comment posting. */
const EXCLUDED_PATHS: ReadonlyArray<[RegExp, string]> = [
  [/^\/wp-admin(?:\/|$)/i, 'admin'],
  [/^\/wp-login\.php$/i, 'login'],
  [/^\/wp-(?:signup|activate)\.php$/i, 'login'],
  [/^\/xmlrpc\.php$/i, 'xmlrpc'],
  [/^\/wp-json(?:\/|$)/i, 'rest'],
  [/^\/wp-cron\.php$/i, 'cron'],
  [/^\/wp-comments-post\.php$/i, 'comment form'],
  [/^\/wp-trackback\.php$/i, 'trackback'],
  [/\/trackback\/?$/i, 'trackback'],
];

/** Query keys of per-visitor or dynamic pages: search, comment replies, previews, the REST API, the customiser. */
const EXCLUDED_QUERY: Readonly<Record<string, string>> = {
  s: 'search',
  replytocom: 'comment reply',
  preview: 'preview',
  preview_id: 'preview',
  preview_nonce: 'preview',
  rest_route: 'rest',
  customize_changeset_uuid: 'preview',
  action: 'dynamic',
  doing_wp_cron: 'cron',
};

export type UrlClass = { kind: 'fetch' } | { kind: 'probe' } | { kind: 'excluded'; reason: string };

/** The query's parameters as written (`a=1&b`), in order. */
const params = (search: string): string[] => (search.startsWith('?') ? search.slice(1) : search).split('&');

const keyOf = (param: string): string => {
  const i = param.indexOf('=');
  try {
    return decodeURIComponent(i < 0 ? param : param.slice(0, i)).toLowerCase();
  } catch {
    return param.toLowerCase();
  }
};

/**
 * What the crawl does with a URL of the site: fetch and save it; only ask it without following (a query page:
 * its redirect is recorded, its path saved on its own); or leave it out.
 */
export function classify(url: URL): UrlClass {
  for (const [re, reason] of EXCLUDED_PATHS) if (re.test(url.pathname)) return { kind: 'excluded', reason };
  if (!url.search) return { kind: 'fetch' };
  const keys = params(url.search).map(keyOf);
  for (const k of keys) {
    const reason = EXCLUDED_QUERY[k];
    if (reason) return { kind: 'excluded', reason };
  }
  // A query page is not a file a static server can tell apart from its path: WordPress answers most of them
  // with a redirect (`?p=12`, a post's shortlink, to its permalink), which the redirect map keeps.
  return withoutVer(url.search) ? { kind: 'probe' } : { kind: 'fetch' };
}

/** The query without WordPress's cache-busting `ver` parameter (`?ver=6.4&x=1` → `?x=1`). */
export function withoutVer(search: string): string {
  if (!search || !/ver=/i.test(search)) return search;
  const kept = params(search).filter((p) => keyOf(p) !== 'ver');
  return kept.length && kept.some(Boolean) ? `?${kept.join('&')}` : '';
}

/**
 * A URL's identity in the copy: its path and its query without `ver` (WordPress serves the same file whatever
 * the version asked for). Two URLs with the same key are the same page or file.
 */
export function urlKey(url: URL): string {
  return `${url.pathname}${withoutVer(url.search)}`;
}

/** The extension a body of this content type gets when its URL names none (a page, a feed). */
export function extensionFor(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.includes('html')) return 'html';
  if (type.includes('xml') || type.includes('rss') || type.includes('atom')) return 'xml';
  if (type.includes('json')) return 'json';
  if (type.startsWith('text/plain')) return 'txt';
  return 'html';
}

export class UnsafePathError extends Error {}

const MAX_SEGMENT_BYTES = 240;

/** A path segment decoded as a web server decodes `$uri`; the raw segment when it is not valid percent-encoding. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The file (relative to the release's web root) a URL's body becomes: `/x/` → `x/index.html`, a feed at `/feed/`
 * → `feed/index.xml`, `/a.css` → `a.css`, `/x` without an extension → `x/index.html`. The path is decoded as a web
 * server decodes it, so `/caf%C3%A9/` is `café/index.html`. Queries do not change the file (a static server
 * ignores them): only pages without a query, and files, are saved. Throws UnsafePathError for a path that could
 * leave the web root or that no file system can hold.
 */
export function fileFor(pathname: string, contentType: string | undefined): string {
  const segments = pathname.split('/').slice(1).map(decodeSegment);
  const last = segments[segments.length - 1] ?? '';
  for (const s of segments.slice(0, -1)) {
    if (s === '' || s === '.' || s === '..') throw new UnsafePathError(`${pathname}: empty or dot segment`);
  }
  for (const s of segments) {
    if (s === '.' || s === '..' || /[\0\\/]/.test(s))
      throw new UnsafePathError(`${pathname}: a segment the web root cannot hold`);
    if (Buffer.byteLength(s) > MAX_SEGMENT_BYTES)
      throw new UnsafePathError(`${pathname}: a segment is too long`);
  }
  const dir = segments.slice(0, -1);
  if (last === '') return [...dir, `index.${extensionFor(contentType)}`].join('/');
  if (/\.[A-Za-z0-9]{1,8}$/.test(last)) return [...dir, last].join('/');
  return [...dir, last, `index.${extensionFor(contentType)}`].join('/');
}

/** Whether `host` (lower case, port included when not default) is one of `hosts` or a www form of one. */
export function hostIn(host: string, hosts: ReadonlySet<string>): boolean {
  const h = host.toLowerCase();
  return hosts.has(h) || hosts.has(h.replace(/^www\./, '')) || hosts.has(`www.${h}`);
}

export { httpUrl } from '../../../integrations/link-check/urls.js';
