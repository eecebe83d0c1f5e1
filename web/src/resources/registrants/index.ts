import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Read only: registrants come from WhoIs refreshes. */
export const registrants = defineScreens(resources.registrants, {
  icon: BadgeOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./RegistrantList'), 'RegistrantList'),
  show: lazyScreen(() => import('./RegistrantShow'), 'RegistrantShow'),
});
