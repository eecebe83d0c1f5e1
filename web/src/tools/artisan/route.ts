import { JOB_SERVICES, type JobService } from '@sitefleet/shared';

/** The console route of a service's commands: `/artisan/dms`. */
export const artisanRoute = (service: JobService) => `/artisan/${service}`;
export const ARTISAN_ROUTE_PATTERN = '/artisan/:service';

export const isJobService = (value: unknown): value is JobService => JOB_SERVICES.some((s) => s === value);
