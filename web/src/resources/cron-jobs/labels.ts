import type { CronRunStatus, JobService } from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';

export const SERVICE_LABELS: Record<JobService, string> = {
  dms: 'DMS',
  umms: 'UMMS',
  analytics: 'Analytics',
};

export const RUN_STATUS_LABELS: Record<CronRunStatus, string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

/** Running blue, done green; a run is failed when any of its jobs failed. */
export const RUN_STATUS_COLORS: Record<CronRunStatus, ChipColor> = {
  running: 'info',
  completed: 'success',
  failed: 'error',
};

export const TRIGGER_LABELS: Record<string, string> = {
  console: 'Console',
  schedule: 'Schedule',
  api: 'API',
};
