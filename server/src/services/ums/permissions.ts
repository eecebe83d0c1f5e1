import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';
import type { Db } from '../../db/db.js';

export const permissionsResource = defineServerResource({ spec: resources.permissions });

/**
 * Makes the permission rows match the routes this process registers with access 'permission'. Rows of
 * routes that no longer exist (within the services this process serves) are removed, and with them their
 * ids in every role.
 */
export async function syncPermissions(
  db: Db,
  routes: Array<{ method: string; url: string }>,
  services: string[],
): Promise<{ added: number; removed: number }> {
  return db.transaction(async (tx) => {
    const methods = routes.map((r) => r.method);
    const urls = routes.map((r) => r.url);
    const added = await tx.query(
      `INSERT INTO permissions (method, route)
       SELECT m, u FROM unnest($1::text[], $2::text[]) AS x(m, u)
       ON CONFLICT (method, route) DO NOTHING`,
      [methods, urls],
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
