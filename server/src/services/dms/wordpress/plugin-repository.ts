import type { Queryable } from '../../../db/db.js';
import { sql, type SqlFragment } from '../../../core/sql.js';

/**
 * SQL of plugin merges and bulk actions: a merge moves every install in one set-based update and changes the
 * target and the merged rows together (the engine writes one record per transaction); which plugins the user
 * may merge comes from the engine (`visible`, the resource's access rule).
 */

export interface PluginRow {
  id: number;
  slug: string;
  name: string;
  source: string | null;
  other_slugs: string[];
}

export async function pluginById(db: Queryable, id: number): Promise<PluginRow | null> {
  const r = await db.query<PluginRow>(
    'SELECT id, slug, name, source, other_slugs FROM plugins WHERE id = $1',
    [id],
  );
  return r.rows[0] ? { ...r.rows[0], id: Number(r.rows[0].id) } : null;
}

/** The plugin's file on a site (null: not installed there), and whether it is active. */
export async function installOf(
  db: Queryable,
  websiteId: number,
  pluginId: number,
): Promise<{ plugin_file: string; active: boolean } | null> {
  const r = await db.query<{ plugin_file: string; active: boolean }>(
    'SELECT plugin_file, active FROM installed_plugins WHERE website_id = $1 AND plugin_id = $2 ORDER BY id LIMIT 1',
    [websiteId, pluginId],
  );
  return r.rows[0] ?? null;
}

export async function lockPlugins(tx: Queryable, ids: number[], visible: SqlFragment): Promise<PluginRow[]> {
  const q = sql`SELECT id, slug, name, source, other_slugs FROM plugins
    WHERE id = ANY(${ids}::bigint[]) AND id IN (${visible}) FOR UPDATE`.query();
  return (await tx.query<PluginRow>(q.text, q.values)).rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Moves the sources' installs to the target, gives it their slugs and deletes them; answers installs moved. */
export async function absorbPlugins(
  tx: Queryable,
  targetId: number,
  sources: number[],
  otherSlugs: string[],
): Promise<number> {
  const moved = await tx.query(
    'UPDATE installed_plugins SET plugin_id = $1, updated_at = epoch_now(), version = version + 1 WHERE plugin_id = ANY($2::bigint[])',
    [targetId, sources],
  );
  await tx.query('DELETE FROM plugins WHERE id = ANY($1::bigint[])', [sources]);
  await tx.query(
    'UPDATE plugins SET other_slugs = $2, updated_at = epoch_now(), version = version + 1 WHERE id = $1',
    [targetId, otherSlugs],
  );
  return moved.rowCount;
}
