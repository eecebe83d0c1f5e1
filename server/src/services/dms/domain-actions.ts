import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { ResourceModel, Row } from '../../core/resource.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { importDomains } from './domain-import.js';
import { registerDomainRefresh } from './domain-refresh.js';

export function registerDomainActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.dms.importDomains, {
    perMinute: 30,
    handler: async ({ body: { rows }, ctx }) => {
      const prepare = (tx: Queryable, inputs: Row[]) => deps.engine.createValues(ctx, tx, model, inputs);
      const results = await deps.db.transaction((tx) => importDomains(tx, rows, prepare));
      deps.engine.changed(model);
      const imported = results.filter((r) => r.status === 'imported').length;
      await ctx.audit('import', model.name, { rows: rows.length, imported });
      return {
        data: {
          imported,
          existing: results.filter((r) => r.status === 'exists').length,
          errors: results.filter((r) => r.status === 'error').length,
          results,
        },
      };
    },
  });
  registerDomainRefresh(app, model, deps);
}
