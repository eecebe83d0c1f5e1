import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** SPEC §2.5: name and ip_address. */
export const proxyServerFilters = screenFilters(resources.proxyServers, [
  ['name', { quick: true }],
  ['ip_address', { quick: true }],
  'country',
  'banned_exp_dms',
]);
