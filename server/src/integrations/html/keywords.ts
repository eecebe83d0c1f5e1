import { Parser } from 'htmlparser2';
import { keywordPatterns, type KeywordPattern } from './keyword-pattern.js';
import { snippet } from './snippet.js';
import { CollapsedText, TAG_BREAK, TAG_HIDDEN, TAG_SPACE, tagLayout } from './text.js';

export type KeywordLocation = 'text' | 'link' | 'attribute';

export interface KeywordMatch {
  keyword: string;
  /** Where it was found, in this order: visible text outside links, link text, attribute values. */
  where: KeywordLocation[];
  /** Occurrences in all three places together. */
  count: number;
  /** Up to 3 distinct snippets of about 80 characters around the first hits, in document order. */
  samples: string[];
}

export interface KeywordReport {
  found: KeywordMatch[];
  /** The keywords not found, as given. */
  missing: string[];
}

const LOCATIONS: KeywordLocation[] = ['text', 'link', 'attribute'];
const SAMPLE_LIMIT = 3;

/** Attribute values searched: labels a reader or a crawler sees, link targets and relations, data-*. */
function searchedAttribute(tag: string, name: string): boolean {
  return (
    name === 'title' ||
    name === 'alt' ||
    name === 'aria-label' ||
    name === 'rel' ||
    name.startsWith('data-') ||
    (name === 'href' && tag === 'a')
  );
}

interface AttributeValue {
  start: number;
  end: number;
  name: string;
  /** Offset in the text buffer where the element sits, for document order. */
  at: number;
}

/** One pass over the markup: rendered text with link ranges, and the searched attribute values. */
class PageTextCollector {
  readonly text = new CollapsedText();
  /** [start, end) offsets into text.text, ascending, not overlapping. */
  readonly links: number[] = [];
  attributes = '';
  readonly values: AttributeValue[] = [];
  private hidden = 0;
  private linkStart = -1;

  onopentag(tag: string, attribs: Record<string, string>) {
    const layout = tagLayout(tag);
    if (this.hidden || layout & TAG_HIDDEN) {
      if (layout & TAG_HIDDEN) this.hidden += 1;
      return;
    }
    for (const name in attribs) {
      if (!searchedAttribute(tag, name)) continue;
      const value = attribs[name]!.replace(/\s+/g, ' ').trim();
      if (!value) continue;
      const start = this.attributes.length;
      this.attributes += `${value}\n`;
      this.values.push({ start, end: start + value.length, name, at: this.text.length });
    }
    if (tag === 'a') {
      this.closeLink();
      this.linkStart = this.text.length;
    }
    this.separate(layout);
  }

  ontext(data: string) {
    if (!this.hidden) this.text.append(data);
  }

  onclosetag(tag: string) {
    const layout = tagLayout(tag);
    if (this.hidden) {
      if (layout & TAG_HIDDEN) this.hidden -= 1;
      return;
    }
    if (tag === 'a') this.closeLink();
    this.separate(layout);
  }

  private separate(layout: number) {
    if (layout & TAG_BREAK) this.text.lineBreak();
    else if (layout & TAG_SPACE) this.text.space();
  }

  onend() {
    this.closeLink();
  }

  private closeLink() {
    if (this.linkStart < 0) return;
    if (this.text.length > this.linkStart) this.links.push(this.linkStart, this.text.length);
    this.linkStart = -1;
  }
}

interface Hit {
  at: number;
  location: KeywordLocation;
  make: () => string;
}

function textHits(page: PageTextCollector, pattern: RegExp): Hit[] {
  const hits: Hit[] = [];
  const text = page.text.text;
  const links = page.links;
  let l = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    while (l < links.length && links[l + 1]! <= start) l += 2;
    const inLink = l < links.length && links[l]! <= start && end <= links[l + 1]!;
    hits.push({ at: start, location: inLink ? 'link' : 'text', make: () => snippet(text, start, end) });
  }
  return hits;
}

function attributeHits(page: PageTextCollector, pattern: RegExp): Hit[] {
  const hits: Hit[] = [];
  const all = page.attributes;
  let v = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(all); m; m = pattern.exec(all)) {
    const start = m.index;
    while (page.values[v]!.end < start) v += 1;
    const value = page.values[v]!;
    const end = start + m[0].length;
    hits.push({
      at: value.at,
      location: 'attribute',
      make: () => `${value.name}="${snippet(all, start, end)}"`,
    });
  }
  return hits;
}

function match(page: PageTextCollector, pattern: KeywordPattern): KeywordMatch | null {
  const hits = [...attributeHits(page, pattern.attribute), ...textHits(page, pattern.text)];
  if (!hits.length) return null;
  // Stable sort: at a tie the element's attributes come before its content, as in the markup.
  hits.sort((a, b) => a.at - b.at);
  const samples: string[] = [];
  for (const hit of hits) {
    const sample = hit.make();
    if (!samples.includes(sample)) samples.push(sample);
    if (samples.length === SAMPLE_LIMIT) break;
  }
  const seen = new Set(hits.map((h) => h.location));
  return {
    keyword: pattern.keyword,
    where: LOCATIONS.filter((loc) => seen.has(loc)),
    count: hits.length,
    samples,
  };
}

function collect(html: string): PageTextCollector {
  const page = new PageTextCollector();
  const parser = new Parser(page, { decodeEntities: true });
  parser.end(html);
  return page;
}

/**
 * The keywords present in a page, in the order given; see keyword-pattern.ts for what counts as a match.
 * Searched: rendered text (title included; script, style, noscript, template, iframe and object content and
 * comments excluded), where text inside <a> counts as "link" when the whole hit lies in one link; and the
 * values of title, alt, aria-label, rel, data-* attributes and <a href> ("attribute"). Text is entity-decoded
 * and collapsed across inline elements, so "paid <b>post</b>" is the phrase "paid post", while block
 * elements and <br> end a line that no phrase crosses.
 */
export function findKeywords(html: string, keywords: readonly string[]): KeywordMatch[] {
  return checkKeywords(html, keywords).found;
}

/** findKeywords plus the keywords not found. */
export function checkKeywords(html: string, keywords: readonly string[]): KeywordReport {
  const patterns = keywordPatterns(keywords);
  const page = collect(html);
  const found: KeywordMatch[] = [];
  const missing: string[] = [];
  for (const pattern of patterns) {
    const result = match(page, pattern);
    if (result) found.push(result);
    else missing.push(pattern.keyword);
  }
  return { found, missing };
}
