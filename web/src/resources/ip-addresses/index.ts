import LanOutlined from '@mui/icons-material/LanOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const ipAddresses: ResourceDef = {
  name: resources.ipAddresses.path,
  label: 'IP Addresses',
  icon: LanOutlined,
  group: 'Servers',
  recordRepresentation: 'ip_address',
  list: lazyScreen(() => import('./IpAddressList'), 'IpAddressList'),
  show: lazyScreen(() => import('./IpAddressShow'), 'IpAddressShow'),
  edit: lazyScreen(() => import('./IpAddressEdit'), 'IpAddressEdit'),
  create: lazyScreen(() => import('./IpAddressCreate'), 'IpAddressCreate'),
};
