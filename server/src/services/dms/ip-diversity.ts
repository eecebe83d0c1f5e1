import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { ResourceModel } from '../../core/resource.js';
import type { AppDeps } from '../../deps.js';
import { groupBySubnet, shareBy, type IpUsage } from './subnets.js';

/** How the network's sites spread over subnets, providers and locations (the IP addresses Diversity tab). */
export function registerDiversity(app: FastifyInstance, _model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.dms.ipDiversity, {
    handler: async () => {
      const r = await deps.db.query<IpUsage>(
        `SELECT i.ip_address, i.provider, i.location,
           coalesce(array_agg(w.id ORDER BY w.id) FILTER (WHERE w.id IS NOT NULL), '{}') AS site_ids
         FROM ip_addresses i LEFT JOIN websites w ON w.ip_address_id = i.id AND w.status <> 'DELETED'
         GROUP BY i.id ORDER BY i.ip_address`,
      );
      const rows = r.rows.map((x) => ({ ...x, site_ids: x.site_ids.map(Number) }));
      const narrow = groupBySubnet(rows, 'narrow');
      const wide = groupBySubnet(rows, 'wide');
      const unplaced = await deps.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM websites WHERE ip_address_id IS NULL AND status <> 'DELETED'",
      );
      return {
        data: {
          totals: {
            ips: rows.length,
            sites: rows.reduce((n, x) => n + x.site_ids.length, 0),
            sites_without_ip: Number(unplaced.rows[0]?.n ?? 0),
            subnets24: narrow.length,
            subnets16: wide.length,
            flagged24: narrow.filter((g) => g.flagged).length,
            flagged16: wide.filter((g) => g.flagged).length,
          },
          subnets24: narrow,
          subnets16: wide,
          providers: shareBy(rows, 'provider'),
          locations: shareBy(rows, 'location'),
        },
      };
    },
  });
}
