import {
  CONTENT_LANGUAGE_LABELS,
  CONTENT_LIMITS,
  WRITING_TONE_LABELS,
  type ContentLanguage,
  type WritingTone,
} from '@sitefleet/shared';
import type { ChatMessage } from '../../../integrations/openai/index.js';

export interface Backlink {
  url: string;
  anchor: string;
}

/** What an article is written from: the form's brief, the website it is for and its backlinks. */
export interface ArticleBrief {
  topic: string;
  description: string | null;
  keywords: string[];
  persona: string | null;
  tone: WritingTone | null;
  language: ContentLanguage;
  subsections: number;
  paragraphs: number;
  introduction: boolean;
  /** The website's host name, when the article is for one. */
  website: string | null;
  /** Write for this market (a localised schedule: the website's target market). */
  market: string | null;
  backlinks: Backlink[];
}

/** The brief as the prompt carries it (and the local test server reads it back). */
export interface BriefJson {
  topic: string;
  description: string | null;
  keywords: string[];
  persona: string | null;
  tone: string | null;
  language: string;
  language_code: ContentLanguage;
  subsections: number;
  paragraphs_per_subsection: number;
  introduction: boolean;
  website: string | null;
  market: string | null;
  backlinks: Backlink[];
}

export const BRIEF_MARKER = 'Brief (JSON):';

export function briefJson(b: ArticleBrief): BriefJson {
  return {
    topic: b.topic,
    description: b.description,
    keywords: b.keywords,
    persona: b.persona,
    tone: b.tone ? WRITING_TONE_LABELS[b.tone] : null,
    language: CONTENT_LANGUAGE_LABELS[b.language],
    language_code: b.language,
    subsections: b.subsections,
    paragraphs_per_subsection: b.paragraphs,
    introduction: b.introduction,
    website: b.website,
    market: b.market,
    backlinks: b.backlinks,
  };
}

const SYSTEM = [
  'You are an SEO content writer for a portfolio of websites.',
  'Write original, accurate and readable web articles for the brief you are given.',
  'Answer only with JSON that matches the response schema.',
].join(' ');

/** The messages of one article: the writer's role, then the brief and the rules the answer must keep. */
export function articleMessages(b: ArticleBrief): ChatMessage[] {
  const language = CONTENT_LANGUAGE_LABELS[b.language];
  const rules = [
    `Write every part (title, excerpt, image alt text, tweet, meta description, headings, paragraphs) in ${language}.`,
    b.tone ? `Use a ${WRITING_TONE_LABELS[b.tone].toLowerCase()} tone.` : null,
    b.persona ? `Write as this persona: ${b.persona}.` : null,
    b.market ? `Write for readers in ${b.market}: their spelling, currency and examples.` : null,
    b.keywords.length ? `Use these keywords naturally: ${b.keywords.join(', ')}.` : null,
    `Write exactly ${b.subsections} sections, each with a short heading and exactly ${b.paragraphs} paragraphs of 60 to 120 words.`,
    b.introduction
      ? 'Write an introduction of one or two paragraphs.'
      : 'Write no introduction: answer an empty introduction list.',
    'Paragraphs are HTML fragments: plain text with <strong>, <em> and <a href="…"> only; no headings or lists inside them.',
    ...b.backlinks.map(
      (l) =>
        `Link to ${l.url} exactly once, in a body paragraph, as <a href="${l.url}">${l.anchor}</a>, with the anchor text exactly "${l.anchor}".`,
    ),
    'The title has at most 70 characters; the meta description 120 to 160; the excerpt one or two sentences; the tweet at most 270 characters with one or two hashtags; the image alt text describes a header image for the article.',
  ].filter((r): r is string => r !== null);
  return [
    { role: 'system', content: SYSTEM },
    {
      role: 'user',
      content: `Write an article from this brief.\n${BRIEF_MARKER}\n${JSON.stringify(briefJson(b))}\nRules:\n${rules.map((r) => `- ${r}`).join('\n')}`,
    },
  ];
}

/** A brief's size bounded as the forms bound it (a stored record may predate a bound). */
export function boundedSize(
  subsections: unknown,
  paragraphs: unknown,
): { subsections: number; paragraphs: number } {
  const clamp = (v: unknown, min: number, max: number, fallback: number) =>
    typeof v === 'number' && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : fallback;
  return {
    subsections: clamp(
      subsections,
      CONTENT_LIMITS.subsectionsMin,
      CONTENT_LIMITS.subsectionsMax,
      CONTENT_LIMITS.subsectionsDefault,
    ),
    paragraphs: clamp(
      paragraphs,
      CONTENT_LIMITS.paragraphsMin,
      CONTENT_LIMITS.paragraphsMax,
      CONTENT_LIMITS.paragraphsDefault,
    ),
  };
}
