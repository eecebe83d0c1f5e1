import { Parser } from 'htmlparser2';
import {
  CollapsedText,
  isInvisible,
  isWhitespace,
  TAG_BREAK,
  TAG_HIDDEN,
  TAG_SPACE,
  tagLayout,
} from './text.js';

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
  /** The page's visible text, when asked for (ParseOptions.text). */
  text?: PageText;
}

/**
 * The visible text of a page as the page readers lay it out (CollapsedText: whitespace collapsed, a line per
 * block), read from the same single pass as the links. The pass only notes the text nodes and the breaks
 * between them; a line or the whole text is laid out when it is asked for, so a page whose text is not
 * needed costs nothing more.
 */
export interface PageText {
  /** Every visible word of the page; with `atMost`, counting stops there (a bound is often all that is asked). */
  words(atMost?: number): number;
  /** The laid-out line (between two line breaks) holding a link of `links`, with the link's offsets in it. */
  lineOf(link: PageLink): { line: string; start: number; end: number } | null;
}

export interface ParseOptions {
  /** Keep the visible text too (ParsedPage.text). */
  text?: boolean;
  /**
   * Which links to keep, by their href as written: the others are passed over as they are read (no anchor
   * text, no address resolved). Default: every link.
   */
  keepHref?: (href: string) => boolean;
}

interface OpenLink {
  href: string;
  rel: string[];
  text: CollapsedText;
  alts: string[];
  label: string;
  /** Where the link opened in the text pieces. */
  from: number;
}

/** Between two text pieces: the words either side are apart, or on lines of their own. */
const SPACE = 0;
const BREAK = 1;
type Piece = string | typeof SPACE | typeof BREAK;

interface CollectedLink {
  href: string;
  rel: string[];
  anchor: string;
  /** The link's first and past-last text piece. */
  from: number;
  to: number;
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

/** One pass over the markup: head signals, the links kept with their anchors, and (asked for) the text. */
class PageCollector {
  base: string | null = null;
  title: string | null = null;
  canonical: string | null = null;
  readonly robots: string[] = [];
  readonly links: CollectedLink[] = [];
  private hidden = 0;
  private svg = 0;
  private titleText: CollapsedText | null = null;
  private link: OpenLink | null = null;

  constructor(
    /** The text nodes and breaks, as TextPieces lays them out; null when the text is not wanted. */
    readonly pieces: Piece[] | null,
    private readonly keepHref: ((href: string) => boolean) | undefined,
  ) {}

  onopentag(tag: string, attribs: Record<string, string>) {
    const layout = tagLayout(tag);
    if (this.hidden || layout & TAG_HIDDEN) {
      if (layout & TAG_HIDDEN) this.hidden += 1;
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
    this.separate(layout);
  }

  ontext(data: string) {
    if (this.hidden) return;
    this.titleText?.append(data);
    this.link?.text.append(data);
    this.pieces?.push(data);
  }

  onclosetag(tag: string) {
    const layout = tagLayout(tag);
    if (this.hidden) {
      if (layout & TAG_HIDDEN) this.hidden -= 1;
      return;
    }
    if (tag === 'svg' && this.svg) this.svg -= 1;
    if (tag === 'title' && this.titleText) {
      this.title = this.titleText.oneLine() || null;
      this.titleText = null;
    }
    if (tag === 'a') this.closeLink();
    this.separate(layout);
  }

  onend() {
    this.closeLink();
  }

  private separate(layout: number) {
    if (!(layout & (TAG_BREAK | TAG_SPACE))) return;
    this.link?.text.space();
    this.pieces?.push(layout & TAG_BREAK ? BREAK : SPACE);
  }

  private openLink(attribs: Record<string, string>) {
    this.closeLink();
    const href = attribs.href?.trim();
    if (!href || href.startsWith('#') || NOT_A_PAGE.test(href)) return;
    if (this.keepHref && !this.keepHref(href)) return;
    const label = attribs['aria-label'] ?? '';
    const from = this.pieces?.length ?? 0;
    this.link = { href, rel: relTokens(attribs.rel), text: new CollapsedText(), alts: [], label, from };
  }

  private closeLink() {
    const link = this.link;
    if (!link) return;
    this.link = null;
    const anchor =
      link.text.oneLine() || link.alts.join(' ').replace(/\s+/g, ' ').trim() || link.label.trim();
    const to = this.pieces?.length ?? 0;
    this.links.push({ href: link.href, rel: link.rel, anchor, from: link.from, to });
  }
}

/** Lays out the pieces of a page's text the way CollapsedText does, all of them or one line. */
class TextPieces implements PageText {
  constructor(
    private readonly pieces: Piece[],
    private readonly spans: Map<PageLink, [number, number]>,
  ) {}

