import { CONTENT_LIMITS, resources, type Weekday } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type Row, type WriteEvent } from '../../../core/resource.js';
import { epochNow } from '../../../core/time.js';
import type { AppDeps } from '../../../deps.js';
import { registerContentActions } from './actions.js';
import { dayStart, nextRunAfter, upcoming, type Cadence } from './cadence.js';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/**
 * SPEC §5: number_subsections defaults to 4, paragraphs to 3; an introduction unless told otherwise; no
 * keywords. On create a missing value takes its default, on update a cleared one does (the columns hold one).
 */
function briefDefaults(e: WriteEvent, introduction: boolean): void {
  const v = e.values;
  const fill = (key: string, value: unknown) => {
    if ((e.existing ? key in v : true) && blank(v[key])) v[key] = value;
  };
  fill('number_subsections', CONTENT_LIMITS.subsectionsDefault);
  fill('paragraphs', CONTENT_LIMITS.paragraphsDefault);
  fill('keywords', []);
  if (introduction) fill('create_introduction', true);
}

/** SPEC §5: the topic is required for the OpenAI type. */
function topicRule(merged: Row, errors: Record<string, string>): void {
  if (merged.form_type === 'openai' && blank(merged.topic))
    errors.topic = 'Required for the OpenAI-compatible form type';
}

/** Each backlink is a URL and its anchor text: one without the other is refused. */
function backlinkRule(merged: Row, errors: Record<string, string>): void {
  for (const [url, anchor] of [
    ['backlink', 'backlink_anchor'],
    ['backlink_2', 'backlink_2_anchor'],
  ] as const) {
    if (!blank(merged[url]) && blank(merged[anchor]))
      errors[anchor] = 'Enter the anchor text of this backlink';
    if (blank(merged[url]) && !blank(merged[anchor])) errors[url] = 'Enter the URL this anchor links to';
  }
}

function checkArticle(e: WriteEvent): void {
  briefDefaults(e, true);
  const merged: Row = { ...e.existing, ...e.values };
  const errors: Record<string, string> = {};
  topicRule(merged, errors);
  backlinkRule(merged, errors);
  if (Object.keys(errors).length) throw invalid(errors);
}

export const openAiContentResource = defineServerResource<typeof resources.openAiContent.fields, AppDeps>({
  spec: resources.openAiContent,
  table: 'open_ai_content',
  hooks: { beforeWrite: checkArticle },
  actions: registerContentActions,
});

/** A stored schedule's cadence. */
export function cadenceOf(r: Row): Cadence {
  return {
    unit: r.frequency_unit === 'weeks' ? 'weeks' : 'days',
    every: Number(r.frequency_every),
    on: Array.isArray(r.frequency_on) ? (r.frequency_on as Weekday[]) : [],
    start: typeof r.start_date === 'number' ? r.start_date : Number(r.start_date ?? 0),
  };
}

const CADENCE_FIELDS = ['frequency_every', 'frequency_unit', 'frequency_on', 'start_date', 'active'];

/**
 * SPEC §4 and §5 for schedules: the topic for the OpenAI type; weekdays for a weekly schedule (none kept
 * for a daily one); no tone in Japanese. The next due date follows every change of the cadence.
 */
function checkSchedule(e: WriteEvent): void {
  briefDefaults(e, false);
  const v = e.values;
  if (!e.existing || ('active' in v && v.active === null)) v.active ??= true;
  if (!e.existing || 'start_date' in v)
    v.start_date = typeof v.start_date === 'number' ? dayStart(v.start_date) : dayStart(epochNow());
  if (!e.existing || 'localised' in v) v.localised ??= false;
  const merged: Row = { ...e.existing, ...v };
  const errors: Record<string, string> = {};
  topicRule(merged, errors);
  if (merged.frequency_unit === 'days') {
    if (Array.isArray(merged.frequency_on) && merged.frequency_on.length) v.frequency_on = [];
  } else if (!Array.isArray(merged.frequency_on) || !merged.frequency_on.length) {
    errors.frequency_on = 'Choose at least one weekday';
  }
  if (merged.language === 'ja' && !blank(merged.tone)) v.tone = null;
  if (Object.keys(errors).length) throw invalid(errors);
  if (!e.existing || CADENCE_FIELDS.some((k) => k in v)) {
    const next = { ...merged, ...v };
    const last = typeof next.last_run_at === 'number' ? next.last_run_at : null;
    v.next_run_at = next.active === false ? null : nextRunAfter(cadenceOf(next), epochNow(), last);
  }
}

export const narrativaSchedulesResource = defineServerResource<
  typeof resources.narrativaSchedules.fields,
  AppDeps
>({
  spec: resources.narrativaSchedules,
  table: 'narrativa_schedules',
  hooks: { beforeWrite: checkSchedule },
  computed: {
    articles: {
      sql: 'SELECT count(*)::int FROM open_ai_content c WHERE c.schedule_id = t.id',
      kind: 'integer',
    },
  },
  detail: {
    schema: { upcoming: { type: 'array', items: { type: 'integer' } } },
    // The next five due dates, for the show page.
    load: (_db, record) =>
      Promise.resolve({
        upcoming:
          record.active === false || record.next_run_at === null
            ? []
            : upcoming(cadenceOf(record), Number(record.next_run_at), 5),
      }),
  },
});
