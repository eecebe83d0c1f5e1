import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';

const spec = resources.accurankerDomains;

const columns = screenColumns(spec, [
  'domain',
  'display_name',
  websiteColumn,
  col.text('keyword_count', 'Keywords', { align: 'right' }),
  ['google_business_name', { hidden: true }],
  'last_scraped',
  ['accuranker_id', { hidden: true }],
  ['id', { hidden: true }],
]);

const filters = screenFilters(spec, [
  ['domain', { quick: true }],
  'display_name',
  'website_id',
  'last_scraped',
]);

export const AccurankerDomainList = () => (
  <ResourceList
    columns={columns}
    filters={filters}
    smallScreen={['domain', 'keyword_count']}
    actions={<RunCommandButton service="dms" command="seo:rankings" label="Import ranks" />}
  />
);
