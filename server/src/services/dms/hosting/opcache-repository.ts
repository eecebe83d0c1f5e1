import type { actions } from '@sitefleet/shared';
import { rawSql, sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { opcacheColumns } from './wire.js';

/**
 * SQL of the OpCache reads: server_opcache is no declared resource (figures the companion reported, written by
 * opcache:collect), keyed by server and site. Reads for the screens take the engine's `visible` id subqueries,
 * so the servers' and websites' access rules still apply.
 */

type SiteOpcache = actions.hosting.SiteOpcache;
export type OpcacheColumns = ReturnType<typeof opcacheColumns>;

const COLUMNS = [
  'php_version',
  'available',
  'enabled',
  'reason',
  'memory_used',
  'memory_free',
  'memory_wasted',
  'wasted_percentage',
  'hit_rate',
  'hits',
  'misses',
  'cached_scripts',
  'max_cached_keys',
  'oom_restarts',
  'hash_restarts',
  'manual_restarts',
  'memory_consumption',
  'max_accelerated_files',
  'validate_timestamps',
  'revalidate_freq',
  'start_time',
  'last_restart_time',
] as const satisfies ReadonlyArray<keyof OpcacheColumns>;

/** Servers with the websites on them that have a WordPress connection (ids in order). */
export async function serverConnections(
  db: Queryable,
): Promise<Array<{ id: number; name: string; website_ids: number[] }>> {
  const r = await db.query<{ id: number; name: string; website_ids: number[] }>(
    `SELECT s.id, s.name,
       coalesce(array_agg(w.id ORDER BY w.id) FILTER (WHERE c.id IS NOT NULL), '{}') AS website_ids
     FROM servers s
     LEFT JOIN websites w ON w.server_id = s.id AND w.status <> 'DELETED'
     LEFT JOIN wp_sites c ON c.website_id = w.id
     GROUP BY s.id ORDER BY lower(s.name), s.id`,
  );
  return r.rows.map((s) => ({ id: Number(s.id), name: s.name, website_ids: s.website_ids.map(Number) }));
}

/** One site's read, replacing its last one and clearing its error. */
export async function saveRead(
  db: Queryable,
  serverId: number,
  websiteId: number,
  figures: OpcacheColumns,
  at: number,
): Promise<void> {
  const values = COLUMNS.map((c) => figures[c]);
  const cols = COLUMNS.join(', ');
  const params = COLUMNS.map((_, i) => `$${i + 3}`).join(', ');
  const updates = COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  await db.query(
    `INSERT INTO server_opcache (server_id, website_id, ${cols}, read_at, error, error_at)
     VALUES ($1, $2, ${params}, $${COLUMNS.length + 3}, NULL, NULL)
     ON CONFLICT (server_id, website_id) DO UPDATE SET ${updates}, read_at = EXCLUDED.read_at, error = NULL,
       error_at = NULL, updated_at = epoch_now()`,
    [serverId, websiteId, ...values, at],
  );
}

/** A failed read: the error beside the site's last figures. */
export async function saveError(
  db: Queryable,
  serverId: number,
  websiteId: number,
  message: string,
  at: number,
): Promise<void> {
  await db.query(
    `INSERT INTO server_opcache (server_id, website_id, error, error_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (server_id, website_id) DO UPDATE SET error = EXCLUDED.error, error_at = EXCLUDED.error_at,
       updated_at = epoch_now()`,
    [serverId, websiteId, message, at],
  );
}

/** Forgets the reads of sites that are no longer connected sites of the server. */
export async function pruneReads(db: Queryable, serverId: number, websiteIds: number[]): Promise<void> {
  await db.query('DELETE FROM server_opcache WHERE server_id = $1 AND NOT (website_id = ANY($2::bigint[]))', [
    serverId,
    websiteIds,
  ]);
}

type SiteRow = SiteOpcache & { server_id: number };

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** PostgreSQL answers bigint and numeric columns as text on some drivers: numbers again. */
function siteRow(r: SiteRow): SiteRow {
  return {
    ...r,
    server_id: Number(r.server_id),
    website_id: Number(r.website_id),
    memory_used: n(r.memory_used),
    memory_free: n(r.memory_free),
    memory_wasted: n(r.memory_wasted),
    wasted_percentage: n(r.wasted_percentage),
    hit_rate: n(r.hit_rate),
    hits: n(r.hits),
    misses: n(r.misses),
    cached_scripts: n(r.cached_scripts),
    max_cached_keys: n(r.max_cached_keys),
    oom_restarts: n(r.oom_restarts),
    hash_restarts: n(r.hash_restarts),
    manual_restarts: n(r.manual_restarts),
    memory_consumption: n(r.memory_consumption),
    max_accelerated_files: n(r.max_accelerated_files),
    revalidate_freq: n(r.revalidate_freq),
    start_time: n(r.start_time),
    last_restart_time: n(r.last_restart_time),
    read_at: n(r.read_at),
    error_at: n(r.error_at),
  };
}

/**
 * The connected sites of the visible servers (one server when `serverId` is given), each with its latest read
 * (all null before the first), in hostname order.
 */
export async function siteReads(
  db: Queryable,
  visible: { servers: SqlFragment; websites: SqlFragment },
  serverId: number | null,
): Promise<SiteRow[]> {
  // Column names from the fixed list above, never from a request.
  const figures = COLUMNS.map((c) => `o.${c}`).join(', ');
  const q = sql`SELECT w.server_id, w.id AS website_id, w.hostname, ${rawSql(figures)}, o.read_at, o.error,
      o.error_at
    FROM websites w
    JOIN wp_sites c ON c.website_id = w.id
    LEFT JOIN server_opcache o ON o.website_id = w.id AND o.server_id = w.server_id
    WHERE w.status <> 'DELETED' AND w.server_id IN (${visible.servers}) AND w.id IN (${visible.websites})
      AND (${serverId}::bigint IS NULL OR w.server_id = ${serverId})
    ORDER BY w.hostname, w.id`.query();
  const r = await db.query<SiteRow>(q.text, q.values);
  return r.rows.map(siteRow);
}

/** The visible servers by name (every one gets a row on the OpCache tab, connected sites or not). */
export async function visibleServers(
  db: Queryable,
  visible: SqlFragment,
  serverId: number | null,
): Promise<Array<{ id: number; name: string }>> {
  const q = sql`SELECT id, name FROM servers WHERE id IN (${visible})
    AND (${serverId}::bigint IS NULL OR id = ${serverId}) ORDER BY lower(name), id`.query();
  const r = await db.query<{ id: number; name: string }>(q.text, q.values);
  return r.rows.map((s) => ({ id: Number(s.id), name: s.name }));
}
