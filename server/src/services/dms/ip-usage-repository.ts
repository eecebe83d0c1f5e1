import type { Queryable } from '../../db/db.js';
import { sql, type SqlFragment } from '../../core/sql.js';
import type { IpUsage } from './subnets.js';

/**
 * The IP diversity report's reads. Direct SQL: an aggregate of websites per IP address (a report, not
 * records); the rows each user may see arrive as `visible` id subqueries from the engine, so the access rules
 * of both resources apply without being written again.
 */

export interface Visible {
  ips: SqlFragment;
  websites: SqlFragment;
}

/** Every visible IP address with the ids of the live visible sites on it. */
export async function ipUsage(db: Queryable, visible: Visible): Promise<IpUsage[]> {
  const q = sql`SELECT i.ip_address, i.provider, i.location,
      coalesce(array_agg(w.id ORDER BY w.id) FILTER (WHERE w.id IS NOT NULL), '{}') AS site_ids
    FROM ip_addresses i
    LEFT JOIN websites w ON w.ip_address_id = i.id AND w.status <> 'DELETED' AND w.id IN (${visible.websites})
    WHERE i.id IN (${visible.ips})
    GROUP BY i.id ORDER BY i.ip_address`.query();
  const r = await db.query<IpUsage>(q.text, q.values);
  return r.rows.map((x) => ({ ...x, site_ids: x.site_ids.map(Number) }));
}

/** How many live visible sites have no IP address. */
export async function sitesWithoutIp(db: Queryable, visibleWebsites: SqlFragment): Promise<number> {
  const q = sql`SELECT count(*) AS n FROM websites
    WHERE ip_address_id IS NULL AND status <> 'DELETED' AND id IN (${visibleWebsites})`.query();
  const r = await db.query<{ n: number }>(q.text, q.values);
  return Number(r.rows[0]?.n ?? 0);
}
