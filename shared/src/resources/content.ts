import { defineResource } from '../fields.js';

/**
 * AI content and scheduled content (SPEC §2.5, §3 Open-ai content and Narrativa schedule, §4, §5, §9): an
 * article written by a generator from a brief (topic, tone, language, backlinks), and schedules that have
 * one written at a cadence. The generator behind a form type is pluggable on the server; the OpenAI-compatible
 * one is implemented, Narrativa publishes no API (INTEGRATIONS §9), so its slot waits for a client.
 */

/** Who writes the article: the OpenAI-compatible generator, or Narrativa (no public API: not available). */
export const CONTENT_FORM_TYPES = ['openai', 'narrativa'] as const;
export type ContentFormType = (typeof CONTENT_FORM_TYPES)[number];
export const CONTENT_FORM_TYPE_LABELS: Record<ContentFormType, string> = {
  openai: 'OpenAI-compatible',
  narrativa: 'Narrativa',
};

/** SPEC §9: the 15 languages an article may be written in (ISO 639-1 codes). */
export const CONTENT_LANGUAGES = [
  'en',
  'es',
  'de',
  'fr',
  'it',
  'nl',
  'pt',
  'sv',
  'da',
  'no',
  'fi',
  'pl',
  'ja',
  'th',
  'vi',
] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const CONTENT_LANGUAGE_LABELS: Record<ContentLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  sv: 'Swedish',
  da: 'Danish',
  no: 'Norwegian',
  fi: 'Finnish',
  pl: 'Polish',
  ja: 'Japanese',
  th: 'Thai',
  vi: 'Vietnamese',
};

/** SPEC §9: the languages of scheduled (Narrativa) content. */
export const NARRATIVA_LANGUAGES = ['en', 'ja'] as const;
export type NarrativaLanguage = (typeof NARRATIVA_LANGUAGES)[number];

/** SPEC §9: the 13 writing tones. */
export const WRITING_TONES = [
  'professional',
  'friendly',
  'formal',
  'informal',
  'informative',
  'persuasive',
  'conversational',
  'enthusiastic',
  'humorous',
  'authoritative',
  'empathetic',
  'neutral',
  'optimistic',
] as const;
export type WritingTone = (typeof WRITING_TONES)[number];
export const WRITING_TONE_LABELS: Record<WritingTone, string> = {
  professional: 'Professional',
  friendly: 'Friendly',
  formal: 'Formal',
  informal: 'Informal',
  informative: 'Informative',
  persuasive: 'Persuasive',
  conversational: 'Conversational',
  enthusiastic: 'Enthusiastic',
  humorous: 'Humorous',
  authoritative: 'Authoritative',
  empathetic: 'Empathetic',
  neutral: 'Neutral',
  optimistic: 'Optimistic',
};

