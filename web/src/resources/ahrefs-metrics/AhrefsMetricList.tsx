import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';

const spec = resources.ahrefsMetrics;

export const ahrefsColumns = screenColumns(spec, [
  websiteColumn,
  col.date('day', 'Day'),
  'domain_rating',
  'live',
  'live_refdomains',
  'org_traffic',
  'org_keywords',
  ['all_time', { hidden: true }],
  ['org_keywords_1_3', { hidden: true }],
  ['org_cost', { hidden: true }],
  ['id', { hidden: true }],
]);

const filters = screenFilters(spec, [['website_id', { quick: true }], 'day', 'domain_rating', 'org_traffic']);

export const AhrefsMetricList = () => (
  <ResourceList
    columns={ahrefsColumns}
    filters={filters}
    smallScreen={['website_hostname', 'day', 'domain_rating']}
    actions={<RunCommandButton service="dms" command="seo:backlinks" label="Import from Ahrefs" />}
  />
);
