import { HEARTBEAT_SERVICES } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { epochNow } from '../../core/time.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../core/errors.js';

/**
 * Heartbeats of the services this process serves (SPEC §7.2): epoch seconds once the database answers, and
 * the Node.js version the process runs on (so an operator sees which runtime a deployment really uses).
 */
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  for (const service of HEARTBEAT_SERVICES) {
    if (!deps.config.services.includes(service)) continue;
    app.get(`/${service}/health/heartbeat`, {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: `Heartbeat of ${service}: epoch seconds`,
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'integer' }, node: { type: 'string' } },
          },
        },
      },
      handler: async () => {
        try {
          await deps.db.query('SELECT 1');
        } catch {
          throw new AppError('internal', `${service}: the database does not answer`);
        }
        return { data: epochNow(), node: process.version };
      },
    });
  }
}
