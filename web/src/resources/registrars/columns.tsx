import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';

export const registrarColumns = screenColumns(resources.registrars, [
  'registrar',
  'homepage',
  'iana_id',
  col.chips('nameserver_domain_names', 'Nameserver domains', { sortable: false }),
  col.chips('other_registrar_names', 'Other names', { sortable: false }),
  col.count('domains_count', 'Domains', 'domain', {
    resource: resources.domains.path,
    filter: (r) => ({ registrar_id: r.id }),
  }),
  col.count('nameservers_count', 'Nameservers', 'nameserver', {
    resource: resources.nameservers.path,
    filter: (r) => ({ registrar_id: r.id }),
  }),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);
