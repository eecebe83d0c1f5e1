import { Parser } from 'htmlparser2';
import { httpUrl } from './urls.js';

/**
 * One pass over a WordPress page: every URL it refers to (links, stylesheets, scripts, images and their srcset,
 * media, icons, social images, CSS url() in style elements and attributes), and the edits a static copy needs:
 * comment forms become a notice, search forms go, links to what the copy leaves out (the log-in, XML-RPC, the
 * REST API, comment replies) are unwrapped or dropped. The caller rewrites the origin afterwards, over the
 * whole text.
 */

export interface PageScan {
  /** The page with its edits applied. */
  html: string;
  /** Every URL the page refers to, absolute (the crawl keeps the site's own). */
  refs: URL[];
  /** The URLs the edited page still refers to: each must resolve in the release (the gate's link check). */
  kept: URL[];
  /** The text of its inline scripts (settings that name files, as the emoji loader's JSON does). */
  scripts: string[];
}

export interface ScanOptions {
  /** Whether the copy leaves this URL of the site out (its links are unwrapped, its `<link>`s dropped). */
  excluded(url: URL): boolean;
  /** Resolves an href as written against the page's base (a crawl caches what repeats from page to page). */
  resolve?(raw: string, base: URL): URL | null;
}

export const COMMENTS_NOTICE = '<p class="sitefleet-static-notice">Comments are closed on this page.</p>';

/** Attributes holding one URL, by element. */
const URL_ATTRS: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  link: ['href'],
  img: ['src', 'data-src', 'data-lazy-src'],
  source: ['src'],
  script: ['src'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
};
/** Attributes holding a srcset (URL and descriptor, comma-separated). */
const SRCSET_ATTRS = ['srcset', 'data-srcset', 'data-lazy-srcset'];
/** <meta> names and properties whose content is an image URL. */
const META_IMAGES = new Set([
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
  'msapplication-tileimage',
]);
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|@import\s+["']([^"']+)["']/gi;

/** The URLs of a style sheet's text (url() and @import), as written. */
export function cssUrls(css: string): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(CSS_URL)) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (raw && !/^(?:data|about|javascript):/i.test(raw) && !raw.startsWith('#')) out.push(raw);
  }
  return out;
}

