import { invalid } from '../../../core/errors.js';
import { epochNow } from '../../../core/time.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type CommandDef, type JsonObject, type UnitResult } from '../../../jobs/types.js';
import { nextRunAfter } from './cadence.js';
import { claimForGeneration, loadArticle, saveFailure, saveGenerated } from './content-repository.js';
import { briefOf, generateArticle } from './generate.js';
import { contentProviders } from './providers.js';
import { GENERATE_COMMAND } from './queue.js';
import { cadenceOf } from './resources.js';
import { dueSchedules, loadSchedule, markScheduleReady, saveDueArticle } from './schedule-repository.js';

/** Articles or schedules in one run at the most. */
const MAX_UNITS = 500;

interface IdsArgs extends JsonObject {
  ids: number[];
}

function idsArgument(label: string, help: string) {
  return [{ name: 'ids', label, kind: 'text', maxLength: 20_000, help }] as const;
}

function parseIds(raw: JsonObject, defs: ReturnType<typeof idsArgument>): IdsArgs {
  const a = parseArguments(defs, raw) as { ids?: string | null };
  const ids = (a.ids ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw invalid({ 'arguments.ids': 'Enter ids separated by commas' });
  if (ids.length > MAX_UNITS) throw invalid({ 'arguments.ids': `At most ${MAX_UNITS} in one run` });
  return { ids: [...new Set(ids)] };
}

/** Generation talks to a model: a unit may take minutes, one or two at a time per worker. */
const WRITING = {
  // The client retries rate limits and 5xx itself; a thrown unit is a fault of ours (the database).
  retry: { limit: 2, delay: 30, backoff: true },
  timeoutSeconds: 600,
  batchSize: 2,
  concurrency: 1,
  unitsPerJob: 1,
  maxJobs: MAX_UNITS,
} as const;

const GENERATE_ARGS = idsArgument(
  'Article ids',
  'Comma-separated ids of the articles to write (again); empty: every queued article no run is writing',
);

/**
 * content:generate: writes articles, one unit each. Started for a new article, by Regenerate, or every
 * ten minutes for queued articles nobody writes (a run that could not start, or a lost one). A failed
 * generation stores its reason on the article (text written before stays) and fails its unit.
 */
export const contentGenerate = defineCommand<IdsArgs>({
  service: 'dms',
  name: GENERATE_COMMAND,
  description: 'Write AI content articles from their briefs (the OpenAI-compatible generator)',
  arguments: [...GENERATE_ARGS],
  schedule: { cron: '*/10 * * * *' },
  ...WRITING,
  parse: (raw) => parseIds(raw, GENERATE_ARGS),
  async plan(a, { deps }) {
    // The sweep claims what it takes; given ids were claimed by whoever asked for them.
    const ids = a.ids.length ? a.ids : await claimForGeneration(deps.db, null);
    return ids.map((id) => ({ key: `article ${id}`, input: { id } }));
  },
  async run(unit, _run, { deps }): Promise<UnitResult> {
    const id = Number(unit.input.id);
    const article = await loadArticle(deps.db, id);
    if (!article) return { output: { message: `${unit.key}: deleted before it was written` }, failed: true };
    const brief = briefOf(article, { hostname: article.hostname, market: null });
    const g = await generateArticle(contentProviders(deps.integrations), article.form_type, brief);
    if (!g.ok)
      return {
        output: { message: `${unit.key}: ${g.reason}` },
        failed: true,
        commit: (tx) => saveFailure(tx, id, g.reason),
      };
    return {
      output: { message: `${unit.key}: ${g.message}`, words: g.values.article_words, cost: g.values.cost },
      commit: async (tx) => {
        await saveGenerated(tx, id, g.values);
        await markScheduleReady(tx, id);
      },
    };
  },
});

const SCHEDULE_ARGS = idsArgument(
  'Schedule ids',
  'Comma-separated ids of schedules whose next article to write now; empty: every schedule whose next article is due',
);

/**
 * content:schedules (every ten minutes): writes each active schedule's due article through the same
 * generator, one unit per schedule. The article is stored once per schedule and due date, the schedule
 * moves to its next due date and is ready when the article was written; a failed one is stored failed
 * (Regenerate retries it). Missed dates are not caught up: one article for the latest, then on.
 */
export const contentSchedules = defineCommand<IdsArgs>({
  service: 'dms',
  name: 'content:schedules',
  description: 'Write the due articles of the content schedules (Narrativa schedules)',
  arguments: [...SCHEDULE_ARGS],
  schedule: { cron: '*/10 * * * *' },
  ...WRITING,
  parse: (raw) => parseIds(raw, SCHEDULE_ARGS),
  async plan(a, { deps }) {
    const due = await dueSchedules(deps.db, a.ids.length ? a.ids : null, MAX_UNITS);
    return due.map((s) => ({
      key: `schedule ${s.id} @ ${s.next_run_at}`,
      input: { id: s.id, due_at: s.next_run_at },
    }));
  },
  async run(unit, _run, { deps }): Promise<UnitResult> {
    const schedule = await loadSchedule(deps.db, Number(unit.input.id));
    const dueAt = Number(unit.input.due_at);
    if (!schedule || !schedule.active || schedule.next_run_at !== dueAt)
      return {
        output: { message: `${unit.key}: the schedule changed since the run started; nothing written` },
      };
    const brief = briefOf(
      { ...schedule, create_introduction: true },
      { hostname: schedule.hostname, market: schedule.localised ? schedule.target_market : null },
    );
    const outcome = await generateArticle(contentProviders(deps.integrations), schedule.form_type, brief);
    const next = nextRunAfter(cadenceOf({ ...schedule }), epochNow(), dueAt);
    const day = new Date(dueAt * 1000).toISOString().slice(0, 10);
    return {
      output: { message: `${unit.key} (${day}): ${outcome.ok ? outcome.message : outcome.reason}` },
      ...(outcome.ok ? {} : { failed: true }),
      commit: async (tx) => {
        await saveDueArticle(tx, { schedule, dueAt, next, outcome });
      },
    };
  },
});

export const contentCommands: CommandDef[] = [contentGenerate, contentSchedules];
