import LanOutlined from '@mui/icons-material/LanOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** One address is created with the form, several at once from a textarea (IpAddressCreate). */
export const ipAddresses = defineScreens(resources.ipAddresses, {
  icon: LanOutlined,
  group: 'Servers',
  list: lazyScreen(() => import('./IpAddressList'), 'IpAddressList'),
  show: lazyScreen(() => import('./IpAddressShow'), 'IpAddressShow'),
  inputs: () => import('./IpAddressInputs').then((m) => m.IpAddressInputs),
  create: lazyScreen(() => import('./IpAddressCreate'), 'IpAddressCreate'),
});
