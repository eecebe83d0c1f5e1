import { JOB_SERVICES } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';

/**
 * Background work of a worker process (ROLE=worker, or ROLE=all in embedded mode): the job queue's workers
 * on every command, lost-job supervision and the command schedules. Several worker processes on one
 * PostgreSQL share the work. Resolves once the workers run; answers a stop function.
 */
export async function startWorker(deps: AppDeps, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  await deps.jobs.startWorkers();
  log.info({ commands: JOB_SERVICES.flatMap((s) => deps.jobs.list(s)).length }, 'job workers started');
  return () => deps.jobs.stop();
}
