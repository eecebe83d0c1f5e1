import {
  actions,
  resources,
  STATIC_COMMANDS,
  STATIC_OPERATION_LABELS,
  type StaticOperation,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { conflict, invalid } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import type { JsonObject } from '../../../jobs/types.js';
import { originError } from './command.js';
import { busyWith, loadTarget } from './repository.js';
import { refusal } from './state.js';

/** Each call crawls a whole site: a few a minute per client (SECURITY.md #20). */
const PER_MINUTE = 10;

/**
 * The website show page's 'static generator' (SPEC §4, §7.6): convert, publish and roll back, each checked
 * against the website (under the user's access rule on websites) and started as a command; the answer carries
 * the run's id, which the console's progress dialog follows.
 */
export function registerStaticSiteActions(app: FastifyInstance, _model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  const websites = engine.model(resources.websites.name);

  async function start(ctx: RequestContext, operation: StaticOperation, id: number, origin: string) {
    const bad = originError(origin);
    if (bad) throw invalid({ origin: bad }, bad);
    const website = await engine.getOne(ctx, websites, id);
    const target = await loadTarget(deps.db, id);
    if (!target) throw conflict(`${String(website.hostname)} no longer exists`);
    const why = refusal(operation, target);
    if (why) throw conflict(why);
    const busy = busyWith(target, -1);
    if (busy !== null)
      throw conflict(`${target.hostname}: another static operation (run #${busy}) is still working on it`);
    const command = STATIC_COMMANDS[operation];
    const args: JsonObject = operation === 'convert' ? { website_id: id, origin } : { website_id: id };
    const runId = await deps.jobs.startRun('dms', command, args, {
      trigger: 'console',
      userId: ctx.user?.id ?? null,
    });
    await ctx.audit(`static.${operation}`, `websites/${id}`, {
      cron_run_id: runId,
      ...(origin ? { origin } : {}),
    });
    return {
      success: true,
      message: `${STATIC_OPERATION_LABELS[operation]} started for ${target.hostname}`,
      cron: { id: runId },
      cron_id: runId,
    };
  }

  const declared = actions.staticSite;
  registerAction(app, declared.convertToStatic, {
    perMinute: PER_MINUTE,
    handler: ({ params, query, ctx }) => start(ctx, 'convert', Number(params.id), query.origin?.trim() ?? ''),
  });
  registerAction(app, declared.publishStatic, {
    perMinute: PER_MINUTE,
    handler: ({ params, ctx }) => start(ctx, 'publish', Number(params.id), ''),
  });
  registerAction(app, declared.rollbackStatic, {
    perMinute: PER_MINUTE,
    handler: ({ params, ctx }) => start(ctx, 'rollback', Number(params.id), ''),
  });
}
