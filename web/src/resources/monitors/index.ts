import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Uptime monitors (umms, SPEC §2.5); updates are PATCH, which the data provider reads from the declaration. */
export const monitors = defineScreens(resources.monitors, {
  icon: MonitorHeartOutlined,
  group: 'Uptime Monitoring',
  list: lazyScreen(() => import('./MonitorList'), 'MonitorList'),
  show: lazyScreen(() => import('./MonitorShow'), 'MonitorShow'),
  inputs: () => import('./MonitorInputs').then((m) => m.MonitorInputs),
});
