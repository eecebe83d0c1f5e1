import { retryAfterSeconds as parseRetryAfter } from '../http/json-api.js';
import type { PageLink, PageText } from '../html/page.js';
import { snippet } from '../html/snippet.js';

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

/** Seconds from a Retry-After value (delta-seconds or an HTTP date, 0 when past); null when absent or unreadable. */
export const retryAfterSeconds = (value: string | undefined, nowMs: number): number | null =>
  parseRetryAfter(value, nowMs) ?? null;

/** Markup of challenge interstitials (Cloudflare managed challenge, DataDome, Imperva). */
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
const WALL_MARKUP = anyOf([...CHALLENGE_MARKERS, ...CAPTCHA_WIDGETS]);
/** Statuses bot walls answer with. */
const WALL_STATUSES = new Set([403, 429, 503]);
/** Below this many words of visible text a page with challenge or captcha markup is taken for a gate. */
const GATE_WORDS = 150;

export interface WallInput {
  status: number;
  headers: Record<string, string>;
  html: string;
  title: string | null;
  /** Visible words of the page, counted up to `atMost`. */
  words: (atMost: number) => number;
}

/**
 * Whether the answer is a captcha or bot challenge standing in front of the page rather than the page: a
 * `cf-mitigated: challenge` header, a challenge title, or challenge or captcha markup on an error answer
 * (403, 429, 503) or on a page with little else on it. A page with words enough is the page, whatever its
 * markup holds (a comment form's captcha, an article quoting a challenge's script); counting up to
 * GATE_WORDS reads the start of its text only, so most pages are never searched for the markup at all.
 */
export function isBotWall(input: WallInput): boolean {
  const { status, headers, html, title } = input;
  if (/challenge/i.test(headers['cf-mitigated'] ?? '')) return true;
  if (title !== null && CHALLENGE_TITLE.test(title)) return true;
  if (!WALL_STATUSES.has(status) && input.words(GATE_WORDS) >= GATE_WORDS) return false;
  return WALL_MARKUP.test(html);
}

const SNIPPET_MAX = 300;

/** Plain text around a link of the page (at most 300 characters), from the page's text; null when empty. */
export function linkSnippet(text: PageText, link: PageLink): string | null {
  const at = text.lineOf(link);
  if (!at) return null;
  const { line, end } = at;
  // The layout may have put the separating space before the link's first character.
  let start = at.start;
  while (start < end && /\s/.test(line[start]!)) start += 1;
  const near = snippet(line, start, Math.max(start, end)).replace(/\s+/g, ' ');
  return near.length > SNIPPET_MAX ? `${near.slice(0, SNIPPET_MAX - 1)}…` : near || null;
}
