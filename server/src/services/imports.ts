import { actions, isImportAction, type ImportAction } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../core/actions.js';
import { lockImports } from '../core/import-repository.js';
import { Importer } from '../core/imports.js';
import type { AppDeps } from '../deps.js';
import { compileBodyCheck } from '../plugins/validation.js';

/** Thrown to roll a dry run back once its answer is known: a dry run never writes, whatever hooks do. */
class DryRun extends Error {
  constructor(readonly results: Awaited<ReturnType<Importer['run']>>) {
    super('dry run');
  }
}

/** Every declared import (shared/src/actions/imports.ts). */
export const IMPORTS: readonly ImportAction[] = Object.values(actions.imports).filter(isImportAction);

/**
 * Registers `POST {resource path}/import` for each declared import of a resource this process serves. The
 * route holds the resource's create permission; a dry run answers each row's fate and writes nothing, a
 * commit writes the whole file in one transaction (any failure writes none of it).
 */
export function registerImports(app: FastifyInstance, deps: AppDeps): void {
  for (const spec of IMPORTS) {
    if (!deps.config.services.includes(spec.import.resource.service)) continue;
    const model = deps.engine.model(spec.import.resource.name);
    const importer = new Importer(deps.engine, model, spec.import, compileBodyCheck);
    registerAction(app, spec, {
      // A dry run per file read and a commit per import: bounded per client (SECURITY.md #15, #20).
      perMinute: 60,
      handler: async ({ body, ctx }) => {
        const dryRun = body.dry_run === true;
        let results;
        try {
          results = await deps.db.transaction(async (tx) => {
            if (!dryRun && deps.db.kind === 'postgres') await lockImports(tx, model);
            const done = await importer.run(ctx, tx, body.rows, dryRun);
            if (dryRun) throw new DryRun(done);
            return done;
          });
        } catch (err) {
          if (!(err instanceof DryRun)) throw deps.engine.translate(model, err);
          results = err.results;
        }
        const count = (status: string) => results.filter((r) => r.status === status).length;
        if (!dryRun) {
          if (count('created')) await deps.engine.changed(model);
          await ctx.audit('import', model.name, { rows: body.rows.length, created: count('created') });
        }
        return {
          data: {
            dry_run: dryRun,
            created: count('created'),
            existing: count('exists'),
            errors: count('error'),
            results,
          },
        };
      },
    });
  }
}
