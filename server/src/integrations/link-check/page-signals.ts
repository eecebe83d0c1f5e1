import { Parser } from 'htmlparser2';
import { snippet } from '../html/snippet.js';
import { CollapsedText, HIDDEN_CONTENT, LINE_BREAKING, WORD_SEPARATING } from '../html/text.js';
import { comparableUrl, httpUrl, siteOf, surelyOtherSite } from './urls.js';

/* What a page says besides its links: robots directives, bot walls, Retry-After, the text around a link. */

/** Directives of a meta robots content or an X-Robots-Tag header. */
export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/** X-Robots-Tag directives that carry a value after a colon, unlike a "useragent:" scope prefix. */
const VALUED_DIRECTIVES = new Set([
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

/**
 * Reads "noindex, nofollow", "none" and X-Robots-Tag's "googlebot: noindex" forms (repeated headers arrive
 * joined with ", "). A directive scoped to any crawler counts: the link's worth is search engines' verdict.
 */
export function robotsDirectives(value: string | null | undefined): RobotsDirectives {
  const names = new Set<string>();
  for (const part of (value ?? '').toLowerCase().split(',')) {
    let directive = part.trim();
    const scoped = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(directive);
    if (scoped && !VALUED_DIRECTIVES.has(scoped[1]!)) directive = scoped[2]!;
    names.add(directive.split(':')[0]!.trim());
  }
  return {
    noindex: names.has('noindex') || names.has('none'),
    nofollow: names.has('nofollow') || names.has('none'),
  };
}

/**
 * Seconds from a Retry-After value, either delta-seconds or an HTTP date (0 when already past); null when
 * absent or unreadable.
 */
export function retryAfterSeconds(value: string | undefined, nowMs: number): number | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Markup found only on challenge interstitials (Cloudflare managed challenge, DataDome, Imperva). */
const CHALLENGE_MARKERS = [
  'cf_chl_opt',
  'cf-chl-widget',
  'cf-browser-verification',
  'captcha-delivery.com',
  'incapsula incident id',
];
/** Captcha widgets: a gate when the page is little else, an ordinary form part (comments) otherwise. */
const CAPTCHA_WIDGETS = [
  'g-recaptcha',
  'google.com/recaptcha/',
  'recaptcha.net/recaptcha/',
  'h-captcha',
  'hcaptcha.com/1/api.js',
  'cf-turnstile',
  'challenges.cloudflare.com/turnstile',
  'px-captcha',
];
const CHALLENGE_TITLE =
  /^(?:just a moment|attention required|checking your browser|verify you are (?:a )?human|are you a robot|security check|access denied|ddos-guard)/i;
/** One case-insensitive search over the markup for any of the strings (no lower-cased copy of the page). */
const anyOf = (strings: string[]) =>
  new RegExp(strings.map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'i');
const CHALLENGE_MARKUP = anyOf(CHALLENGE_MARKERS);
const CAPTCHA_MARKUP = anyOf(CAPTCHA_WIDGETS);
/** Statuses bot walls answer with. */
const WALL_STATUSES = new Set([403, 429, 503]);
/** Below this many words of visible text a page with a captcha widget is taken for a captcha gate. */
const GATE_WORDS = 150;

export interface WallInput {
  status: number;
  headers: Record<string, string>;
  html: string;
  title: string | null;
  /** Visible words of the page. */
  words: number;
}

/**
 * Whether the answer is a captcha or bot challenge standing in front of the page rather than the page: a
 * `cf-mitigated: challenge` header, a challenge title or challenge-only markup, or a captcha widget on an
 * error answer (403, 429, 503) or on a page with little else on it.
 */
export function isBotWall(input: WallInput): boolean {
  const { status, headers, html, title } = input;
  if (/challenge/i.test(headers['cf-mitigated'] ?? '')) return true;
  if (title !== null && CHALLENGE_TITLE.test(title)) return true;
  if (CHALLENGE_MARKUP.test(html)) return true;
  if (!CAPTCHA_MARKUP.test(html)) return false;
  // Read last: counting the words takes a pass over the whole text.
  return WALL_STATUSES.has(status) || input.words < GATE_WORDS;
}

interface TextLink {
  href: string;
  start: number;
  end: number;
}

/** One pass over the markup: the rendered text (as the page readers lay it out) and where each link sits. */
class TextCollector {
  readonly text = new CollapsedText();
  readonly links: TextLink[] = [];
  base: string | null = null;
  private hidden = 0;
  private open: TextLink | null = null;

  onopentag(tag: string, attribs: Record<string, string>) {
    if (this.hidden || HIDDEN_CONTENT.has(tag)) {
      if (HIDDEN_CONTENT.has(tag)) this.hidden += 1;
      return;
    }
    if (tag === 'base' && this.base === null && attribs.href?.trim()) this.base = attribs.href.trim();
    if (tag === 'a') {
      this.closeLink();
      this.open = { href: attribs.href?.trim() ?? '', start: this.text.length, end: 0 };
    }
    this.separate(tag);
  }

  ontext(data: string) {
    if (!this.hidden) this.text.append(data);
  }

  onclosetag(tag: string) {
    if (this.hidden) {
      if (HIDDEN_CONTENT.has(tag)) this.hidden -= 1;
      return;
    }
    if (tag === 'a') this.closeLink();
    this.separate(tag);
  }

  onend() {
    this.closeLink();
  }

  private separate(tag: string) {
    if (LINE_BREAKING.has(tag)) this.text.lineBreak();
    else if (WORD_SEPARATING.has(tag)) this.text.space();
  }

  private closeLink() {
    if (!this.open) return;
    this.links.push({ ...this.open, end: this.text.length });
    this.open = null;
  }
}

export interface PageText {
  /** Visible words. */
  words: number;
  /** Plain text around the first link whose target compares equal to href, or null. */
  around(href: string): string | null;
}

const SNIPPET_MAX = 300;

interface ReadText {
  text: string;
  links: TextLink[];
  /** A link's href as comparableUrl has it, resolved against the page's base. */
  target(raw: string): string | null;
}

function readText(html: string, pageUrl: string): ReadText {
  const page = new TextCollector();
  new Parser(page, { decodeEntities: true }).end(html);
  let base: URL;
  try {
    base = new URL(page.base ?? pageUrl, pageUrl);
  } catch {
    base = new URL(pageUrl);
  }
  return {
    text: page.text.text,
    links: page.links,
    target(raw) {
      try {
        return comparableUrl(new URL(raw, base).href);
      } catch {
        return null;
      }
    },
  };
}

/**
 * The page's visible text, for the word count and the snippet around a link. The page is read on first use
 * only: a page with no link to show and no captcha widget needs neither.
 */
export function pageText(html: string, pageUrl: string): PageText {
  let read: ReadText | null = null;
  const parsed = () => (read ??= readText(html, pageUrl));
  let words: number | null = null;
  return {
    get words() {
      words ??= parsed().text.split(/\s+/).filter(Boolean).length;
      return words;
    },
    around(href) {
      const wanted = comparableUrl(href);
      if (wanted === null) return null;
      const site = siteOf(httpUrl(href)!.hostname);
      const { text, links, target } = parsed();
      const link = links.find((l) => l.href && !surelyOtherSite(l.href, site) && target(l.href) === wanted);
      if (!link) return null;
      // The text buffer may have put the separating space before the link's first character.
      let start = link.start;
      while (start < link.end && /\s/.test(text[start]!)) start += 1;
      const near = snippet(text, start, Math.max(start, link.end)).replace(/\s+/g, ' ');
      return near.length > SNIPPET_MAX ? `${near.slice(0, SNIPPET_MAX - 1)}…` : near || null;
    },
  };
}
