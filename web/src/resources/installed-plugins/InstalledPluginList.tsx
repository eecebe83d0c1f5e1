import { resources } from '@sitefleet/shared';
import { RecordLink } from '../../common/fields/RecordLink';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';

const columns = screenColumns(resources.installedPlugins, [
  {
    source: 'plugin_name',
    label: 'Plugin',
    sortable: false,
    render: (r) => <RecordLink resource={resources.plugins.path} id={r.plugin_id} text={r.plugin_name} />,
  },
  websiteColumn,
  'plugin_file',
  'installed_version',
  'active',
  'update_version',
  ['auto_update', { hidden: true }],
  'synced_at',
  ['id', { hidden: true }],
]);

const filters = screenFilters(resources.installedPlugins, [
  ['plugin_file', { quick: true }],
  'plugin_id',
  'website_id',
  'active',
  'update_version',
  'auto_update',
]);

export const InstalledPluginList = () => (
  <ResourceList columns={columns} filters={filters} smallScreen={['plugin_name', 'website_hostname']} />
);
