import type { StaticProgress, StaticReleaseStatus, StaticState } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import { LINK_RELS, type LinkRel } from '../../../integrations/link-check/index.js';
import type { AffiliateRedirect, BoughtLink, GateResult } from './gate.js';
import { hostIn, httpUrl } from './urls.js';

/*
 * The static state of link sites, written by the static commands' units and read by their actions. This is not
 * engine SQL: a unit claims a site for its run with a conditional update (one run per site at a time, a crashed
 * run's claim lapsing), reports progress outside any transaction, and records a release, the site's state and
 * the previous release's demotion together inside the transaction that records the unit.
 */

const now = () => Math.floor(Date.now() / 1000);
/** A claim older than this is a crashed run's: another run may take the site. */
export const CLAIM_LAPSES_AFTER = 30 * 60;

export interface StaticTarget {
  websiteId: number;
  hostname: string;
  url: string;
  type: string;
  aliasId: number | null;
  state: StaticState;
  /** The origin stored by the last conversion; null: the default chain. */
  originUrl: string | null;
  /** The WordPress connection's URL, when the site has one. */
  connectionUrl: string | null;
  currentReleaseId: number | null;
  busyRunId: number | null;
  busySince: number | null;
}

/** A website as the static commands need it (any type: the callers refuse what is not a LINK site). */
export async function loadTarget(db: Queryable, websiteId: number): Promise<StaticTarget | null> {
  const r = await db.query<{
    id: number;
    hostname: string;
    url: string;
    type: string;
    runcloud_alias_id: number | null;
    state: StaticState | null;
    origin_url: string | null;
    connection_url: string | null;
    current_release_id: number | null;
    busy_run_id: number | null;
    busy_since: number | null;
    busy_ended: boolean | null;
  }>(
    `SELECT w.id, w.hostname, w.url, w.type, w.runcloud_alias_id, s.state, s.origin_url,
            (SELECT c.url FROM wp_sites c WHERE c.website_id = w.id) AS connection_url,
            s.current_release_id, s.busy_run_id, s.busy_since,
            (SELECT r.end_time IS NOT NULL FROM cron_runs r WHERE r.id = s.busy_run_id) AS busy_ended
       FROM websites w LEFT JOIN static_sites s ON s.website_id = w.id
      WHERE w.id = $1`,
    [websiteId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    websiteId: Number(row.id),
    hostname: row.hostname,
    url: row.url,
    type: row.type,
    aliasId: num(row.runcloud_alias_id),
    state: row.state ?? 'wordpress',
    originUrl: row.origin_url,
    connectionUrl: row.connection_url,
    currentReleaseId: num(row.current_release_id),
    // A run that ended without letting go (its recording failed) holds nothing.
    busyRunId: row.busy_ended ? null : num(row.busy_run_id),
    busySince: num(row.busy_since),
  };
}

/** Whether another run holds the site (its claim has not lapsed). */
export const busyWith = (t: StaticTarget, runId: number): number | null =>
  t.busyRunId !== null && t.busyRunId !== runId && (t.busySince ?? 0) > now() - CLAIM_LAPSES_AFTER
    ? t.busyRunId
    : null;

/** Takes the site for a run; false when another run holds it. */
export async function claimSite(db: Queryable, websiteId: number, runId: number): Promise<boolean> {
  await db.query(`INSERT INTO static_sites (website_id) VALUES ($1) ON CONFLICT (website_id) DO NOTHING`, [
    websiteId,
  ]);
  const r = await db.query(
    `UPDATE static_sites SET busy_run_id = $2, busy_since = $3, progress = NULL, last_run_id = $2,
            updated_at = epoch_now(), version = version + 1
      WHERE website_id = $1
        AND (busy_run_id IS NULL OR busy_run_id = $2 OR busy_since < $4
             OR EXISTS (SELECT 1 FROM cron_runs r WHERE r.id = static_sites.busy_run_id AND r.end_time IS NOT NULL))`,
    [websiteId, runId, now(), now() - CLAIM_LAPSES_AFTER],
  );
  return r.rowCount === 1;
}

/** Lets go of the site (a run that failed before recording anything). */
export async function releaseSite(db: Queryable, websiteId: number, runId: number, progress: StaticProgress) {
  await db.query(
    `UPDATE static_sites SET busy_run_id = NULL, busy_since = NULL, progress = $3
      WHERE website_id = $1 AND busy_run_id = $2`,
    [websiteId, runId, JSON.stringify(progress)],
  );
}

/** What the running operation reports (the console's progress dialog reads it). */
export async function saveProgress(
  db: Queryable,
  websiteId: number,
  runId: number,
  progress: StaticProgress,
) {
  await db.query(`UPDATE static_sites SET progress = $3 WHERE website_id = $1 AND busy_run_id = $2`, [
    websiteId,
    runId,
    JSON.stringify(progress),
  ]);
}

/** The ledger's bought links on a page of this site (the backlink's host is one of `hosts`, either www form). */
export async function boughtLinksOn(db: Queryable, hosts: readonly string[]): Promise<BoughtLink[]> {
  const bare = [
    ...new Set(
      hosts.map((h) =>
        h
          .toLowerCase()
          .replace(/^www\./, '')
          .replace(/:\d+$/, ''),
      ),
    ),
  ];
  const r = await db.query<{ id: number; backlink: string; url: string; anchor: string | null; rel: string }>(
    `SELECT id, backlink, url, anchor, rel_attribute AS rel FROM external_backlinks
      WHERE lower(backlink) LIKE ANY($1::text[]) ORDER BY id`,
    [bare.flatMap((h) => [`%://${h}/%`, `%://${h}`, `%://www.${h}/%`, `%://www.${h}`, `%://${h}:%`])],
  );
  const set = new Set(hosts.map((h) => h.toLowerCase()));
  return r.rows
    .filter((row) => {
      const u = httpUrl(row.backlink);
      return u !== null && hostIn(u.host, set);
    })
    .map((row) => ({
      id: Number(row.id),
      backlink: row.backlink,
      url: row.url,
      anchor: row.anchor,
      rel: (LINK_RELS as readonly string[]).includes(row.rel) ? (row.rel as LinkRel) : 'follow',
    }));
}

export async function affiliatesOf(db: Queryable, websiteId: number): Promise<AffiliateRedirect[]> {
  const r = await db.query<{
    id: number;
    permalink: string;
    redirect_to: string | null;
    redirection_type: number;
  }>(
    `SELECT id, permalink, redirect_to, redirection_type FROM affiliate_links WHERE website_id = $1 ORDER BY id`,
    [websiteId],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    permalink: row.permalink,
    redirectTo: row.redirect_to,
    type: Number(row.redirection_type),
  }));
}

