import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { ResourceModel } from '../../core/resource.js';
import type { AppDeps } from '../../deps.js';
import { ipUsage, sitesWithoutIp } from './ip-usage-repository.js';
import { groupBySubnet, shareBy } from './subnets.js';

/** How the network's sites spread over subnets, providers and locations (the IP addresses Diversity tab). */
export function registerDiversity(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.dms.ipDiversity, {
    handler: async ({ ctx }) => {
      const websites = deps.engine.visibleIds(ctx, deps.engine.model(resources.websites.name));
      const visible = { ips: deps.engine.visibleIds(ctx, model), websites };
      const [rows, unplaced] = await Promise.all([
        ipUsage(deps.db, visible),
        sitesWithoutIp(deps.db, websites),
      ]);
      const narrow = groupBySubnet(rows, 'narrow');
      const wide = groupBySubnet(rows, 'wide');
      return {
        data: {
          totals: {
            ips: rows.length,
            sites: rows.reduce((n, x) => n + x.site_ids.length, 0),
            sites_without_ip: unplaced,
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
