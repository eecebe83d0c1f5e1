import { RICH_TEXT_ATTRIBUTES } from '@sitefleet/shared';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_RULES } from '../../nms/sanitize.js';
import type { Backlink } from './brief.js';
import type { ArticleJson } from './schema.js';

/**
 * The notifications' rich-text allowlist (shared/src/rich-text.ts, SPEC §5) with their rules: no script,
 * style, frame, form or event handler; links over http(s) and mailto only, images over http(s) only. One
 * difference: links keep no added `rel="nofollow"` or `target`, because an article's backlinks exist to be
 * followed once it is on a site. The console adds both when it shows the article (SafeHtml).
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  ...RICH_TEXT_RULES,
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [
      tag,
      tag === 'a' ? attrs.filter((a) => a !== 'target' && a !== 'rel') : [...attrs],
    ]),
  ),
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https?:\/\//i.test(frame.attribs.src ?? ''),
};

/** Sanitises generated HTML (or a fragment of it) with the article allowlist. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html.replaceAll('\u0000', ''), ARTICLE_HTML);
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A URL compared by what it points at (scheme and host case, default port, empty path). */
export function sameUrl(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return a.trim() === b.trim();
  return new URL(a).href === new URL(b).href;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The links of an HTML text: where each points and the words it shows. */
export function linksIn(html: string): Array<{ href: string; text: string }> {
  const links: Array<{ href: string; text: string }> = [];
  let open: { href: string; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'a') open = { href: attribs.href ?? '', text: '' };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (name === 'a' && open) {
          links.push(open);
          open = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

/** Whether the HTML links to the backlink's URL with its anchor text (case and spacing aside). */
export function hasBacklink(html: string, link: Backlink): boolean {
  return linksIn(html).some((l) => sameUrl(l.href, link.url) && squash(l.text) === squash(link.anchor));
}

const anchorTag = (link: Backlink, text: string) => `<a href="${escapeText(link.url)}">${text}</a>`;

/**
 * A paragraph with the backlink in it: its anchor text wrapped where the text has it outside a link, else
 * the link added at its end. Null when the anchor text is only inside other links (left as they are).
 */
function placeIn(paragraph: string, link: Backlink, append: boolean): string | null {
  const wanted = escapeText(link.anchor);
  const parts = paragraph.split(/(<[^>]+>)/);
  let inLink = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part.startsWith('<')) {
      if (/^<a[\s>]/i.test(part)) inLink += 1;
      else if (/^<\/a>/i.test(part)) inLink = Math.max(0, inLink - 1);
      continue;
    }
    if (inLink) continue;
    const at = part.toLowerCase().indexOf(wanted.toLowerCase());
    if (at < 0) continue;
    parts[i] =
      `${part.slice(0, at)}${anchorTag(link, part.slice(at, at + wanted.length))}${part.slice(at + wanted.length)}`;
    return parts.join('');
  }
  return append ? `${paragraph} ${anchorTag(link, wanted)}` : null;
}

export interface BuiltArticle {
  html: string;
  /** Backlinks the model left out that were put in (their anchor text linked, or the link added). */
  repaired: Backlink[];
}

/** The article's HTML: introduction, then each section's heading and paragraphs, sanitised. */
function assemble(a: ArticleJson): string {
  const p = (t: string) => `<p>${t}</p>`;
  return sanitizeArticleHtml(
    [
      ...a.introduction.map(p),
      ...a.sections.flatMap((s) => [`<h2>${escapeText(s.heading)}</h2>`, ...s.paragraphs.map(p)]),
    ].join('\n'),
  );
}

/**
 * Builds the HTML and makes sure each backlink is in it with its anchor: one the model left out is put
 * in (its anchor text linked where a body paragraph has it, else the link added to a body paragraph).
 * Throws naming the backlink when even that does not leave it in the sanitised HTML.
 */
export function buildArticleHtml(article: ArticleJson, backlinks: Backlink[]): BuiltArticle {
  // Each fragment sanitised first, so the anchor text is looked for as the final HTML will hold it.
  const work: ArticleJson = {
    ...article,
    introduction: article.introduction.map(sanitizeArticleHtml),
    sections: article.sections.map((s) => ({ ...s, paragraphs: s.paragraphs.map(sanitizeArticleHtml) })),
  };
  const repaired: Backlink[] = [];
  backlinks.forEach((link, i) => {
    if (hasBacklink(assemble(work), link)) return;
    const body = work.sections.flatMap((s, si) => s.paragraphs.map((_, pi) => ({ si, pi })));
    const wrapped = body.some(({ si, pi }) => {
      const next = placeIn(work.sections[si]!.paragraphs[pi]!, link, false);
      if (next !== null) work.sections[si]!.paragraphs[pi] = next;
      return next !== null;
    });
    if (!wrapped && body.length) {
      // Spread over the article: the first backlink in an early section, the second further on.
      const at =
        body[Math.min(body.length - 1, Math.floor(((i + 1) * body.length) / (backlinks.length + 1)))]!;
      work.sections[at.si]!.paragraphs[at.pi] = placeIn(
        work.sections[at.si]!.paragraphs[at.pi]!,
        link,
        true,
      )!;
    }
    repaired.push(link);
  });
  const html = assemble(work);
  const missing = backlinks.find((l) => !hasBacklink(html, l));
  if (missing)
    throw new Error(
      `the backlink to ${missing.url} ("${missing.anchor}") is not in the article and could not be put in`,
    );
  return { html, repaired };
}

/** The text a reader sees, blocks apart. */
export function visibleText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (t) => parts.push(t),
      onclosetag: (name) => {
        if (/^(p|h\d|li|br|blockquote|td|th|tr|pre)$/.test(name)) parts.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Words and characters of the article as a reader sees it: words by the language's word boundaries
 * (Intl.Segmenter, so Japanese and Thai count words, not spaces); characters with spaces, whitespace runs as one.
 */
export function countArticle(html: string, language: string): { words: number; characters: number } {
  const text = visibleText(html);
  let words = 0;
  for (const s of new Intl.Segmenter(language, { granularity: 'word' }).segment(text))
    if (s.isWordLike) words += 1;
  return { words, characters: Array.from(text).length };
}
