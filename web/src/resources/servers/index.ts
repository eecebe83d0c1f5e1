import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const servers: ResourceDef = {
  name: resources.servers.path,
  label: resources.servers.label,
  icon: StorageOutlined,
  group: 'Servers',
  recordRepresentation: 'name',
  list: lazyScreen(() => import('./ServerList'), 'ServerList'),
  show: lazyScreen(() => import('./ServerShow'), 'ServerShow'),
  edit: lazyScreen(() => import('./ServerEdit'), 'ServerEdit'),
  create: lazyScreen(() => import('./ServerCreate'), 'ServerCreate'),
};