const srcsetUrls = (value: string): string[] =>
  value
    .split(/,(?=\s)|,$/)
    .map((part) => part.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

const tokens = (value: string | undefined) => (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);

interface Edit {
  start: number;
  /** Past the last character replaced. */
  end: number;
  text: string;
}

interface OpenAnchor {
  start: number;
  end: number;
  mode: 'keep' | 'unwrap' | 'remove';
}

interface OpenForm {
  start: number;
  kind: 'comment' | 'search' | null;
}

interface Ref {
  url: URL;
  at: number;
}

class PageCollector {
  parser: Parser | null = null;
  base: URL;
  readonly refs: Ref[] = [];
  readonly edits: Edit[] = [];
  readonly scripts: string[] = [];
  private readonly anchors: OpenAnchor[] = [];
  private form: OpenForm | null = null;
  private inStyle = false;
  private inScript = false;

  private readonly resolve: (raw: string, base: URL) => URL | null;

  constructor(
    private readonly page: URL,
    private readonly options: ScanOptions,
  ) {
    this.base = page;
    this.resolve = options.resolve ?? ((raw, base) => httpUrl(raw, base));
  }

  private add(value: string | undefined, at: number): URL | null {
    if (!value) return null;
    // Most hrefs are written without surrounding space: trimmed only when they are not.
    const raw = value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32 ? value.trim() : value;
    if (!raw || raw.charCodeAt(0) === 35 /* # */) return null;
    const url = this.resolve(raw, this.base);
    if (url) this.refs.push({ url, at });
    return url;
  }

  // Called for every element of every page: the common elements (p, div, span, li) cost a lookup or two.
  onopentag(name: string, attribs: Record<string, string>) {
    const p = this.parser!;
    const start = p.startIndex;
    if (name === 'base') {
      const base = attribs.href ? httpUrl(attribs.href, this.page) : null;
      if (base) this.base = base;
      return;
    }
    const attrs = URL_ATTRS[name];
    let first: URL | null = null;
    if (attrs)
      for (let i = 0; i < attrs.length; i += 1) {
        const url = this.add(attribs[attrs[i]!], start);
        if (i === 0) first = url;
        if (url && name === 'link' && this.options.excluded(url))
          this.edits.push({ start, end: p.endIndex + 1, text: '' });
      }
    if (name === 'img' || name === 'source')
      for (const attr of SRCSET_ATTRS) {
        const value = attribs[attr];
        if (value) for (const raw of srcsetUrls(value)) this.add(raw, start);
      }
    if (attribs.style !== undefined) for (const raw of cssUrls(attribs.style)) this.add(raw, start);
    switch (name) {
      case 'a':
        this.openAnchor(attribs, start, p.endIndex + 1, first);
        break;
      case 'meta': {
        const key = (attribs.property ?? attribs.name ?? '').toLowerCase();
        if (META_IMAGES.has(key)) this.add(attribs.content, start);
        break;
      }
      case 'form':
        this.openForm(attribs, start);
        break;
      case 'input':
        if (this.form && !this.form.kind && attribs.name === 's') this.form.kind = 'search';
        break;
      case 'style':
        this.inStyle = true;
        break;
      case 'script':
        if (!attribs.src) this.inScript = true;
        break;
      default:
    }
  }

  ontext(text: string) {
    if (this.inScript) this.scripts.push(text);
    if (!this.inStyle) return;
    const at = this.parser!.startIndex;
    for (const raw of cssUrls(text)) this.add(raw, at);
  }

  onclosetag(name: string, implied: boolean) {
    if (name === 'style') this.inStyle = false;
    if (name === 'script') this.inScript = false;
    const p = this.parser!;
    if (name === 'a') {
      const open = this.anchors.pop();
      if (!open || open.mode === 'keep') return;
      // An anchor closed by another element has no end tag of its own: only its start tag goes.
      const closeEnd = implied ? p.startIndex : p.endIndex + 1;
      if (open.mode === 'remove') this.edits.push({ start: open.start, end: closeEnd, text: '' });
      else {
        this.edits.push({ start: open.start, end: open.end, text: '' });
        if (!implied) this.edits.push({ start: p.startIndex, end: closeEnd, text: '' });
      }
    }
    if (name === 'form' && this.form) {
      const form = this.form;
      this.form = null;
      if (!form.kind || implied) return;
      this.edits.push({
        start: form.start,
        end: p.endIndex + 1,
        text: form.kind === 'comment' ? COMMENTS_NOTICE : '',
      });
    }
  }

  private openAnchor(attribs: Record<string, string>, start: number, end: number, url: URL | null) {
    const classes = tokens(attribs.class);
    let mode: OpenAnchor['mode'] = 'keep';
    if (classes.includes('comment-reply-link') || classes.includes('comment-reply-login')) mode = 'remove';
    else if (url && this.options.excluded(url))
      mode = /[?&]replytocom=/i.test(url.search) ? 'remove' : 'unwrap';
    this.anchors.push({ start, end, mode });
  }

  private openForm(attribs: Record<string, string>, start: number) {
    const action = attribs.action ? httpUrl(attribs.action, this.base) : null;
    const classes = tokens(attribs.class);
    const comment =
      attribs.id === 'commentform' ||
      classes.includes('comment-form') ||
      /\/wp-comments-post\.php$/i.test(action?.pathname ?? '');
    const search =
      attribs.role === 'search' ||
      classes.some((c) => c === 'search-form' || c === 'searchform' || c.startsWith('wp-block-search'));
    this.form = { start, kind: comment ? 'comment' : search ? 'search' : null };
  }
}

/** Applies non-overlapping edits (an edit inside a larger one is dropped with it). */
function applyEdits(html: string, edits: Edit[]): { html: string; removed: Array<[number, number]> } {
  if (!edits.length) return { html, removed: [] };
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Edit[] = [];
  for (const e of sorted) {
    const last = kept[kept.length - 1];
    if (last && e.start < last.end) continue;
    kept.push(e);
  }
  const parts: string[] = [];
  let at = 0;
  for (const e of kept) {
    parts.push(html.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(html.slice(at));
  return { html: parts.join(''), removed: kept.map((e) => [e.start, e.end]) };
}

/** Scans a page fetched from `page`: its references, and the page with the static copy's edits. */
export function scanPage(html: string, page: URL, options: ScanOptions): PageScan {
  const collector = new PageCollector(page, options);
  const parser = new Parser(collector, { decodeEntities: true });
  collector.parser = parser;
  parser.end(html);
  const { html: edited, removed } = applyEdits(html, collector.edits);
  // References inside removed markup (a search form's action, a dropped <link>) are not in the copy.
  const kept: URL[] = [];
  let r = 0;
  for (const ref of collector.refs) {
    while (r < removed.length && removed[r]![1] <= ref.at) r += 1;
    const inside = r < removed.length && removed[r]![0] <= ref.at;
    if (!inside) kept.push(ref.url);
  }
  return { html: edited, refs: collector.refs.map((x) => x.url), kept, scripts: collector.scripts };
}
