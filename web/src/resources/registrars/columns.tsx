import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';

export const registrarColumns: ColumnDef[] = [
  col.text('registrar', 'Registrar'),
  col.link('homepage', 'Homepage'),
  col.text('iana_id', 'IANA ID'),
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
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];
