import { resources, stripDomainInput } from '@sitefleet/shared';
import type { FilterDef } from '../../common/list/filters/types';

/** SPEC §2.5: the name search has scheme, slashes and www stripped in the input as on the server. */
export const domainFilters: FilterDef[] = [
  { source: 'name', label: 'Name', kind: 'text', quick: true, clean: stripDomainInput },
  { source: 'pulled_from', label: 'Pulled from', kind: 'text' },
  { source: 'nameservers', label: 'Nameserver', kind: 'text' },
  { source: 'expiration_date', label: 'Expiration date', kind: 'dateRange' },
  {
    source: 'registrar_id',
    label: 'Registrar',
    kind: 'reference',
    reference: resources.registrars.path,
    optionText: 'registrar',
  },
  {
    source: 'registrant_id',
    label: 'Registrant',
    kind: 'reference',
    reference: resources.registrants.path,
    optionText: 'registrant_name',
  },
  {
    source: 'website_id',
    label: 'Website',
    kind: 'reference',
    reference: resources.websites.path,
    optionText: 'hostname',
  },
  { source: 'deindexed', label: 'Deindexed', kind: 'boolean' },
  { source: 'whois_protected', label: 'WhoIs protected', kind: 'boolean' },
  { source: 'auto_renew', label: 'Auto renew', kind: 'boolean' },
  { source: 'expiration_alerts', label: 'Expiration alerts', kind: 'boolean' },
];
