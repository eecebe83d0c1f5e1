import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { badRequest, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { runStarted } from '../../../jobs/artisan.js';
import { absorbPlugins, lockPlugins } from './plugin-repository.js';

/**
 * The plugins' own routes: Merge (SPEC §7.4: installs of the merged plugins move to the kept one, whose
 * merged slugs the sync then files there) and the Bulk Actions tab's operation on chosen sites.
 */
export function registerPluginActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.wordpress.mergePlugins, {
    handler: async ({ params, query, ctx }) => {
      const targetId = Number(params.id);
      const ids = [...new Set(query.ids.split(',').map(Number))];
      const sources = ids.filter((i) => i !== targetId);
      if (!sources.length) throw badRequest('ids must name at least one plugin other than the target');
      const visible = deps.engine.visibleIds(ctx, model);
      const moved = await deps.db.transaction(async (tx) => {
        const found = await lockPlugins(tx, [targetId, ...sources], visible);
        const byId = new Map(found.map((p) => [p.id, p]));
        const missing = [targetId, ...sources].filter((i) => !byId.has(i));
        if (missing.length) throw notFoundRecord(resources.plugins.label, missing);
        const target = byId.get(targetId)!;
        const slugs = new Set(target.other_slugs);
        for (const i of sources) {
          const p = byId.get(i)!;
          slugs.add(p.slug);
          for (const s of p.other_slugs) slugs.add(s);
        }
        slugs.delete(target.slug);
        return absorbPlugins(tx, targetId, sources, [...slugs].sort());
      });
      await deps.engine.changed(model);
      await deps.engine.changed(deps.engine.model(resources.installedPlugins.name));
      await ctx.audit('merge', `plugins/${targetId}`, { merged: sources, movedInstalls: moved });
      const data = await deps.engine.getOne(ctx, model, targetId);
      return { data: { ...data, id: targetId }, meta: { moved_installs: moved } };
    },
  });

  registerAction(app, actions.wordpress.pluginBulk, {
    perMinute: 30,
    handler: async ({ params, body, ctx }) => {
      const pluginId = Number(params.id);
      await deps.engine.getOne(ctx, model, pluginId);
      const websites = deps.engine.model(resources.websites.name);
      const visible = await deps.engine.getMany(ctx, websites, body.website_ids);
      const unknown = body.website_ids.filter((id) => !visible.some((w) => Number(w.id) === id));
      if (unknown.length) throw badRequest(`Unknown websites: ${unknown.slice(0, 20).join(', ')}`);
      const id = await deps.jobs.startRun(
        'dms',
        'plugins:bulk',
        { plugin_id: pluginId, operation: body.operation, website_ids: body.website_ids.join(',') },
        { trigger: 'console', userId: ctx.user?.id ?? null },
      );
      await ctx.audit('command.run', 'dms:plugins:bulk', { cron_run_id: id, operation: body.operation });
      return runStarted(id);
    },
  });
}
