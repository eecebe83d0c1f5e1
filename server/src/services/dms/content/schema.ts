import type { JsonSchema } from '../../../integrations/openai/index.js';

/** The structured parts of an article as the model answers them (strict JSON schema below). */
export interface ArticleJson {
  title: string;
  excerpt: string;
  image_alt_text: string;
  tweet: string;
  meta_description: string;
  /** Paragraphs (HTML fragments); empty when no introduction was asked for. */
  introduction: string[];
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

const text = (description: string) => ({ type: 'string', description });
const paragraphs = (description: string) => ({ type: 'array', items: { type: 'string' }, description });

/**
 * Strict structured outputs: every property required, no other property anywhere. Counts and lengths are
 * in the descriptions and the prompt (not every compatible server accepts minItems or maxLength); the
 * answer is checked by parseArticle.
 */
export const ARTICLE_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'excerpt', 'image_alt_text', 'tweet', 'meta_description', 'introduction', 'sections'],
  properties: {
    title: text('The article title, at most 70 characters'),
    excerpt: text('One or two sentences summing the article up'),
    image_alt_text: text('Alt text of a header image for the article'),
    tweet: text('A tweet announcing the article, at most 270 characters, one or two hashtags'),
    meta_description: text('The meta description, 120 to 160 characters'),
    introduction: paragraphs('Introduction paragraphs (HTML fragments); empty when none was asked for'),
    sections: {
      type: 'array',
      description: 'The sections of the article, in order',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['heading', 'paragraphs'],
        properties: {
          heading: text('The section heading (plain text)'),
          paragraphs: paragraphs('The section paragraphs (HTML fragments)'),
        },
      },
    },
  },
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Record<string, unknown>, key: string, max: number): string {
  const v = o[key];
  if (typeof v !== 'string' || !v.trim()) throw new Error(`"${key}" is missing or empty`);
  const t = v.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function list(v: unknown, where: string): string[] {
  if (!Array.isArray(v)) throw new Error(`"${where}" is not a list`);
  return v
    .map((p, i) => {
      if (typeof p !== 'string') throw new Error(`"${where}[${i}]" is not text`);
      return p.trim();
    })
    .filter(Boolean);
}

/**
 * Checks an answer against the schema (types, non-empty parts, at least two sections with a paragraph
 * each) and bounds its lengths; throws naming the first thing wrong.
 */
export function parseArticle(value: unknown): ArticleJson {
  if (!isRecord(value)) throw new Error('the answer is not a JSON object');
  if (!Array.isArray(value.sections)) throw new Error('"sections" is not a list');
  const sections = value.sections.map((s, i) => {
    if (!isRecord(s)) throw new Error(`"sections[${i}]" is not an object`);
    const body = list(s.paragraphs, `sections[${i}].paragraphs`);
    if (!body.length) throw new Error(`"sections[${i}]" has no paragraph`);
    return { heading: str(s, 'heading', 200), paragraphs: body };
  });
  if (sections.length < 2)
    throw new Error(`the article has ${sections.length} section(s); at least 2 are needed`);
  return {
    title: str(value, 'title', 200),
    excerpt: str(value, 'excerpt', 1000),
    image_alt_text: str(value, 'image_alt_text', 300),
    tweet: str(value, 'tweet', 280),
    meta_description: str(value, 'meta_description', 320),
    introduction: list(value.introduction, 'introduction'),
    sections,
  };
}
