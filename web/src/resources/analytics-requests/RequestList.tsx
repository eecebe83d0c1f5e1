import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';

const spec = resources.analyticsRequests;

const columns = screenColumns(spec, [
  'hostname',
  'website_id',
  {
    source: 'count',
    label: 'Requests',
    align: 'right',
    render: (r) => Number(r.count ?? 0).toLocaleString('en'),
    exportValue: (r) => Number(r.count ?? 0),
  },
  'last_ip',
  col.time('last_seen', 'Last request'),
]);

const filters = screenFilters(spec, [['hostname', { quick: true }], 'website_id', 'last_seen']);

/** The hosts the money sites' pages reported, most requested first. */
export const RequestList = () => (
  <ResourceList columns={columns} filters={filters} smallScreen={['hostname', 'count']} />
);
