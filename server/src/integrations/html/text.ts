/**
 * Rendered-text helpers shared by the page readers: which elements hide their content, which break a line,
 * and a buffer that collapses whitespace the way a browser lays text out.
 */

/** Content never shown as text. Scripts and styles hold raw text; the others hold markup kept off screen. */
export const HIDDEN_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object']);

/** Elements that start a new line: words on either side never join into a phrase. */
export const LINE_BREAKING = new Set(
  (
    'address article aside blockquote body br button caption dd details dialog div dl dt fieldset ' +
    'figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html legend li main menu ' +
    'nav ol optgroup option p pre section select summary table tbody td textarea tfoot th thead title ' +
    'tr ul'
  ).split(' '),
);

/** Replaced elements inside a line: they separate the words around them. */
export const WORD_SEPARATING = new Set(['img', 'input', 'embed', 'video', 'audio', 'canvas', 'svg', 'math']);

/** What an element does to the text around it (tagLayout): hides its content, breaks the line, or separates words. */
export const TAG_HIDDEN = 1;
export const TAG_BREAK = 2;
export const TAG_SPACE = 4;
const LAYOUT = new Map<string, number>();
for (const [tags, bit] of [
  [HIDDEN_CONTENT, TAG_HIDDEN],
  [LINE_BREAKING, TAG_BREAK],
  [WORD_SEPARATING, TAG_SPACE],
] as const)
  for (const tag of tags) LAYOUT.set(tag, (LAYOUT.get(tag) ?? 0) | bit);

/**
 * The TAG_ bits of an element (0: none), one lookup: the page readers ask it of every tag opened and closed,
 * thousands on a page.
 */
export const tagLayout = (tag: string): number => LAYOUT.get(tag) ?? 0;

/** Characters that render as nothing; pages use them to break up words (soft hyphen, zero-width space, BOM). */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;
const WHITESPACE = /\s+/g;
/** Whether a chunk needs either replacement: most text nodes hold single spaces only. */
const UNTIDY = /[\t\n\v\f\r\u00a0\u00ad\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]| {2}/;

/** Whether a character renders as nothing (INVISIBLE), by code unit. */
export const isInvisible = (c: number): boolean => c === 0xad || c === 0x200b || c === 0x2060 || c === 0xfeff;

/** Whether a character is whitespace as `\s` matches it (the invisible ones aside), by code unit. */
export function isWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Text with every run of whitespace (NBSP included) collapsed to one space and line breaks kept as "\n",
 * never doubled, never at the start. Offsets into `text` stay valid while it grows.
 */
export class CollapsedText {
  text = '';
  private pendingSpace = false;
  /** The buffer ends with a visible character (not empty, not a line break). */
  private open = false;

  append(raw: string): void {
    const norm = UNTIDY.test(raw) ? raw.replace(INVISIBLE, '').replace(WHITESPACE, ' ') : raw;
    if (norm === '') return;
    if (norm === ' ') {
      if (this.open) this.pendingSpace = true;
      return;
    }
    const lead = norm.charCodeAt(0) === 32;
    const trail = norm.length > 1 && norm.charCodeAt(norm.length - 1) === 32;
    if ((this.pendingSpace || lead) && this.open) this.text += ' ';
    this.text += norm.slice(lead ? 1 : 0, trail ? -1 : undefined);
    this.open = true;
    this.pendingSpace = trail;
  }

  space(): void {
    if (this.open) this.pendingSpace = true;
  }

  lineBreak(): void {
    this.pendingSpace = false;
    if (this.open) this.text += '\n';
    this.open = false;
  }

  get length(): number {
    return this.text.length;
  }

  /** The text on one line, for labels (anchor text, titles). */
  oneLine(): string {
    return this.text.replace(/\n/g, ' ').trim();
  }
}
