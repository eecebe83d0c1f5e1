import { actions, JOB_SERVICES, resources, type ArtisanCommand, type JobService } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../core/actions.js';
import type { RequestContext } from '../core/context.js';
import type { AppDeps } from '../deps.js';
import { latestRunPerCommand } from './artisan-repository.js';
import type { CommandDef, JsonObject } from './types.js';

/** The answer of every call that starts a run (RunStarted in shared/src/actions/define.ts). */
export const runStartedSchema = {
  type: 'object',
  properties: {
    cron_id: { type: 'integer' },
    data: { type: 'object', properties: { id: { type: 'integer' } } },
  },
};

export const runStarted = (id: number) => ({ cron_id: id, data: { id } });

async function describe(
  deps: AppDeps,
  ctx: RequestContext,
  service: JobService,
  defs: CommandDef[],
): Promise<ArtisanCommand[]> {
  const runs = deps.engine.model(resources.cronJobs[service].name);
  const byCommand = await latestRunPerCommand(ctx.db, deps.engine.visibleIds(ctx, runs));
  await deps.jobs.start();
  return defs.map((d) => ({
    command: d.name,
    description: d.description,
    arguments: d.arguments.map(({ values, ...a }) => (values ? { ...a, values: [...values] } : a)),
    schedule: d.schedule?.cron ?? null,
    next_run: deps.jobs.nextRun(d),
    last_run: byCommand.get(d.name) ?? null,
  }));
}

/** GET/POST {ms}/api/v1/artisan (SPEC §7.4): the registered commands, and running one. */
export function registerArtisan(app: FastifyInstance, deps: AppDeps): void {
  for (const service of JOB_SERVICES) {
    if (!deps.config.services.includes(service)) continue;
    const declared = actions.jobs.artisan[service];
    registerAction(app, declared.list, {
      handler: async ({ ctx }) => ({ data: await describe(deps, ctx, service, deps.jobs.list(service)) }),
    });
    registerAction(app, declared.run, {
      perMinute: 30,
      handler: async ({ body, ctx }) => {
        const id = await deps.jobs.startRun(service, body.command, (body.arguments ?? {}) as JsonObject, {
          trigger: 'console',
          userId: ctx.user?.id ?? null,
        });
        await ctx.audit('artisan.run', `${service}:${body.command}`, { cron_run_id: id });
        return runStarted(id);
      },
    });
  }
}
