import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Uptime monitors (umms, SPEC §2.5); updates are PATCH, which the data provider reads from the declaration. */
export const monitors: ResourceDef = {
  name: resources.monitors.path,
  label: resources.monitors.label,
  icon: MonitorHeartOutlined,
  group: 'Uptime Monitoring',
  recordRepresentation: 'friendly_name',
  list: lazyScreen(() => import('./MonitorList'), 'MonitorList'),
  show: lazyScreen(() => import('./MonitorShow'), 'MonitorShow'),
  edit: lazyScreen(() => import('./MonitorEdit'), 'MonitorEdit'),
  create: lazyScreen(() => import('./MonitorCreate'), 'MonitorCreate'),
};
