import StorageOutlined from '@mui/icons-material/StorageOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const servers = defineScreens(resources.servers, {
  icon: StorageOutlined,
  group: 'Servers',
  list: lazyScreen(() => import('./ServerList'), 'ServerList'),
  show: lazyScreen(() => import('./ServerShow'), 'ServerShow'),
  inputs: () => import('./ServerInputs').then((m) => m.ServerInputs),
});
