import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { nameserverFilters } from './filters';

const columns: ColumnDef[] = [
  col.text('nameserver', 'Nameserver'),
  col.reference('registrar_id', 'Registrar', resources.registrars.path, 'registrar'),
  col.count('domains_count', 'Domains', 'domain', {
    resource: resources.domains.path,
    filter: (r) => ({ nameservers: r.nameserver }),
  }),
  col.text('id', 'ID', { hidden: true }),
];

export const NameserverList = () => <ResourceList columns={columns} filters={nameserverFilters} />;
