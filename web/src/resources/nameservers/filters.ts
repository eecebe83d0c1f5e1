import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const nameserverFilters = screenFilters(resources.nameservers, [
  ['nameserver', { quick: true }],
  'registrar_id',
]);
