import {
  CONTENT_FORM_TYPES,
  CONTENT_LANGUAGES,
  WRITING_TONES,
  type ContentFormType,
  type ContentLanguage,
  type WritingTone,
} from '@sitefleet/shared';
import { isOpenAiError } from '../../../integrations/openai/index.js';
import { boundedSize, type ArticleBrief, type Backlink } from './brief.js';
import type { GeneratedValues } from './content-repository.js';
import { buildArticleHtml, countArticle } from './html.js';
import type { ContentProvider } from './providers.js';

const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/** The form fields a brief is made of, as an article or a schedule stores them. */
export interface BriefFields {
  form_type: string;
  topic: string | null;
  description?: string | null;
  keywords: string[] | null;
  persona?: string | null;
  tone: string | null;
  language: string;
  number_subsections: unknown;
  paragraphs: unknown;
  create_introduction?: boolean | null;
  backlink?: string | null;
  backlink_anchor?: string | null;
  backlink_2?: string | null;
  backlink_2_anchor?: string | null;
}

/** The backlinks of a brief: each URL with its anchor (an anchor-less URL links with the URL as its text). */
export function backlinksOf(f: BriefFields): Backlink[] {
  const pairs: Array<[string | null | undefined, string | null | undefined]> = [
    [f.backlink, f.backlink_anchor],
    [f.backlink_2, f.backlink_2_anchor],
  ];
  return pairs.flatMap(([url, anchor]) => (url ? [{ url, anchor: anchor?.trim() || url }] : []));
}

export function briefOf(
  f: BriefFields,
  site: { hostname: string | null; market: string | null },
): ArticleBrief {
  const language: ContentLanguage = oneOf(CONTENT_LANGUAGES, f.language) ? f.language : 'en';
  const tone: WritingTone | null = language !== 'ja' && oneOf(WRITING_TONES, f.tone) ? f.tone : null;
  const size = boundedSize(f.number_subsections, f.paragraphs);
  return {
    topic: f.topic?.trim() ?? '',
    description: f.description ?? null,
    keywords: f.keywords ?? [],
    persona: f.persona ?? null,
    // SPEC §4: Japanese has no writing tone.
    tone,
    language,
    subsections: size.subsections,
    paragraphs: size.paragraphs,
    introduction: f.create_introduction ?? true,
    website: site.hostname,
    market: site.market,
    backlinks: backlinksOf(f),
  };
}

export type Generation =
  { ok: true; values: GeneratedValues; message: string } | { ok: false; reason: string };

/**
 * Writes one article with the form type's generator: the structured parts, the HTML (sanitised, its
 * backlinks checked and, when left out, put in), word and character counts, tokens and cost. A generator
 * that cannot write, refuses, fails after its own bounded retries or leaves a backlink that cannot be put
 * in is a failure with its reason; anything else (a bug, the database) is thrown.
 */
export async function generateArticle(
  providers: Record<ContentFormType, ContentProvider>,
  formType: string,
  brief: ArticleBrief,
): Promise<Generation> {
  const provider = oneOf(CONTENT_FORM_TYPES, formType) ? providers[formType] : null;
  if (!provider) return { ok: false, reason: `Unknown form type "${formType}"` };
  if (provider.unavailable) return { ok: false, reason: provider.unavailable };
  if (!brief.topic) return { ok: false, reason: 'The brief has no topic to write about' };
  let written;
  try {
    written = await provider.write(brief);
  } catch (err) {
    if (isOpenAiError(err)) return { ok: false, reason: err.message };
    throw err;
  }
  let built;
  try {
    built = buildArticleHtml(written.article, brief.backlinks);
  } catch (err) {
    return {
      ok: false,
      reason: `The generated article was refused: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  const counts = countArticle(built.html, brief.language);
  const a = written.article;
  const repaired = built.repaired.length
    ? `; ${built.repaired.length} backlink(s) the model left out were put in (${built.repaired.map((l) => l.anchor).join(', ')})`
    : '';
  return {
    ok: true,
    message: `"${a.title}": ${counts.words} words, ${written.usage?.totalTokens ?? 'unknown'} tokens${written.cost === null ? '' : `, $${written.cost.toFixed(4)}`} (${written.model})${repaired}`,
    values: {
      title: a.title,
      excerpt: a.excerpt,
      image_alt_description: a.image_alt_text,
      tweet: a.tweet,
      metadescription: a.meta_description,
      html: built.html,
      article_words: counts.words,
      article_characters: counts.characters,
      model: written.model,
      prompt_tokens: written.usage?.promptTokens ?? null,
      completion_tokens: written.usage?.completionTokens ?? null,
      total_tokens: written.usage?.totalTokens ?? null,
      cost: written.cost,
    },
  };
}
