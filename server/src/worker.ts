import { JOB_SERVICES } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';
import { AlertDelivery } from './monitoring/delivery.js';
import { MonitoringService } from './monitoring/service.js';
import { rankAlertDeliveries } from './services/dms/seo/rank-alerts.js';

/**
 * Background work of a worker process (ROLE=worker, or ROLE=all in embedded mode): the job queue's workers
 * on every command, lost-job supervision and the command schedules, (with the umms service) uptime
 * monitoring, and (with the dms service) the rank notifications' delivery. Several worker processes on one PostgreSQL share the work. Resolves once the workers run;
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
  // Rank notifications' e-mail and SMS (every worker sends; an alert is claimed, never sent twice).
  const rankAlerts = deps.config.services.includes('dms')
    ? new AlertDelivery({
        outbox: rankAlertDeliveries,
        db: deps.db,
        mailer: deps.integrations.mailer,
        sms: deps.integrations.sms,
        publicUrl: deps.config.publicUrl,
        log: log.child({ module: 'rank-alerts' }),
      })
    : null;
  rankAlerts?.start();
  return async () => {
    await rankAlerts?.stop();
    await monitoring?.stop();
    await deps.jobs.stop();
  };
}
