import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { invalid } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { computedAt, factsHolding, graph, scoreOf, visibleHostnames } from './repository.js';
import { combine } from './score.js';

/** The graph's default: ties at least this strong are drawn. */
const DEFAULT_MIN_STRENGTH = 0.3;

/**
 * The footprint screen's calls. Every site named comes from the websites the user may see (the engine's
 * access rule on websites): a site the user may not see is a 404 when asked for, and is left out of the
 * graph and of other sites' reasons.
 */
export function registerFootprintActions(app: FastifyInstance, _model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  const websites = engine.model('websites');
  const declared = actions.footprint;

  registerAction(app, declared.footprintGraph, {
    handler: async ({ query, ctx }) => {
      const visible = engine.visibleIds(ctx, websites);
      const g = await graph(
        ctx.db,
        visible,
        query.min_strength ?? DEFAULT_MIN_STRENGTH,
        actions.footprint.FOOTPRINT_MAX_EDGES,
      );
      return { data: { computed_at: await computedAt(ctx.db), ...g } };
    },
  });

  registerAction(app, declared.footprintOfSite, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const site = await engine.getOne(ctx, websites, id);
      const facts = await factsHolding(ctx.db, [id]);
      const names = await visibleHostnames(
        ctx.db,
        engine.visibleIds(ctx, websites),
        [...new Set(facts.flatMap((f) => f.sites))].filter((s) => s !== id),
      );
      return {
        data: {
          website_id: id,
          hostname: String(site.hostname),
          computed_at: await computedAt(ctx.db),
          score: await scoreOf(ctx.db, id),
          reasons: facts.map((f) => ({
            kind: f.kind,
            value: f.value,
            label: f.label,
            weight: f.weight,
            sites: f.sites.flatMap((s) => {
              const hostname = names.get(s);
              return hostname === undefined ? [] : [{ id: s, hostname }];
            }),
          })),
        },
      };
    },
  });

  registerAction(app, declared.footprintPair, {
    handler: async ({ query, ctx }) => {
      const a = Number(query.a);
      const b = Number(query.b);
      if (a === b) throw invalid({ b: 'Pick two different sites' });
      const [siteA, siteB] = [await engine.getOne(ctx, websites, a), await engine.getOne(ctx, websites, b)];
      const facts = await factsHolding(ctx.db, [a, b]);
      return {
        data: {
          a: { id: a, hostname: String(siteA.hostname) },
          b: { id: b, hostname: String(siteB.hostname) },
          computed_at: await computedAt(ctx.db),
          strength: Math.round(combine(facts) * 1000) / 1000,
          reasons: facts.map((f) => ({ kind: f.kind, value: f.value, label: f.label, weight: f.weight })),
        },
      };
    },
  });
}
