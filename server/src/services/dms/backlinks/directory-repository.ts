import type { Queryable } from '../../../db/db.js';
import { sql, type SqlFragment } from '../../../core/sql.js';

/**
 * What the Directory tab reads of a directory site's last scan (website_pages, website_links): a report over
 * two scan tables and the websites, which no resource declaration expresses. The caller has read the
 * directory under the websites' access rule and passes the websites the user may see (`visible`), so a
 * listing never names a site the user may not open.
 */

/** A listing page: /listing/<slug>/, /listings/<slug>/ or /directory/listing/<slug>/ (JS and SQL regex alike). */
export const LISTING_URL = '^https?://[^/]+/(?:listings?|directory/listing)/[^/?#]+';
/** A category page: /category/<slug>/…, /categories/<slug>/… or /listing-category/<slug>/…, paged or not. */
export const CATEGORY_URL = '^https?://[^/]+/(?:listing-)?categor(?:y|ies)/[^/?#]+';

export interface ListingPageRow {
  id: number;
  url: string;
  title: string | null;
  status: number | null;
  error: string | null;
  scanned_at: number;
}

export interface ListingLinkRow {
  page: string;
  backlink: string;
  target_host: string;
  anchor: string | null;
  rel: string[];
  hits: number;
  website_id: number | null;
  hostname: string | null;
  friendly_name: string | null;
  type: string | null;
  status: string | null;
}

export interface DirectoryScan {
  lastScannedAt: number | null;
  pages: ListingPageRow[];
  links: ListingLinkRow[];
  /** Internal links from a category page (`page`) to a listing page (`backlink`). */
  categoryLinks: Array<{ page: string; backlink: string }>;
}

const num = (v: unknown) => Number(v);

export async function readDirectoryScan(
  db: Queryable,
  websiteId: number,
  visible: SqlFragment,
): Promise<DirectoryScan> {
  const last = await db.query<{ at: string | number | null }>(
    'SELECT max(scanned_at) AS at FROM website_pages WHERE website_id = $1',
    [websiteId],
  );
  const pages = await db.query<ListingPageRow>(
    `SELECT id, url, title, status, error, scanned_at FROM website_pages
      WHERE website_id = $1 AND url ~* $2 ORDER BY url`,
    [websiteId, LISTING_URL],
  );
  // The portfolio's sites by host, www. or not (a link to example.com is a link to www.example.com).
  const links = sql`
    WITH sites AS (
      SELECT DISTINCT ON (host) id, hostname, friendly_name, type, status, host
        FROM (SELECT o.*, regexp_replace(lower(o.hostname), '^www\\.', '') AS host FROM websites o
               WHERE o.id <> ${websiteId} AND o.id IN (${visible})) s
       ORDER BY host, id)
    SELECT l.page, l.backlink, l.target_host, l.anchor, l.rel, l.hits, s.id AS website_id, s.hostname,
           s.friendly_name, s.type, s.status
      FROM website_links l
      LEFT JOIN sites s ON s.host = regexp_replace(lower(l.target_host), '^www\\.', '')
     WHERE l.website_id = ${websiteId} AND NOT l.internal AND l.page ~* ${LISTING_URL}
     ORDER BY l.page, l.hits DESC, l.backlink`.query();
  const linkRows = await db.query<ListingLinkRow>(links.text, links.values);
  const categories = await db.query<{ page: string; backlink: string }>(
    `SELECT DISTINCT page, backlink FROM website_links
      WHERE website_id = $1 AND internal AND page ~* $2 AND backlink ~* $3`,
    [websiteId, CATEGORY_URL, LISTING_URL],
  );
  const at = last.rows[0]?.at;
  return {
    lastScannedAt: at === null || at === undefined ? null : num(at),
    pages: pages.rows.map((p) => ({
      ...p,
      id: num(p.id),
      status: p.status === null ? null : num(p.status),
      scanned_at: num(p.scanned_at),
    })),
    links: linkRows.rows.map((l) => ({
      ...l,
      hits: num(l.hits),
      website_id: l.website_id === null ? null : num(l.website_id),
    })),
    categoryLinks: categories.rows,
  };
}
