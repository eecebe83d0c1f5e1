import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFoundRecord } from '../../core/errors.js';
import { defineServerResource, type ResourceModel } from '../../core/resource.js';
import { registerAction } from '../../core/actions.js';
import type { AppDeps } from '../../deps.js';
import type { Queryable } from '../../db/db.js';
import type { SqlFragment } from '../../core/sql.js';
import { absorbRegistrars, lockRegistrars, moveToRegistrar } from './registrar-merge-repository.js';

/**
 * Merges registrars into one: every domain and nameserver of the merged ones moves to the target, their
 * names are kept as other names of the target, and they are deleted; all in one transaction. Only
 * registrars in `visible` (the ids the resource's access rule lets the user see) can take part.
 */
export async function mergeRegistrars(
  tx: Queryable,
  targetId: number,
  ids: number[],
  visible: SqlFragment,
): Promise<number> {
  const sources = ids.filter((i) => i !== targetId);
  if (!sources.length) throw badRequest('ids must name at least one registrar other than the target');
  const found = await lockRegistrars(tx, [targetId, ...sources], visible);
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const missing = [targetId, ...sources].filter((i) => !byId.has(i));
  if (missing.length) throw notFoundRecord(resources.registrars.label, missing);
  const target = byId.get(targetId)!;
  const merged = sources.map((i) => byId.get(i)!);
  const otherNames = new Set(target.other_registrar_names);
  const nsDomains = new Set(target.nameserver_domain_names);
  for (const m of merged) {
    otherNames.add(m.registrar);
    for (const n of m.other_registrar_names) otherNames.add(n);
    for (const n of m.nameserver_domain_names) nsDomains.add(n);
  }
  otherNames.delete(target.registrar);
  const moved = await moveToRegistrar(tx, targetId, sources);
  await absorbRegistrars(tx, targetId, sources, {
    other: [...otherNames].sort(),
    nameserverDomains: [...nsDomains].sort(),
  });
  return moved;
}

function registerMerge(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.dms.mergeRegistrars, {
    handler: async ({ params, query, ctx }) => {
      const targetId = Number(params.id);
      const ids = [...new Set(query.ids.split(',').map(Number))];
      const visible = deps.engine.visibleIds(ctx, model);
      const movedDomains = await deps.db.transaction((tx) => mergeRegistrars(tx, targetId, ids, visible));
      for (const written of ['registrars', 'domains', 'nameservers']) {
        await deps.engine.changed(deps.engine.model(written));
      }
      await ctx.audit('merge', `registrars/${targetId}`, {
        merged: ids.filter((i) => i !== targetId),
        movedDomains,
      });
      const data = await deps.engine.getOne(ctx, model, targetId);
      return { data: { ...data, id: targetId }, meta: { moved_domains: movedDomains } };
    },
  });
}

export const registrarsResource = defineServerResource({
  spec: resources.registrars,
  computed: {
    domains_count: {
      kind: 'integer',
      sql: 'SELECT count(*) FROM domains d WHERE d.registrar_id = t.id',
      sortable: true,
    },
    nameservers_count: {
      kind: 'integer',
      sql: 'SELECT count(*) FROM nameservers n WHERE n.registrar_id = t.id',
      sortable: true,
    },
  },
  actions: registerMerge,
});

export const registrantsResource = defineServerResource({
  spec: resources.registrants,
  computed: {
    domains_count: {
      kind: 'integer',
      sql: 'SELECT count(*) FROM domains d WHERE d.registrant_id = t.id',
      sortable: true,
    },
  },
});

export const nameserversResource = defineServerResource({
  spec: resources.nameservers,
  computed: {
    domains_count: {
      kind: 'integer',
      sql: 'SELECT count(*) FROM domains d WHERE d.nameservers @> ARRAY[t.nameserver]',
      sortable: true,
    },
  },
});