/** SPEC §9: frequency units and weekdays of a schedule; repeat every 1 to 15 units. */
export const FREQUENCY_UNITS = ['days', 'weeks'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** SPEC §5 and §9 bounds of the forms. */
export const CONTENT_LIMITS = {
  repeatEveryMin: 1,
  repeatEveryMax: 15,
  subsectionsDefault: 4,
  subsectionsMin: 2,
  subsectionsMax: 12,
  paragraphsDefault: 3,
  paragraphsMin: 3,
  paragraphsMax: 10,
  /** The article's HTML, at most (characters). */
  htmlMax: 400_000,
} as const;

/** Where an article is: waiting for (re)generation, written, or its last generation failed (`error` says why). */
export const CONTENT_STATUSES = ['queued', 'ready', 'failed'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  queued: 'Queued',
  ready: 'Ready',
  failed: 'Failed',
};

/** The brief both forms share (SPEC §3): tone, size of the article and its keywords. */
const brief = {
  topic: {
    kind: 'string',
    maxLength: 300,
    filter: 'search',
    sortable: true,
    searchable: true,
  },
  tone: { kind: 'enum', values: WRITING_TONES, label: 'Writing tone', filter: 'eq', sortable: true },
  keywords: { kind: 'strings', maxLength: 100, label: 'Keywords' },
  number_subsections: {
    kind: 'integer',
    min: CONTENT_LIMITS.subsectionsMin,
    max: CONTENT_LIMITS.subsectionsMax,
    label: 'Number of subsections',
  },
  paragraphs: {
    kind: 'integer',
    min: CONTENT_LIMITS.paragraphsMin,
    max: CONTENT_LIMITS.paragraphsMax,
    label: 'Paragraphs per subsection',
  },
} as const;

export const openAiContent = defineResource({
  name: 'open-ai-content',
  service: 'dms',
  path: 'dms/api/v1/open-ai-content',
  label: 'AI content',
  titleField: 'topic',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: ['title', 'topic', 'website_id', 'language', 'tone', 'status', 'article_words', 'cost'],
  fields: {
    form_type: {
      kind: 'enum',
      values: CONTENT_FORM_TYPES,
      required: true,
      label: 'Form type',
      filter: 'eq',
      sortable: true,
    },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', filter: 'eq' },
    ...brief,
    description: { kind: 'text', maxLength: 5000, label: 'Description' },
    persona: { kind: 'string', maxLength: 500, label: 'Persona' },
    language: {
      kind: 'enum',
      values: CONTENT_LANGUAGES,
      required: true,
      label: 'Language',
      filter: 'eq',
      sortable: true,
    },
    create_introduction: { kind: 'boolean', label: 'Create introduction' },
    backlink: { kind: 'string', format: 'url', maxLength: 2048, label: 'Backlink URL' },
    backlink_anchor: { kind: 'string', maxLength: 200, label: 'Backlink anchor' },
    backlink_2: { kind: 'string', format: 'url', maxLength: 2048, label: 'Second backlink URL' },
    backlink_2_anchor: { kind: 'string', maxLength: 200, label: 'Second backlink anchor' },
    // What the generator wrote (read-only).
    status: {
      kind: 'enum',
      values: CONTENT_STATUSES,
      readOnly: true,
      label: 'Status',
      filter: 'eq',
      sortable: true,
    },
    ready: { kind: 'boolean', readOnly: true, label: 'Ready', filter: 'eq', sortable: true },
    error: { kind: 'string', readOnly: true, label: 'Last error' },
    title: {
      kind: 'string',
      readOnly: true,
      label: 'Title',
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    excerpt: { kind: 'string', readOnly: true, label: 'Excerpt' },
    image_alt_description: { kind: 'string', readOnly: true, label: 'Image alt text' },
    tweet: { kind: 'string', readOnly: true, label: 'Tweet' },
    metadescription: { kind: 'string', readOnly: true, label: 'Meta description' },
    html: { kind: 'text', readOnly: true, label: 'Article', maxLength: CONTENT_LIMITS.htmlMax },
    article_words: {
      kind: 'integer',
      readOnly: true,
      label: 'Words',
      sortable: true,
      filter: 'range',
    },
    article_characters: { kind: 'integer', readOnly: true, label: 'Characters', sortable: true },
    model: { kind: 'string', readOnly: true, label: 'Model', filter: 'eq' },
    prompt_tokens: { kind: 'integer', readOnly: true, label: 'Prompt tokens' },
    completion_tokens: { kind: 'integer', readOnly: true, label: 'Completion tokens' },
    total_tokens: { kind: 'integer', readOnly: true, label: 'Total tokens', sortable: true },
    cost: { kind: 'number', readOnly: true, label: 'Cost (USD)', sortable: true, filter: 'range' },
    generated_at: { kind: 'timestamp', readOnly: true, label: 'Generated at', sortable: true },
    schedule_id: {
      kind: 'reference',
      reference: 'narrativa-schedules',
      readOnly: true,
      label: 'Schedule',
      filter: 'eq',
    },
    due_at: { kind: 'timestamp', readOnly: true, label: 'Due at (schedule)' },
    wp_post_id: { kind: 'integer', readOnly: true, label: 'WordPress post' },
    wp_post_url: { kind: 'string', readOnly: true, label: 'WordPress draft' },
    published_at: { kind: 'timestamp', readOnly: true, label: 'Sent to WordPress at' },
  },
});

export const narrativaSchedules = defineResource({
  name: 'narrativa-schedules',
  service: 'dms',
  path: 'dms/api/v1/narrativa/schedules',
  label: 'Narrativa schedules',
  titleField: 'topic',
  defaultSort: { field: 'updated_at', order: 'DESC' },
  columns: [
    'topic',
    'website_id',
    'form_type',
    'language',
    'frequency_every',
    'frequency_unit',
    'next_run_at',
    'ready',
  ],
  fields: {
    website_id: {
      kind: 'reference',
      reference: 'websites',
      required: true,
      label: 'Website',
      filter: 'eq',
    },
    form_type: {
      kind: 'enum',
      values: CONTENT_FORM_TYPES,
      required: true,
      label: 'Form type',
      filter: 'eq',
      sortable: true,
    },
    language: {
      kind: 'enum',
      values: NARRATIVA_LANGUAGES,
      required: true,
      label: 'Language',
      filter: 'eq',
      sortable: true,
    },
    localised: { kind: 'boolean', label: 'Localised', filter: 'eq' },
    ...brief,
    frequency_every: {
      kind: 'integer',
      required: true,
      min: CONTENT_LIMITS.repeatEveryMin,
      max: CONTENT_LIMITS.repeatEveryMax,
      label: 'Repeat every',
      sortable: true,
    },
    frequency_unit: {
      kind: 'enum',
      values: FREQUENCY_UNITS,
      required: true,
      label: 'Frequency unit',
      filter: 'eq',
      sortable: true,
    },
    frequency_on: { kind: 'strings', values: WEEKDAYS, label: 'On' },
    start_date: { kind: 'timestamp', label: 'Starts on' },
    active: { kind: 'boolean', label: 'Active', filter: 'eq' },
    ready: { kind: 'boolean', readOnly: true, label: 'Ready', filter: 'eq', sortable: true },
    next_run_at: {
      kind: 'timestamp',
      readOnly: true,
      label: 'Next article due',
      sortable: true,
      filter: 'range',
    },
    last_run_at: { kind: 'timestamp', readOnly: true, label: 'Last article due', sortable: true },
  },
});
