import { resources } from '@sitefleet/shared';
import type { RowClickFunction } from 'react-admin';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { STATE_LABELS, wpSiteColumns } from './columns';

const filters = screenFilters(resources.wpSites, [
  ['url', { quick: true }],
  ['state', { labels: STATE_LABELS }],
  'website_id',
  'companion',
  'core_version',
  'plugin_updates',
  'last_sync_at',
]);

/** A row opens its website's Wordpress tab, where the connection is shown and acted on. */
const rowClick: RowClickFunction = (_id, _resource, record) =>
  `/${resources.websites.path}/${encodeURIComponent(String(record.website_id))}/show/wordpress`;

/** WordPress connections: the fleet at a glance (state, versions, pending updates, last sync and error). */
export const WpSiteList = () => (
  <ResourceList
    columns={wpSiteColumns}
    filters={filters}
    rowClick={rowClick}
    smallScreen={['website_hostname', 'state', 'plugin_updates']}
  />
);
