import { resources } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

export const registrarFilters = screenFilters(resources.registrars, [
  ['registrar', { quick: true }],
  ['nameserver_domain_names', { label: 'Nameserver domain' }],
  ['other_registrar_names', { label: 'Other name' }],
  'homepage',
]);
