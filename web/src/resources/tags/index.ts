import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const tags: ResourceDef = {
  name: resources.tags.path,
  label: resources.tags.label,
  icon: LocalOfferOutlined,
  group: 'Websites',
  recordRepresentation: 'name',
  list: lazyScreen(() => import('./TagList'), 'TagList'),
  show: lazyScreen(() => import('./TagShow'), 'TagShow'),
  edit: lazyScreen(() => import('./TagEdit'), 'TagEdit'),
  create: lazyScreen(() => import('./TagCreate'), 'TagCreate'),
};
