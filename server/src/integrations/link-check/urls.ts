/** How link addresses are compared: the differences a browser or a search engine would not care about go. */

/** A host without a leading "www." or a trailing dot, lower case (other subdomains are other sites). */
export const siteOf = (hostname: string): string =>
  hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

/** `raw` (resolved against `base` when given) as an http(s) URL without its fragment; null otherwise. */
export function httpUrl(raw: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url;
}

/**
 * The form two addresses are compared in: http and https alike, host case, a leading "www.", default ports,
 * a trailing slash and the fragment ignored; path and query kept as they are. null when not an http(s) URL.
 */
export function comparableUrl(raw: string): string | null {
  const url = httpUrl(raw);
  if (!url) return null;
  // The scheme is ignored, so either scheme's default port counts as the site's own.
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${siteOf(url.hostname)}${port}${path}${url.search}`;
}

/** The site part of comparableUrl: host and port. */
export function comparableSite(raw: string): string | null {
  const full = comparableUrl(raw);
  return full === null ? null : /^[^/?]*/.exec(full)![0];
}

/**
 * An absolute or scheme-relative address with a plain host: a name whose last label is not numeric, or an
 * IPv4 address already in its usual form (no leading zeros, no hex), so the host is what the URL parser reads.
 */
const PLAIN_ORIGIN =
  /^(?:https?:)?\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\.?|(?:(?:0|[1-9]\d{0,2})\.){3}(?:0|[1-9]\d{0,2}))(?::\d*)?(?:[/?#]|$)/i;

/**
 * A cheap test that `raw` cannot be on `site` (a siteOf form): true only when it is an absolute or
 * scheme-relative address with a plain host (above) of another site. Anything else (relative, unusual hosts)
 * answers false, so the caller still compares it in full; it only spares parsing the obvious others.
 */
export function surelyOtherSite(raw: string, site: string): boolean {
  const host = PLAIN_ORIGIN.exec(raw.trim())?.[1];
  return host !== undefined && siteOf(host) !== site;
}
