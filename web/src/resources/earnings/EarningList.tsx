import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';

const spec = resources.earnings;

/** SPEC §3 Daily conversion metrics: clicks, signups and first-time deposits of a site on a day. */
const columns = screenColumns(spec, [
  websiteColumn,
  col.date('day', 'Day'),
  'clicks',
  'signups',
  'ftd',
  ['id', { hidden: true }],
]);

const filters = screenFilters(spec, [['website_id', { quick: true }], 'day', 'clicks', 'signups', 'ftd']);

export const EarningList = () => (
  <ResourceList
    columns={columns}
    filters={filters}
    rowClick={false}
    smallScreen={['website_hostname', 'day', 'ftd']}
  />
);
