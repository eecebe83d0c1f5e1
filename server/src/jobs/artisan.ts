import { JOB_SERVICES, type ArtisanCommand, type JobService } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import type { CommandDef, JsonObject } from './types.js';

const argumentSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    label: { type: 'string' },
    kind: { type: 'string' },
    required: { type: 'boolean' },
    values: { type: 'array', items: { type: 'string' } },
    help: { type: 'string' },
    default: {},
    min: { type: 'number' },
    max: { type: 'number' },
    maxLength: { type: 'integer' },
  },
};

const commandSchema = {
  type: 'object',
  properties: {
    command: { type: 'string' },
    description: { type: 'string' },
    arguments: { type: 'array', items: argumentSchema },
    schedule: { type: ['string', 'null'] },
    next_run: { type: ['integer', 'null'] },
    last_run: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        start_time: { type: 'integer' },
        end_time: { type: ['integer', 'null'] },
        remaining_jobs: { type: 'integer' },
        failed_count: { type: 'integer' },
        status: { type: 'string' },
      },
    },
  },
};

/** The answer of every call that starts a run: `data.id` (SPEC §7.5 deindex) and `cron_id` (the others). */
export const runStartedSchema = {
  type: 'object',
  properties: {
    cron_id: { type: 'integer' },
    data: { type: 'object', properties: { id: { type: 'integer' } } },
  },
};

export const runStarted = (id: number) => ({ cron_id: id, data: { id } });

async function describe(deps: AppDeps, service: JobService, defs: CommandDef[]): Promise<ArtisanCommand[]> {
  const last = await deps.db.query<NonNullable<ArtisanCommand['last_run']> & { command: string }>(
    `SELECT DISTINCT ON (command) command, id, start_time, end_time, remaining_jobs, failed_count, status
     FROM cron_runs WHERE service = $1 ORDER BY command, start_time DESC, id DESC`,
    [service],
  );
  const byCommand = new Map(last.rows.map(({ command, ...run }) => [command, run]));
  await deps.jobs.start();
  return defs.map((d) => ({
    command: d.name,
    description: d.description,
    arguments: d.arguments,
    schedule: d.schedule?.cron ?? null,
    next_run: deps.jobs.nextRun(d),
    last_run: byCommand.get(d.name) ?? null,
  }));
}

/** GET/POST {ms}/api/v1/artisan (SPEC §7.4): the registered commands, and running one. */
export function registerArtisan(app: FastifyInstance, deps: AppDeps): void {
  for (const service of JOB_SERVICES) {
    if (!deps.config.services.includes(service)) continue;
    const url = `/${service}/api/v1/artisan`;
    app.get(url, {
      config: { access: 'permission' },
      schema: {
        tags: [service],
        summary: 'List the commands of this service with their schedules and last runs',
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: commandSchema } } } },
      },
      handler: async () => ({ data: await describe(deps, service, deps.jobs.list(service)) }),
    });
    app.post(url, {
      config: { access: 'permission', kind: 'action', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: [service],
        summary: 'Run a command; answers the id of its cron run',
        body: {
          type: 'object',
          required: ['command'],
          properties: {
            command: { type: 'string', minLength: 1, maxLength: 100 },
            arguments: { type: 'object', additionalProperties: true },
          },
          additionalProperties: false,
        },
        response: { 200: runStartedSchema },
      },
      handler: async (request, reply) => {
        const body = request.body as { command: string; arguments?: JsonObject };
        const id = await deps.jobs.startRun(service, body.command, body.arguments ?? {}, {
          trigger: 'console',
          userId: request.ctx.user?.id ?? null,
        });
        await request.ctx.audit('artisan.run', `${service}:${body.command}`, { cron_run_id: id });
        return reply.send(runStarted(id));
      },
    });
  }
}
