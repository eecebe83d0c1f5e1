import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list and show (the run, then the site's scores over time), read only: the import writes them. */
export const lighthouseMetrics = defineScreens(resources.lighthouseMetrics, {
  icon: SpeedOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./LighthouseList'), 'LighthouseList'),
  show: lazyScreen(() => import('./LighthouseShow'), 'LighthouseShow'),
});
