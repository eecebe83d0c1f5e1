import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { checkService, saveCheck, serviceTarget } from './check.js';
import { discoverServices, discoverySite } from './discover.js';

/**
 * Service discovery's own calls: check a service now, and discover a website's services. Each reads its
 * record under the engine's access rule first, so one the user may not see is a 404.
 */
export function registerServiceActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;

  registerAction(app, actions.serviceDiscovery.checkService, {
    // Each check asks DNS and requests a URL on a host of the network: bounded per client.
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const service = await serviceTarget(deps.db, id);
      if (!service) throw notFoundRecord(model.spec.label, id);
      const result = await checkService(deps.integrations, service);
      await saveCheck(deps.db, service, result);
      await engine.changed(model);
      await ctx.audit('service_discovery.check', `${model.name}/${id}`, { verified: result.verified });
      return {
        data: {
          verified: result.verified,
          last_checked: result.checked_at,
          message: result.message,
          evidence: { ...result.evidence },
        },
      };
    },
  });

  const websites = engine.model('websites');
  registerAction(app, actions.serviceDiscovery.discoverServices, {
    // A discovery asks a dozen names and requests as many URLs.
    perMinute: 10,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, websites, id);
      const site = await discoverySite(deps, id);
      if (!site) throw notFoundRecord(websites.spec.label, id);
      const outcome = await discoverServices(deps, ctx, model, site);
      await ctx.audit('service_discovery.discover', `${websites.name}/${id}`, {
        added: outcome.added.length,
        unanswered: outcome.unanswered.length,
      });
      return { data: outcome };
    },
  });
}
