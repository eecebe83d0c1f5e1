import TrafficOutlined from '@mui/icons-material/TrafficOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: hostnames with their request counts; a host's page shows its requests by path. */
export const analyticsRequests = defineScreens(resources.analyticsRequests, {
  icon: TrafficOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./RequestList'), 'RequestList'),
  show: lazyScreen(() => import('./RequestShow'), 'RequestShow'),
});
