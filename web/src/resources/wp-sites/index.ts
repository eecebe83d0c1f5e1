import HubOutlined from '@mui/icons-material/HubOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** The fleet overview: each website's WordPress connection; connecting is on the website's Wordpress tab. */
export const wpSites = defineScreens(resources.wpSites, {
  icon: HubOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./WpSiteList'), 'WpSiteList'),
});
