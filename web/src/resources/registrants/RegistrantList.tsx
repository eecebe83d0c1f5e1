import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { registrantFilters } from './filters';

const columns = screenColumns(resources.registrants, [
  'registrant_name',
  'company',
  'email',
  'country',
  col.count('domains_count', 'Domains', 'domain', {
    resource: resources.domains.path,
    filter: (r) => ({ registrant_id: r.id }),
  }),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const RegistrantList = () => <ResourceList columns={columns} filters={registrantFilters} />;
