import type { Queryable } from '../../../db/db.js';
import type { GeneratedValues } from './content-repository.js';

/**
 * The schedules' run: which schedules are due, and what writing a due article commits (the article, the
 * schedule's next due date and ready flag) in one transaction. Job results, not a client's edit.
 */

export interface ScheduleRow {
  id: number;
  website_id: number;
  form_type: string;
  language: string;
  localised: boolean;
  topic: string | null;
  tone: string | null;
  keywords: string[];
  number_subsections: number;
  paragraphs: number;
  frequency_every: number;
  frequency_unit: string;
  frequency_on: string[];
  start_date: number | null;
  active: boolean;
  next_run_at: number | null;
  last_run_at: number | null;
  hostname: string | null;
  target_market: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function loadSchedule(db: Queryable, id: number): Promise<ScheduleRow | null> {
  const r = await db.query<ScheduleRow>(
    `SELECT s.*, w.hostname, w.target_market
       FROM narrativa_schedules s JOIN websites w ON w.id = s.website_id
      WHERE s.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    ...row,
    id: Number(row.id),
    website_id: Number(row.website_id),
    start_date: num(row.start_date),
    next_run_at: num(row.next_run_at),
    last_run_at: num(row.last_run_at),
  };
}

/**
 * Active schedules whose next article is due, or the chosen ones whatever their date; a schedule whose due
 * article a running schedules run still has to write is left to that run.
 */
export async function dueSchedules(
  db: Queryable,
  ids: number[] | null,
  limit: number,
): Promise<Array<{ id: number; next_run_at: number }>> {
  const r = await db.query<{ id: number; next_run_at: number }>(
    `SELECT s.id, s.next_run_at FROM narrativa_schedules s
      WHERE s.active AND s.next_run_at IS NOT NULL
        AND ${ids ? 's.id = ANY($2::bigint[])' : 's.next_run_at <= epoch_now()'}
        AND NOT EXISTS (
          SELECT 1 FROM cron_run_jobs j JOIN cron_runs r ON r.id = j.run_id
           WHERE r.command = 'content:schedules' AND r.end_time IS NULL AND j.state = 'queued'
             AND j.key = 'schedule ' || s.id || ' @ ' || s.next_run_at)
      ORDER BY s.next_run_at, s.id LIMIT $1`,
    ids ? [limit, ids] : [limit],
  );
  return r.rows.map((row) => ({ id: Number(row.id), next_run_at: Number(row.next_run_at) }));
}

export interface DueArticle {
  schedule: ScheduleRow;
  dueAt: number;
  /** The schedule's following due date. */
  next: number | null;
  outcome: { ok: true; values: GeneratedValues } | { ok: false; reason: string };
}

/**
 * Stores a due article (written, or failed with its reason: Regenerate can retry it) once per schedule and
 * date, and moves the schedule on, unless it moved meanwhile (another run wrote that date).
 */
export async function saveDueArticle(tx: Queryable, d: DueArticle): Promise<boolean> {
  const s = d.schedule;
  const v = d.outcome.ok ? d.outcome.values : null;
  const inserted = await tx.query(
    `INSERT INTO open_ai_content (form_type, website_id, topic, keywords, tone, language, number_subsections,
            paragraphs, create_introduction, schedule_id, due_at, status, ready, error, title, excerpt,
            image_alt_description, tweet, metadescription, html, article_words, article_characters, model,
            prompt_tokens, completion_tokens, total_tokens, cost, generated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
             $21, $22, $23, $24, $25, $26, CASE WHEN $12 THEN epoch_now() END)
     ON CONFLICT (schedule_id, due_at) DO NOTHING RETURNING id`,
    [
      s.form_type,
      s.website_id,
      s.topic,
      s.keywords,
      s.tone,
      s.language,
      s.number_subsections,
      s.paragraphs,
      s.id,
      d.dueAt,
      v ? 'ready' : 'failed',
      v !== null,
      d.outcome.ok ? null : d.outcome.reason.slice(0, 2000),
      v?.title ?? null,
      v?.excerpt ?? null,
      v?.image_alt_description ?? null,
      v?.tweet ?? null,
      v?.metadescription ?? null,
      v?.html ?? null,
      v?.article_words ?? null,
      v?.article_characters ?? null,
      v?.model ?? null,
      v?.prompt_tokens ?? null,
      v?.completion_tokens ?? null,
      v?.total_tokens ?? null,
      v?.cost ?? null,
    ],
  );
  if (!inserted.rows.length) return false;
  await tx.query(
    `UPDATE narrativa_schedules SET last_run_at = $2, next_run_at = $3, ready = $4, updated_at = epoch_now(),
            version = version + 1
      WHERE id = $1 AND next_run_at = $2`,
    [s.id, d.dueAt, d.next, v !== null],
  );
  return true;
}

/** A regenerated scheduled article makes its schedule ready again when it is the latest due one. */
export async function markScheduleReady(tx: Queryable, articleId: number): Promise<void> {
  await tx.query(
    `UPDATE narrativa_schedules s SET ready = true, updated_at = epoch_now(), version = s.version + 1
       FROM open_ai_content c
      WHERE c.id = $1 AND s.id = c.schedule_id AND s.last_run_at = c.due_at AND NOT s.ready`,
    [articleId],
  );
}
