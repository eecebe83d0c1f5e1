import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { JOB_SERVICES, resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { SERVICE_LABELS } from './labels';

// one list and one show for every service: the resource context says which service's runs they read
const list = lazyScreen(() => import('./CronRunList'), 'CronRunList');
const show = lazyScreen(() => import('./CronRunShow'), 'CronRunShow');

/** The cron runs of dms, umms and analytics (SPEC §2.5): read only. */
export const cronJobs = JOB_SERVICES.map((service) =>
  defineScreens(resources.cronJobs[service], {
    label: `${SERVICE_LABELS[service]} cron jobs`,
    icon: ScheduleOutlined,
    group: 'Cron Jobs',
    list,
    show,
  }),
);
