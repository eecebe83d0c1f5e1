import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { nameserverFilters } from './filters';

const columns = screenColumns(resources.nameservers, [
  'nameserver',
  'registrar_id',
  col.count('domains_count', 'Domains', 'domain', {
    resource: resources.domains.path,
    filter: (r) => ({ nameservers: r.nameserver }),
  }),
  ['id', { hidden: true }],
]);

export const NameserverList = () => <ResourceList columns={columns} filters={nameserverFilters} />;
