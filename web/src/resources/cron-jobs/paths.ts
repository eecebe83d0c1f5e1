import { resources, type JobService } from '@sitefleet/shared';
import type { Identifier } from 'react-admin';

/** The hash route of a cron run's page: `/dms/api/v1/cron-jobs/{id}/show` (SPEC §2). */
export const cronRunPath = (service: JobService, id: Identifier) =>
  `/${resources.cronJobs[service].path}/${encodeURIComponent(String(id))}/show`;