  words(atMost = Infinity): number {
    // The words as the laid-out text would split them, counted from the pieces without laying them out:
    // a word starts at a visible character after whitespace, a separator between pieces, or nothing.
    let count = 0;
    let inWord = false;
    for (const piece of this.pieces) {
      if (piece === SPACE || piece === BREAK) {
        inWord = false;
        continue;
      }
      for (let i = 0; i < piece.length; i += 1) {
        const c = piece.charCodeAt(i);
        if (isInvisible(c)) continue;
        if (isWhitespace(c)) inWord = false;
        else if (!inWord) {
          inWord = true;
          count += 1;
          if (count >= atMost) return count;
        }
      }
    }
    return count;
  }

  lineOf(link: PageLink): { line: string; start: number; end: number } | null {
    const span = this.spans.get(link);
    if (!span) return null;
    const [from, to] = span;
    // A line break leaves the layout as a fresh one does, so the line can be laid out from the last break
    // before the link; it ends at the first break after the link that ends a line with text on it.
    let first = from;
    while (first > 0 && this.pieces[first - 1] !== BREAK) first -= 1;
    const text = new CollapsedText();
    let start = 0;
    let end = 0;
    for (let i = first; i < this.pieces.length; i += 1) {
      if (i === from) start = text.length;
      if (i === to) end = text.length;
      const piece = this.pieces[i]!;
      if (i >= to && piece === BREAK && text.length > 0 && text.text.at(-1) !== '\n') break;
      this.lay(text, piece);
    }
    if (to >= this.pieces.length) end = text.length;
    if (from >= this.pieces.length) start = text.length;
    return { line: text.text, start, end };
  }

  private lay(text: CollapsedText, piece: Piece) {
    if (piece === BREAK) text.lineBreak();
    else if (piece === SPACE) text.space();
    else text.append(piece);
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

/**
 * Title, canonical, robots meta and the outgoing links of an HTML page fetched from pageUrl, in one pass over
 * the markup; with options.text its visible text too, and with options.keepHref only the links wanted.
 */
export function parsePage(html: string, pageUrl: string, options: ParseOptions = {}): ParsedPage {
  const page = new PageCollector(options.text ? [] : null, options.keepHref);
  new Parser(page, { decodeEntities: true }).end(html);
  const pageLocation = new URL(pageUrl);
  const base = (page.base !== null && resolve(page.base, pageLocation)) || pageLocation;
  const home = site(pageLocation.hostname);
  const links: PageLink[] = [];
  const spans = new Map<PageLink, [number, number]>();
  for (const link of page.links) {
    const url = resolve(link.href, base);
    if (!url) continue;
    const kept: PageLink = {
      href: url.href,
      anchor: link.anchor,
      rel: link.rel,
      internal: site(url.hostname) === home,
    };
    links.push(kept);
    spans.set(kept, [link.from, link.to]);
  }
  const canonical = page.canonical?.trim() ? resolve(page.canonical.trim(), base) : null;
  return {
    title: page.title,
    canonical: canonical?.href ?? null,
    metaRobots: page.robots.length ? page.robots.join(', ') : null,
    links,
    ...(page.pieces ? { text: new TextPieces(page.pieces, spans) } : {}),
  };
}
