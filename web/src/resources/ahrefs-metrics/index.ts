import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list and show, read only: the daily Ahrefs import writes them. */
export const ahrefsMetrics = defineScreens(resources.ahrefsMetrics, {
  icon: InsightsOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./AhrefsMetricList'), 'AhrefsMetricList'),
  show: lazyScreen(() => import('./AhrefsMetricShow'), 'AhrefsMetricShow'),
});
