import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const serverFilters = screenFilters(resources.servers, [
  ['name', { quick: true }],
  ['main_ip', { quick: true }],
  'type',
  'provider',
  'location',
  'operating_system',
  'web_server',
]);
