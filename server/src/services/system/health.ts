import { actions, HEARTBEAT_SERVICES } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { AppError } from '../../core/errors.js';
import { epochNow } from '../../core/time.js';
import type { AppDeps } from '../../deps.js';
import { databaseAnswers } from './health-repository.js';

/**
 * Heartbeats of the services this process serves (SPEC §7.2): epoch seconds once the database answers, and
 * the Node.js version the process runs on (so an operator sees which runtime a deployment really uses).
 */
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  for (const service of HEARTBEAT_SERVICES) {
    if (!deps.config.services.includes(service)) continue;
    registerAction(app, actions.system.heartbeat[service], {
      handler: async () => {
        try {
          await databaseAnswers(deps.db);
        } catch {
          throw new AppError('internal', `${service}: the database does not answer`);
        }
        return { data: epochNow(), node: process.version };
      },
    });
  }
}
