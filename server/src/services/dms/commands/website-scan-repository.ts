import type { Queryable } from '../../../db/db.js';
import type { Tracker } from '../../../integrations/html/trackers.js';

/**
 * What a website scan reads and stores, for no user (a console start has already read the website through
 * the engine). Direct SQL: a page is upserted by (website, url) and its links replaced as a set in one
 * statement, in the scan's commit transaction; neither table has a per-record write of a user.
 */

/** The website's stored URL, or null when there is no such website. */
export async function websiteUrl(db: Queryable, websiteId: number): Promise<string | null> {
  const w = await db.query<{ url: string }>('SELECT url FROM websites WHERE id = $1', [websiteId]);
  return w.rows[0]?.url ?? null;
}

/** One distinct link target of a page. */
export interface LinkRow {
  backlink: string;
  target_host: string;
  anchor: string | null;
  rel: string[];
  internal: boolean;
  hits: number;
}

export interface ScannedPageRow {
  status: number | null;
  title: string | null;
  error: string | null;
  links: LinkRow[];
  /** The analytics and advertising ids in the page (the footprint graph reads them). */
  trackers: Tracker[];
}

export async function savePage(
  tx: Queryable,
  websiteId: number,
  url: string,
  runId: number,
  page: ScannedPageRow,
): Promise<void> {
  const internal = page.links.filter((l) => l.internal).length;
  await tx.query(
    `INSERT INTO website_pages (website_id, url, status, title, internal_links, outbound_links, error, scanned_at, cron_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, epoch_now(), $8)
     ON CONFLICT (website_id, url) DO UPDATE SET status = EXCLUDED.status, title = EXCLUDED.title,
       internal_links = EXCLUDED.internal_links, outbound_links = EXCLUDED.outbound_links, error = EXCLUDED.error,
       scanned_at = EXCLUDED.scanned_at, cron_run_id = EXCLUDED.cron_run_id, updated_at = epoch_now(),
       version = website_pages.version + 1`,
    [websiteId, url, page.status, page.title, internal, page.links.length - internal, page.error, runId],
  );
  await tx.query('DELETE FROM website_trackers WHERE website_id = $1 AND page = $2', [websiteId, url]);
  if (page.trackers.length)
    await tx.query(
      `INSERT INTO website_trackers (website_id, page, kind, value)
       SELECT $1, $2, t.kind, t.value FROM jsonb_to_recordset($3::jsonb) AS t(kind text, value text)`,
      [websiteId, url, JSON.stringify(page.trackers)],
    );
  await tx.query('DELETE FROM website_links WHERE website_id = $1 AND page = $2', [websiteId, url]);
  if (!page.links.length) return;
  await tx.query(
    `INSERT INTO website_links (website_id, page, backlink, target_host, anchor, rel, internal, hits)
     SELECT $1, $2, l.backlink, l.target_host, l.anchor, ARRAY(SELECT jsonb_array_elements_text(l.rel)), l.internal, l.hits
     FROM jsonb_to_recordset($3::jsonb) AS l(backlink text, target_host text, anchor text, rel jsonb, internal boolean, hits integer)`,
    [websiteId, url, JSON.stringify(page.links)],
  );
}
