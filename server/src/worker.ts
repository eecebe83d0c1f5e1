import { JOB_SERVICES } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';
import { MonitoringService } from './monitoring/service.js';

/**
 * Background work of a worker process (ROLE=worker, or ROLE=all in embedded mode): the job queue's workers
 * on every command, lost-job supervision and the command schedules, and (with the umms service) uptime
 * monitoring. Several worker processes on one PostgreSQL share the work. Resolves once the workers run;
 * answers a stop function.
 */
export async function startWorker(deps: AppDeps, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  await deps.jobs.startWorkers();
  log.info({ commands: JOB_SERVICES.flatMap((s) => deps.jobs.list(s)).length }, 'job workers started');
  let monitoring: MonitoringService | null = null;
  if (deps.config.services.includes('umms')) {
    monitoring = new MonitoringService(deps, log.child({ module: 'monitoring' }));
    await monitoring.start();
  }
  return async () => {
    await monitoring?.stop();
    await deps.jobs.stop();
  };
}
