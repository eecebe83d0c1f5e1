import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { JOB_SERVICES, resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';
import { SERVICE_LABELS } from './labels';

// one list and one show for every service: the resource context says which service's runs they read
const list = lazyScreen(() => import('./CronRunList'), 'CronRunList');
const show = lazyScreen(() => import('./CronRunShow'), 'CronRunShow');

/** The cron runs of dms, umms and analytics (SPEC §2.5): read only. */
export const cronJobs: ResourceDef[] = JOB_SERVICES.map((service) => ({
  name: resources.cronJobs[service].path,
  label: `${SERVICE_LABELS[service]} cron jobs`,
  icon: ScheduleOutlined,
  group: 'Cron Jobs',
  recordRepresentation: 'command',
  list,
  show,
}));
