import { resources } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';

const spec = resources.gaProperties;

const columns = screenColumns(spec, [
  'display_name',
  'name',
  'account_id',
  { ...websiteColumn, label: 'Money site' },
  ['parent', { hidden: true }],
  ['kind', { hidden: true }],
  'property_updated',
  ['id', { hidden: true }],
]);

const filters = screenFilters(spec, [['display_name', { quick: true }], 'name', 'account_id', 'website_id']);

export const GaPropertyList = () => (
  <ResourceList
    columns={columns}
    filters={filters}
    smallScreen={['display_name', 'website_hostname']}
    actions={<RunCommandButton service="dms" command="seo:ga-properties" label="Import from GA4" />}
  />
);
