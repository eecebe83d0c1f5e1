import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { canSaveSchedule } from './cadence';

/** SPEC §2.5 narrativa schedules: list, show (its articles), create, edit with the SPEC §4 rules. */
export const narrativaSchedules = defineScreens(resources.narrativaSchedules, {
  icon: EventRepeatOutlined,
  group: 'SEO and Tools',
  createTitle: 'New content schedule',
  list: lazyScreen(() => import('./ScheduleList'), 'ScheduleList'),
  show: lazyScreen(() => import('./ScheduleShow'), 'ScheduleShow'),
  inputs: () => import('./ScheduleInputs').then((m) => m.ScheduleInputs),
  canSave: canSaveSchedule,
});
