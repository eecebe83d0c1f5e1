import { resources, stripDomainInput } from '@sitefleet/shared';
import { screenFilters } from '../../common/screens/filters';

/** SPEC §2.5: the name search has scheme, slashes and www stripped in the input as on the server. */
export const domainFilters = screenFilters(resources.domains, [
  ['name', { quick: true, clean: stripDomainInput }],
  'pulled_from',
  'nameservers',
  'expiration_date',
  'registrar_id',
  'registrant_id',
  'website_id',
  'deindexed',
  'whois_protected',
  'auto_renew',
  'expiration_alerts',
]);
