import type { Queryable } from '../../../db/db.js';

/**
 * The generation runs' and the publish action's writes to articles: results a job unit commits, claims
 * that keep two runs (or two clicks) from doing the same work, and the schedules' due articles. None is a
 * client's edit of a record (every column here is read-only to clients), so they are written here.
 */

/** A claim older than this is taken over: the run that held it is gone. */
export const CLAIM_EXPIRES_SECONDS = 3600;

export interface ArticleRow {
  id: number;
  form_type: string;
  website_id: number | null;
  topic: string | null;
  description: string | null;
  keywords: string[];
  persona: string | null;
  tone: string | null;
  language: string;
  number_subsections: number;
  paragraphs: number;
  create_introduction: boolean;
  backlink: string | null;
  backlink_anchor: string | null;
  backlink_2: string | null;
  backlink_2_anchor: string | null;
  status: string;
  ready: boolean;
  title: string | null;
  excerpt: string | null;
  html: string | null;
  wp_post_id: number | null;
  wp_post_url: string | null;
  hostname: string | null;
  target_market: string | null;
}

export async function loadArticle(db: Queryable, id: number): Promise<ArticleRow | null> {
  const r = await db.query<ArticleRow>(
    `SELECT c.id, c.form_type, c.website_id, c.topic, c.description, c.keywords, c.persona, c.tone, c.language,
            c.number_subsections, c.paragraphs, c.create_introduction, c.backlink, c.backlink_anchor,
            c.backlink_2, c.backlink_2_anchor, c.status, c.ready, c.title, c.excerpt, c.html, c.wp_post_id,
            c.wp_post_url, w.hostname, w.target_market
       FROM open_ai_content c LEFT JOIN websites w ON w.id = c.website_id
      WHERE c.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return row
    ? { ...row, id: Number(row.id), website_id: row.website_id === null ? null : Number(row.website_id) }
    : null;
}

/** What a generation wrote. */
export interface GeneratedValues {
  title: string;
  excerpt: string;
  image_alt_description: string;
  tweet: string;
  metadescription: string;
  html: string;
  article_words: number;
  article_characters: number;
  model: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
  cost: number | null;
}

const GENERATED_COLUMNS = [
  'title',
  'excerpt',
  'image_alt_description',
  'tweet',
  'metadescription',
  'html',
  'article_words',
  'article_characters',
  'model',
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'cost',
] as const;

/** Stores a generation: the article is ready, its claim released. */
export async function saveGenerated(tx: Queryable, id: number, v: GeneratedValues): Promise<void> {
  const sets = GENERATED_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await tx.query(
    `UPDATE open_ai_content SET ${sets}, status = 'ready', ready = true, error = NULL, generated_at = epoch_now(),
            claimed_at = NULL, updated_at = epoch_now(), version = version + 1
      WHERE id = $1`,
    [id, ...GENERATED_COLUMNS.map((c) => v[c])],
  );
}

/** Stores why a generation failed; text written before stays (and so does `ready`). */
export async function saveFailure(tx: Queryable, id: number, reason: string): Promise<void> {
  await tx.query(
    `UPDATE open_ai_content SET status = 'failed', error = $2, claimed_at = NULL, updated_at = epoch_now(),
            version = version + 1
      WHERE id = $1`,
    [id, reason.slice(0, 2000)],
  );
}

/**
 * Claims articles for a generation run: the given ones (queued again: a regeneration) unless a run holds
 * them already, or every queued one nobody holds. Answers the ids claimed, in order.
 */
export async function claimForGeneration(db: Queryable, ids: number[] | null): Promise<number[]> {
  const r = ids
    ? await db.query<{ id: number }>(
        `UPDATE open_ai_content SET status = 'queued', claimed_at = epoch_now(), updated_at = epoch_now(),
                version = version + 1
          WHERE id = ANY($1::bigint[])
            AND NOT (status = 'queued' AND claimed_at >= epoch_now() - $2::bigint)
          RETURNING id`,
        [ids, CLAIM_EXPIRES_SECONDS],
      )
    : await db.query<{ id: number }>(
        `UPDATE open_ai_content SET claimed_at = epoch_now()
          WHERE status = 'queued' AND (claimed_at IS NULL OR claimed_at < epoch_now() - $1::bigint)
          RETURNING id`,
        [CLAIM_EXPIRES_SECONDS],
      );
  return r.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Lets other runs take these articles (their run could not be started). */
export async function releaseClaims(db: Queryable, ids: number[]): Promise<void> {
  await db.query('UPDATE open_ai_content SET claimed_at = NULL WHERE id = ANY($1::bigint[])', [ids]);
}

/** Takes the article for a send to WordPress, unless it was sent or a send is under way (2 minutes). */
export async function claimPublish(db: Queryable, id: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE open_ai_content SET publishing_at = epoch_now()
      WHERE id = $1 AND wp_post_id IS NULL AND (publishing_at IS NULL OR publishing_at < epoch_now() - 120)
      RETURNING id`,
    [id],
  );
  return r.rows.length === 1;
}

export async function savePublished(
  db: Queryable,
  id: number,
  post: { id: number; link: string },
): Promise<void> {
  await db.query(
    `UPDATE open_ai_content SET wp_post_id = $2, wp_post_url = $3, published_at = epoch_now(), publishing_at = NULL,
            updated_at = epoch_now(), version = version + 1
      WHERE id = $1`,
    [id, post.id, post.link],
  );
}

export async function releasePublish(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE open_ai_content SET publishing_at = NULL WHERE id = $1', [id]);
}
