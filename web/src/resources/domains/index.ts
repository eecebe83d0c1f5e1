import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const domains: ResourceDef = {
  name: resources.domains.path,
  label: resources.domains.label,
  icon: PublicOutlined,
  group: 'Websites',
  recordRepresentation: 'unicode_name',
  list: lazyScreen(() => import('./DomainList'), 'DomainList'),
  show: lazyScreen(() => import('./DomainShow'), 'DomainShow'),
  edit: lazyScreen(() => import('./DomainEdit'), 'DomainEdit'),
  create: lazyScreen(() => import('./DomainCreate'), 'DomainCreate'),
};
