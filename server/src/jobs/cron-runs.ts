import { JOB_SERVICES, resources, type JobService } from '@sitefleet/shared';
import { defineServerResource, type ServerResource } from '../core/resource.js';
import type { JobEngine } from './engine.js';

const outputItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    key: { type: 'string' },
    output: { type: 'object', additionalProperties: true },
    finished_at: { type: ['integer', 'null'] },
    attempts: { type: 'integer' },
  },
};

/**
 * The cron runs of each service that runs commands (SPEC §2.5): one table, one read-only resource per
 * service path, each seeing only its service's runs. Get-one adds the latest outputs (SPEC §3).
 */
export function cronRunResources(jobs: () => JobEngine): ServerResource[] {
  return JOB_SERVICES.map((service: JobService) =>
    defineServerResource({
      spec: resources.cronJobs[service],
      table: 'cron_runs',
      scope: { service },
      detail: {
        schema: {
          job_output: { type: 'array', items: outputItem },
          failed_job_output: { type: 'array', items: outputItem },
          job_output_total: { type: 'integer' },
          failed_job_output_total: { type: 'integer' },
        },
        load: async (_db, record) => ({ ...(await jobs().outputs(Number(record.id))) }),
      },
    }),
  );
}
