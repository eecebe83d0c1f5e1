import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5 affiliate links: the list asks for a website first; show (Overview, Changes); create; edit. */
export const affiliateLinks = defineScreens(resources.affiliateLinks, {
  icon: CallSplitOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./AffiliateLinkList'), 'AffiliateLinkList'),
  show: lazyScreen(() => import('./AffiliateLinkShow'), 'AffiliateLinkShow'),
});
