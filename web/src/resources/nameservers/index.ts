import DnsOutlined from '@mui/icons-material/DnsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Read only: nameservers come from WhoIs refreshes. */
export const nameservers = defineScreens(resources.nameservers, {
  icon: DnsOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./NameserverList'), 'NameserverList'),
  show: lazyScreen(() => import('./NameserverShow'), 'NameserverShow'),
});
