import type { PermissionKind } from '@sitefleet/shared';
import type { Db } from '../../db/db.js';

/*
 * Repository of the permission rows as start-up writes them: every registered route's row upserted, and
 * the rows of vanished routes removed from every role, in set-based statements over unnest() in one
 * transaction. The engine writes one record at a time for a user; this runs for the process, before any.
 */

/**
 * Makes the permission rows match the routes this process registers with access 'permission', each with
 * the kind its route declares. Rows of routes that no longer exist (within the services this process
 * serves) are removed, and with them their ids in every role.
 */
export async function syncPermissions(
  db: Db,
  routes: Array<{ method: string; url: string; kind?: PermissionKind }>,
  services: string[],
): Promise<{ added: number; removed: number }> {
  return db.transaction(async (tx) => {
    const methods = routes.map((r) => r.method);
    const urls = routes.map((r) => r.url);
    const kinds = routes.map((r) => r.kind ?? (r.method === 'GET' ? 'read' : 'write'));
    const added = await tx.query(
      `INSERT INTO permissions (method, route, kind)
       SELECT m, u, k FROM unnest($1::text[], $2::text[], $3::text[]) AS x(m, u, k)
       ON CONFLICT (method, route) DO NOTHING`,
      [methods, urls, kinds],
    );
    // A route whose declared kind changed keeps its grants: which roles should hold it is an admin's call
    // (or a migration's, as 0008 did for reveals and actions).
    await tx.query(
      `UPDATE permissions p SET kind = x.k, updated_at = epoch_now(), version = p.version + 1
       FROM unnest($1::text[], $2::text[], $3::text[]) AS x(m, u, k)
       WHERE p.method = x.m AND p.route = x.u AND p.kind <> x.k`,
      [methods, urls, kinds],
    );
    const prefixes = services.map((s) => `/${s}/%`);
    const stale = await tx.query<{ id: number }>(
      `SELECT p.id FROM permissions p
       WHERE p.route LIKE ANY($3::text[])
         AND NOT EXISTS (SELECT 1 FROM unnest($1::text[], $2::text[]) AS x(m, u) WHERE x.m = p.method AND x.u = p.route)`,
      [methods, urls, prefixes],
    );
    const staleIds = stale.rows.map((r) => Number(r.id));
    if (staleIds.length) {
      await tx.query(
        `UPDATE roles SET permissions = ARRAY(SELECT unnest(permissions) EXCEPT SELECT unnest($1::bigint[])),
           updated_at = epoch_now(), version = version + 1
         WHERE permissions && $1::bigint[]`,
        [staleIds],
      );
      await tx.query('DELETE FROM permissions WHERE id = ANY($1::bigint[])', [staleIds]);
    }
    return { added: added.rowCount, removed: staleIds.length };
  });
}