export interface ReleaseRow {
  id: number;
  release: string;
  status: StaticReleaseStatus;
  published_at: number | null;
}

/** The site's releases, newest first. */
export async function releasesOf(db: Queryable, websiteId: number): Promise<ReleaseRow[]> {
  const r = await db.query<ReleaseRow>(
    `SELECT id, release, status, published_at FROM static_releases WHERE website_id = $1
      ORDER BY coalesce(published_at, created_at) DESC, id DESC`,
    [websiteId],
  );
  return r.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    published_at: row.published_at === null ? null : Number(row.published_at),
  }));
}

export async function markPruned(db: Queryable, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db.query(
    `UPDATE static_releases SET status = 'pruned', updated_at = epoch_now(), version = version + 1
      WHERE id = ANY($1::bigint[])`,
    [ids],
  );
}

export interface BuiltRelease {
  websiteId: number;
  release: string;
  operation: 'convert' | 'publish';
  originUrl: string;
  pages: number;
  files: number;
  bytes: number;
  redirects: number;
  sitemapPages: number;
  gate: GateResult;
  durationMs: number;
  runId: number;
}

const gateJson = (gate: GateResult) => JSON.stringify({ reasons: gate.reasons, checks: gate.checks });

async function insertRelease(
  tx: Queryable,
  b: BuiltRelease,
  status: StaticReleaseStatus,
  switchMs: number | null,
) {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO static_releases (website_id, release, operation, status, origin_url, pages, files, bytes, redirects,
       sitemap_pages, gate_passed, gate, duration_ms, switch_ms, cron_run_id, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16)
     ON CONFLICT (website_id, release) DO UPDATE SET status = EXCLUDED.status
     RETURNING id`,
    [
      b.websiteId,
      b.release,
      b.operation,
      status,
      b.originUrl,
      b.pages,
      b.files,
      b.bytes,
      b.redirects,
      b.sitemapPages,
      b.gate.passed,
      gateJson(b.gate),
      b.durationMs,
      switchMs,
      b.runId,
      status === 'live' ? now() : null,
    ],
  );
  return Number(r.rows[0]!.id);
}

/** A build the gate refused: recorded with its reasons; the site keeps what it served. */
export async function recordRejected(
  tx: Queryable,
  b: BuiltRelease,
  progress: StaticProgress,
): Promise<void> {
  await insertRelease(tx, b, 'rejected', null);
  await tx.query(
    `UPDATE static_sites SET last_gate_passed = false, last_gate = $2::jsonb, busy_run_id = NULL, busy_since = NULL,
            progress = $3, updated_at = epoch_now(), version = version + 1
      WHERE website_id = $1`,
    [b.websiteId, gateJson(b.gate), JSON.stringify(progress)],
  );
}

/**
 * A published build: the release recorded live, the one live before it now previous, the site static on it;
 * `origin` is stored when the conversion was told one.
 */
export async function recordPublished(
  tx: Queryable,
  b: BuiltRelease,
  switchMs: number,
  origin: string | null,
  progress: StaticProgress,
): Promise<number> {
  await tx.query(
    `UPDATE static_releases SET status = 'previous', updated_at = epoch_now(), version = version + 1
      WHERE website_id = $1 AND status = 'live'`,
    [b.websiteId],
  );
  const id = await insertRelease(tx, b, 'live', switchMs);
  await tx.query(
    `UPDATE static_sites SET state = 'static', current_release_id = $2, last_publish_at = $3, last_gate_passed = true,
            last_gate = $4::jsonb, origin_url = coalesce($5, origin_url), busy_run_id = NULL, busy_since = NULL,
            progress = $6, updated_at = epoch_now(), version = version + 1
      WHERE website_id = $1`,
    [b.websiteId, id, now(), gateJson(b.gate), origin, JSON.stringify(progress)],
  );
  return id;
}

/** A rollback: the live release rolled back; `to` live again, or the site back on WordPress when null. */
export async function recordRollback(
  tx: Queryable,
  websiteId: number,
  from: number | null,
  to: number | null,
  progress: StaticProgress,
): Promise<void> {
  if (from !== null)
    await tx.query(
      `UPDATE static_releases SET status = 'rolled_back', rolled_back_at = $2, updated_at = epoch_now(),
              version = version + 1
        WHERE id = $1`,
      [from, now()],
    );
  if (to !== null)
    await tx.query(
      `UPDATE static_releases SET status = 'live', updated_at = epoch_now(), version = version + 1 WHERE id = $1`,
      [to],
    );
  await tx.query(
    `UPDATE static_sites SET state = $2, current_release_id = $3, busy_run_id = NULL, busy_since = NULL,
            progress = $4, updated_at = epoch_now(), version = version + 1
      WHERE website_id = $1`,
    [websiteId, to === null ? 'wordpress' : 'static', to, JSON.stringify(progress)],
  );
}
