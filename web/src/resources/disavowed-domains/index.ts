import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5 disavowed-domains: list (with the disavow-file download), show, create, edit. */
export const disavowedDomains = defineScreens(resources.disavowedDomains, {
  icon: BlockOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./DisavowList'), 'DisavowList'),
});
