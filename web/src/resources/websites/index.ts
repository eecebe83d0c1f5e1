import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const websites = defineScreens(resources.websites, {
  icon: LanguageOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./WebsiteList'), 'WebsiteList'),
  show: lazyScreen(() => import('./WebsiteShow'), 'WebsiteShow'),
  inputs: () => import('./WebsiteInputs').then((m) => m.WebsiteInputs),
  create: lazyScreen(() => import('./WebsiteCreate'), 'WebsiteCreate'),
});
