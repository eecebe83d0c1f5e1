import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import { resources } from '@sitefleet/shared';
import { registerSpec } from '../../providers/writable';
import { defineScreens, lazyScreen } from '../types';

// Keywords have no screens of their own, only the domain's Keywords tab, which reads their declaration.
registerSpec(resources.accurankerKeywords);
// Rank notifications are created, edited and deleted in the domain's Notifications tab.
registerSpec(resources.accurankerNotifications);

/** SPEC §2.5: list and show (Overview, Keywords, Notifications, History); staff only link a domain to its website. */
export const accurankerDomains = defineScreens(resources.accurankerDomains, {
  icon: TrendingUpOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./AccurankerDomainList'), 'AccurankerDomainList'),
  show: lazyScreen(() => import('./AccurankerDomainShow'), 'AccurankerDomainShow'),
});
