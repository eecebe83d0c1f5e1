import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const websites: ResourceDef = {
  name: resources.websites.path,
  label: resources.websites.label,
  icon: LanguageOutlined,
  group: 'Websites',
  recordRepresentation: 'hostname',
  list: lazyScreen(() => import('./WebsiteList'), 'WebsiteList'),
  show: lazyScreen(() => import('./WebsiteShow'), 'WebsiteShow'),
  edit: lazyScreen(() => import('./WebsiteEdit'), 'WebsiteEdit'),
  create: lazyScreen(() => import('./WebsiteCreate'), 'WebsiteCreate'),
};
