import { scanPage } from './html.js';
import { hostFinder, originHostNames, originRewriter, stripVer, type OriginRewriter } from './rewrite.js';
import { classify, hostIn, httpUrl } from './urls.js';

/**
 * A page of the copy from the page WordPress answered: the references the crawl follows, the edits (forms,
 * left-out links), the origin rewritten, `?ver=` stripped, and what the gate reads (the links the page keeps,
 * any trace of the origin's host). Pure and self-contained (strings in, strings out), so it runs on a worker
 * thread as well as here: parsing pages is most of an export's CPU.
 */

export interface PageInput {
  html: string;
  /** Where the page was fetched (the origin). */
  url: string;
  origin: string;
  publicUrl: string;
  /** The site's own hosts (origin and public, either www form), lower case with port. */
  hosts: string[];
  /** Look for the origin's host in the result (false when the origin is the public address). */
  checkHost: boolean;
}

export interface PageOutput {
  html: string;
  /** The site's own URLs the page refers to (absolute, each once): what the crawl follows. */
  refs: string[];
  /** The site's own URLs the edited page still refers to, each once: each must resolve in the release. */
  kept: string[];
  /** Where the result still holds the origin's host, or null. */
  hostLeft: string | null;
}

/** A script names a file (the emoji loader's settings): only such URLs are followed from script text. */
const namesFile = (url: URL) => /\.[a-z0-9]{1,8}$/i.test(url.pathname);

/** hrefs repeat from page to page (navigation, style sheets, scripts): a site's are resolved once. */
const RESOLVED_MAX = 200_000;

interface SiteTools {
  hosts: Set<string>;
  rewriter: OriginRewriter;
  findHost: (text: string) => string | null;
  resolved: Map<string, URL | null>;
  excluded: Map<string, boolean>;
  own: Map<string, boolean>;
}

let tools: { key: string; value: SiteTools } | null = null;

function toolsFor(input: PageInput): SiteTools {
  const key = `${input.origin}\n${input.publicUrl}\n${input.hosts.join(',')}`;
  if (tools?.key === key) return tools.value;
  const origin = new URL(input.origin);
  tools = {
    key,
    value: {
      hosts: new Set(input.hosts),
      rewriter: originRewriter(origin, new URL(input.publicUrl)),
      findHost: hostFinder(originHostNames(origin)),
      resolved: new Map(),
      excluded: new Map(),
      own: new Map(),
    },
  };
  return tools.value;
}

export function transformPage(input: PageInput): PageOutput {
  const t = toolsFor(input);
  if (t.resolved.size > RESOLVED_MAX) t.resolved.clear();
  const own = (url: URL) => {
    let mine = t.own.get(url.host);
    if (mine === undefined) {
      mine = hostIn(url.host, t.hosts);
      t.own.set(url.host, mine);
    }
    return mine;
  };
  const resolve = (raw: string, base: URL): URL | null => {
    const absolute = raw.startsWith('https://') || raw.startsWith('http://') || raw.startsWith('//');
    const key = absolute ? raw : `${base.href}\n${raw}`;
    let url = t.resolved.get(key);
    if (url === undefined) {
      url = httpUrl(raw, base);
      t.resolved.set(key, url);
    }
    return url;
  };
  const excluded = (url: URL): boolean => {
    let out = t.excluded.get(url.href);
    if (out === undefined) {
      out = own(url) && classify(url).kind === 'excluded';
      t.excluded.set(url.href, out);
    }
    return out;
  };
  const scan = scanPage(input.html, new URL(input.url), { excluded, resolve });
  const refs = new Set<string>();
  for (const url of scan.refs) if (own(url)) refs.add(url.href);
  // Files a script names (an emoji loader, a lazy image): followed so the copy holds them.
  if (scan.scripts.length)
    for (const raw of t.rewriter.urls(scan.scripts.join('\n'))) {
      const url = httpUrl(raw);
      if (url && own(url) && namesFile(url)) refs.add(url.href);
    }
  const kept = new Set<string>();
  for (const url of scan.kept) if (own(url)) kept.add(url.href);
  const html = stripVer(t.rewriter.rewrite(scan.html));
  return { html, refs: [...refs], kept: [...kept], hostLeft: input.checkHost ? t.findHost(html) : null };
}
