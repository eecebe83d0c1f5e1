import { CONTENT_LANGUAGES, type ContentLanguage } from '@sitefleet/shared';
import { Rng } from '../../../seed/random.js';
import type { BriefJson } from './brief.js';
import { PHRASES } from './demo-phrases.js';
import type { ArticleJson } from './schema.js';

/**
 * A deterministic writer of articles from a brief, in the brief's language, with its topic, keywords,
 * size and backlinks. It writes the demo portfolio's articles and answers for the local Chat Completions
 * server (server/test/integrations/openai-server.ts) that tests, the browser tests and the offline demo
 * talk to; real articles come from the configured model.
 */

/** How the writer treats the brief's backlinks: linked as asked, only their anchor text, or left out. */
export type BacklinkHandling = 'linked' | 'text' | 'none';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const isLanguage = (v: string): v is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(v);

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function writeDemoArticle(
  brief: BriefJson,
  variant = 0,
  backlinks: BacklinkHandling = 'linked',
): ArticleJson {
  const language = isLanguage(brief.language_code) ? brief.language_code : 'en';
  const p = PHRASES[language];
  const rng = new Rng(hash(`${brief.topic}|${language}|${variant}`));
  const topic = brief.topic.trim() || 'content';
  const keywords = brief.keywords.length ? brief.keywords : [topic];
  const fill = (template: string) => template.replaceAll('{t}', topic).replaceAll('{k}', rng.pick(keywords));
  // Distinct sentences within a paragraph, in a different order each time.
  const paragraph = () =>
    rng
      .sample(p.sentences, rng.int(4, 6))
      .map(fill)
      .join(language === 'ja' || language === 'th' ? '' : ' ');
  const headings = rng.sample(p.headings, p.headings.length);
  const sections = Array.from({ length: Math.max(2, brief.subsections) }, (_, i) => ({
    heading: fill(headings[i % headings.length]!),
    paragraphs: Array.from({ length: Math.max(1, brief.paragraphs_per_subsection) }, () => esc(paragraph())),
  }));
  // Each backlink in a body paragraph, spread over the article.
  brief.backlinks.forEach((link, i) => {
    if (backlinks === 'none') return;
    const section = sections[Math.min(sections.length - 1, i + 1)]!;
    const text = esc(link.anchor);
    const anchor = backlinks === 'linked' ? `<a href="${esc(link.url)}">${text}</a>` : text;
    section.paragraphs[0] = `${section.paragraphs[0]} ${fill(p.sentences[0]!).replace(/[.。]$/, '')} — ${anchor}.`;
  });
  const title = fill(rng.pick(p.titles));
  return {
    title: title.length > 70 ? `${title.slice(0, 69)}…` : title,
    excerpt: fill(p.excerpt),
    image_alt_text: fill(p.alt),
    tweet: fill(p.tweet).slice(0, 270),
    meta_description: fill(p.meta).slice(0, 160),
    introduction: brief.introduction ? p.intro.map((s) => esc(fill(s))) : [],
    sections,
  };
}
