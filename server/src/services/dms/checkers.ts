import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { RequestContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { AppDeps } from '../../deps.js';
import { runStarted } from '../../jobs/artisan.js';
import type { JsonObject } from '../../jobs/types.js';

/** Runs that fetch outside pages: a few a minute per client (SECURITY.md #20). */
const PER_MINUTE = 20;

/**
 * Starts a command for a console form: its field errors come back under the form's own field names
 * (domains, not arguments.domains), so the form shows them on its inputs (SPEC §8: back to the form).
 */
async function startForForm(
  deps: AppDeps,
  ctx: RequestContext,
  command: string,
  args: JsonObject,
): Promise<number> {
  try {
    const id = await deps.jobs.startRun('dms', command, args, {
      trigger: 'console',
      userId: ctx.user?.id ?? null,
    });
    await ctx.audit('command.run', `dms:${command}`, { cron_run_id: id });
    return id;
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      const fields = Object.fromEntries(
        Object.entries(err.fields).map(([k, v]) => [k.replace(/^arguments\./, ''), v]),
      );
      throw new AppError(err.code, err.message, fields);
    }
    throw err;
  }
}

/** The deindex and keyword checkers (SPEC §7.5) and the website scan: each starts a run and answers its id. */
export function registerCheckers(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('dms')) return;
  registerAction(app, actions.dms.deindexChecker, {
    perMinute: PER_MINUTE,
    handler: async ({ body, ctx }) =>
      runStarted(
        await startForForm(deps, ctx, 'backlinks:deindex-check', {
          domains: body.domains,
          domain_delimiter: body.domain_delimiter ?? 'newline',
        }),
      ),
  });

  registerAction(app, actions.dms.keywordChecker, {
    perMinute: PER_MINUTE,
    handler: async ({ body, ctx }) =>
      runStarted(
        await startForForm(deps, ctx, 'backlinks:keyword-check', {
          keywords: body.keywords,
          keyword_delimiter: body.keyword_delimiter ?? 'newline',
          pages: body.pages,
          page_delimiter: body.page_delimiter ?? 'newline',
        }),
      ),
  });

  registerAction(app, actions.dms.scanWebsite, {
    perMinute: PER_MINUTE,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await deps.engine.getOne(ctx, deps.engine.model(resources.websites.name), id); // under the access rule
      return runStarted(await startForForm(deps, ctx, 'websites:scan', { website_id: id }));
    },
  });
}
