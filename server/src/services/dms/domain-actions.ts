import type { FastifyInstance } from 'fastify';
import type { ResourceModel } from '../../core/resource.js';
import type { AppDeps } from '../../deps.js';
import { importDomains, IMPORT_MAX_ROWS } from './domain-import.js';
import { registerDomainRefresh } from './domain-refresh.js';

const importBody = {
  type: 'object',
  properties: {
    rows: {
      type: 'array',
      maxItems: IMPORT_MAX_ROWS,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 300 },
          notes: { type: ['string', 'null'], maxLength: 5000 },
        },
        required: ['name'],
        additionalProperties: false,
      },
    },
  },
  required: ['rows'],
  additionalProperties: false,
};

const importResponse = {
  200: {
    type: 'object',
    properties: {
      data: {
        type: 'object',
        properties: {
          imported: { type: 'integer' },
          existing: { type: 'integer' },
          errors: { type: 'integer' },
          results: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                index: { type: 'integer' },
                name: { type: 'string' },
                status: { type: 'string' },
                message: { type: ['string', 'null'] },
                id: { type: ['integer', 'null'] },
              },
            },
          },
        },
      },
    },
  },
};

export function registerDomainActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  app.post(`/${model.path}/import`, {
    config: { access: 'permission', rateLimit: { max: 30, timeWindow: '1 minute' } },
    bodyLimit: 5 * 1024 * 1024,
    schema: {
      tags: [model.spec.service],
      summary: `Import up to ${IMPORT_MAX_ROWS} domains (name, notes); existing names are left untouched`,
      body: importBody,
      response: importResponse,
    },
    handler: async (request) => {
      const { rows } = request.body as { rows: Array<{ name: string; notes?: string | null }> };
      const results = await deps.db.transaction((tx) => importDomains(tx, rows));
      const imported = results.filter((r) => r.status === 'imported').length;
      await request.ctx.audit('import', model.name, { rows: rows.length, imported });
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
