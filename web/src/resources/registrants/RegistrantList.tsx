import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { registrantFilters } from './filters';

const columns: ColumnDef[] = [
  col.text('registrant_name', 'Registrant'),
  col.text('company', 'Company'),
  col.text('email', 'Email'),
  col.text('country', 'Country'),
  col.count('domains_count', 'Domains', 'domain', {
    resource: resources.domains.path,
    filter: (r) => ({ registrant_id: r.id }),
  }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const RegistrantList = () => <ResourceList columns={columns} filters={registrantFilters} />;
