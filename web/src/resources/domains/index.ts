import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const domains = defineScreens(resources.domains, {
  icon: PublicOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./DomainList'), 'DomainList'),
  show: lazyScreen(() => import('./DomainShow'), 'DomainShow'),
  inputs: () => import('./DomainInputs').then((m) => m.DomainInputs),
});
