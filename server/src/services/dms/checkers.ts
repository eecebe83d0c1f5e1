import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DELIMITER_NAMES } from '@sitefleet/shared';
import { AppError } from '../../core/errors.js';
import { idParamsSchema } from '../../core/schema.js';
import type { AppDeps } from '../../deps.js';
import { runStarted, runStartedSchema } from '../../jobs/artisan.js';
import type { JsonObject } from '../../jobs/types.js';

const delimiter = { type: 'string', enum: [...DELIMITER_NAMES, ',', ';', '\n'] };
const checked = {
  config: {
    access: 'permission' as const,
    kind: 'action' as const,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  },
};

/**
 * Starts a command for a console form: its field errors come back under the form's own field names
 * (domains, not arguments.domains), so the form shows them on its inputs (SPEC §8: back to the form).
 */
async function startForForm(
  deps: AppDeps,
  request: FastifyRequest,
  command: string,
  args: JsonObject,
): Promise<number> {
  try {
    const id = await deps.jobs.startRun('dms', command, args, {
      trigger: 'console',
      userId: request.ctx.user?.id ?? null,
    });
    await request.ctx.audit('command.run', `dms:${command}`, { cron_run_id: id });
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
  app.post('/dms/api/v1/backlinks/deindex-checker', {
    ...checked,
    schema: {
      tags: ['dms'],
      summary: 'Check whether domains are indexed; answers the cron run id (data.id)',
      body: {
        type: 'object',
        required: ['domains'],
        properties: { domains: { type: 'string', maxLength: 100_000 }, domain_delimiter: delimiter },
        additionalProperties: false,
      },
      response: { 200: runStartedSchema },
    },
    handler: async (request) => {
      const body = request.body as { domains: string; domain_delimiter?: string };
      return runStarted(
        await startForForm(deps, request, 'backlinks:deindex-check', {
          domains: body.domains,
          domain_delimiter: body.domain_delimiter ?? 'newline',
        }),
      );
    },
  });

  app.post('/dms/api/v1/backlinks/keyword-checker', {
    ...checked,
    schema: {
      tags: ['dms'],
      summary: 'Look for keywords on pages; answers the cron run id (cron_id)',
      body: {
        type: 'object',
        required: ['keywords', 'pages'],
        properties: {
          keywords: { type: 'string', maxLength: 20_000 },
          keyword_delimiter: delimiter,
          pages: { type: 'string', maxLength: 200_000 },
          page_delimiter: delimiter,
        },
        additionalProperties: false,
      },
      response: { 200: runStartedSchema },
    },
    handler: async (request) => {
      const body = request.body as Record<string, string | undefined>;
      return runStarted(
        await startForForm(deps, request, 'backlinks:keyword-check', {
          keywords: body.keywords ?? '',
          keyword_delimiter: body.keyword_delimiter ?? 'newline',
          pages: body.pages ?? '',
          page_delimiter: body.page_delimiter ?? 'newline',
        }),
      );
    },
  });

  app.post('/dms/api/v1/websites/:id/scan', {
    ...checked,
    schema: {
      tags: ['dms'],
      summary: "Crawl the website's pages and links; answers the cron run id (cron_id)",
      params: idParamsSchema,
      response: { 200: runStartedSchema },
    },
    handler: async (request) => {
      const id = Number((request.params as { id: string }).id);
      const exists = await deps.db.query('SELECT 1 FROM websites WHERE id = $1', [id]);
      if (!exists.rows.length) throw new AppError('not_found', `Websites: no record with id ${id}`);
      return runStarted(await startForForm(deps, request, 'websites:scan', { website_id: id }));
    },
  });
}
