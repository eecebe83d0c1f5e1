import VpnLockOutlined from '@mui/icons-material/VpnLockOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const proxyServers: ResourceDef = {
  name: resources.proxyServers.path,
  label: 'Proxy Servers',
  icon: VpnLockOutlined,
  group: 'Servers',
  recordRepresentation: 'name',
  list: lazyScreen(() => import('./ProxyServerList'), 'ProxyServerList'),
  show: lazyScreen(() => import('./ProxyServerShow'), 'ProxyServerShow'),
  edit: lazyScreen(() => import('./ProxyServerEdit'), 'ProxyServerEdit'),
  create: lazyScreen(() => import('./ProxyServerCreate'), 'ProxyServerCreate'),
};
