import { Parser } from 'htmlparser2';
import { CollapsedText, HIDDEN_CONTENT, LINE_BREAKING, WORD_SEPARATING } from './text.js';

export interface PageLink {
  /** Absolute http(s) URL, resolved against <base href> when the page has one, fragment removed. */
  href: string;
  /** Collapsed link text; for an image link the images' alt text, then aria-label; else "". */
  anchor: string;
  /** Lower-case, distinct tokens of rel. */
  rel: string[];
  /** Same host as the page, a leading "www." ignored on both sides (other subdomains are other sites). */
  internal: boolean;
}

export interface ParsedPage {
  /** The first <title> outside SVG, collapsed; null when missing or blank. */
  title: string | null;
  /** <link rel="canonical"> resolved to an absolute URL; null when missing or not http(s). */
  canonical: string | null;
  /** Every <meta name="robots"> content, lower case, joined with ", "; null when there is none. */
  metaRobots: string | null;
  links: PageLink[];
}

interface OpenLink {
  href: string;
  rel: string[];
  text: CollapsedText;
  alts: string[];
  label: string;
}

/** Hrefs that never lead to another document. */
const NOT_A_PAGE = /^(?:javascript|mailto|tel|data|sms|callto):/i;

const relTokens = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .filter(Boolean),
  ),
];

class PageCollector {
  base: string | null = null;
  title: string | null = null;
  canonical: string | null = null;
  readonly robots: string[] = [];
  readonly links: Array<{ href: string; rel: string[]; anchor: string }> = [];
  private hidden = 0;
  private svg = 0;
  private titleText: CollapsedText | null = null;
  private link: OpenLink | null = null;

  onopentag(tag: string, attribs: Record<string, string>) {
    if (this.hidden || HIDDEN_CONTENT.has(tag)) {
      if (HIDDEN_CONTENT.has(tag)) this.hidden += 1;
      return;
    }
    if (tag === 'svg') this.svg += 1;
    if (tag === 'base' && this.base === null && attribs.href?.trim()) this.base = attribs.href;
    else if (tag === 'title' && this.title === null && !this.svg) this.titleText = new CollapsedText();
    else if (tag === 'link' && this.canonical === null && relTokens(attribs.rel).includes('canonical'))
      this.canonical = attribs.href ?? null;
    else if (tag === 'meta' && attribs.name?.trim().toLowerCase() === 'robots' && attribs.content?.trim())
      this.robots.push(attribs.content.replace(/\s+/g, ' ').trim().toLowerCase());
    else if (tag === 'a') this.openLink(attribs);
    else if (tag === 'img' && this.link && attribs.alt?.trim()) this.link.alts.push(attribs.alt);
    this.separate(tag);
  }

  ontext(data: string) {
    if (this.hidden) return;
    this.titleText?.append(data);
    this.link?.text.append(data);
  }

  onclosetag(tag: string) {
    if (this.hidden) {
      if (HIDDEN_CONTENT.has(tag)) this.hidden -= 1;
      return;
    }
    if (tag === 'svg' && this.svg) this.svg -= 1;
    if (tag === 'title' && this.titleText) {
      this.title = this.titleText.oneLine() || null;
      this.titleText = null;
    }
    if (tag === 'a') this.closeLink();
    else this.separate(tag);
  }

  onend() {
    this.closeLink();
  }

  private separate(tag: string) {
    if (this.link && (LINE_BREAKING.has(tag) || WORD_SEPARATING.has(tag))) this.link.text.space();
  }

  private openLink(attribs: Record<string, string>) {
    this.closeLink();
    const href = attribs.href?.trim();
    if (!href || href.startsWith('#') || NOT_A_PAGE.test(href)) return;
    const label = attribs['aria-label'] ?? '';
    this.link = { href, rel: relTokens(attribs.rel), text: new CollapsedText(), alts: [], label };
  }

  private closeLink() {
    const link = this.link;
    if (!link) return;
    this.link = null;
    const anchor =
      link.text.oneLine() || link.alts.join(' ').replace(/\s+/g, ' ').trim() || link.label.trim();
    this.links.push({ href: link.href, rel: link.rel, anchor });
  }
}

/** An absolute http(s) URL without its fragment, or null. */
function resolve(href: string, base: URL): URL | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

const site = (host: string) => host.replace(/^www\./, '').replace(/\.$/, '');

/** Title, canonical, robots meta and the outgoing links of an HTML page fetched from pageUrl. */
export function parsePage(html: string, pageUrl: string): ParsedPage {
  const page = new PageCollector();
  new Parser(page, { decodeEntities: true }).end(html);
  const pageLocation = new URL(pageUrl);
  const base = (page.base !== null && resolve(page.base, pageLocation)) || pageLocation;
  const home = site(pageLocation.hostname);
  const links: PageLink[] = [];
  for (const link of page.links) {
    const url = resolve(link.href, base);
    if (url)
      links.push({
        href: url.href,
        anchor: link.anchor,
        rel: link.rel,
        internal: site(url.hostname) === home,
      });
  }
  const canonical = page.canonical?.trim() ? resolve(page.canonical.trim(), base) : null;
  return {
    title: page.title,
    canonical: canonical?.href ?? null,
    metaRobots: page.robots.length ? page.robots.join(', ') : null,
    links,
  };
}
