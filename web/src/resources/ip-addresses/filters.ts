import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const ipAddressFilters = screenFilters(resources.ipAddresses, [
  ['ip_address', { quick: true }],
  'server_id',
  'provider',
  'location',
  'available',
]);
