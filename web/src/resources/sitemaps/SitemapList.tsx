import { resources } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';

const columns = screenColumns(resources.sitemaps, [
  'url',
  websiteColumn,
  'kind',
  'url_count',
  'status',
  ['error', { hidden: true }],
  'last_modified',
  'checked_at',
  ['id', { hidden: true }],
]);

const filters = screenFilters(resources.sitemaps, [['url', { quick: true }], 'website_id', 'kind', 'status']);

export const SitemapList = () => (
  <ResourceList columns={columns} filters={filters} smallScreen={['url', 'website_hostname', 'url_count']} />
);
