import VpnLockOutlined from '@mui/icons-material/VpnLockOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const proxyServers = defineScreens(resources.proxyServers, {
  icon: VpnLockOutlined,
  group: 'Servers',
  list: lazyScreen(() => import('./ProxyServerList'), 'ProxyServerList'),
  inputs: () => import('./ProxyServerInputs').then((m) => m.ProxyServerInputs),
});
