import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { pluginInstallColumns } from './columns';
import { InstallsShow } from './InstallsShow';
import { PluginBulkActions } from './PluginBulkActions';

/** SPEC §2.5: tabs Overview, Installs (which sites, version, active, update available), Bulk Actions. */
export const PluginShow = () => (
  <InstallsShow
    installs={{
      reference: resources.installedPlugins.path,
      target: 'plugin_id',
      columns: pluginInstallColumns,
    }}
  >
    <TabbedShowLayout.Tab label="Bulk Actions" path="bulk-actions">
      <PluginBulkActions label={false} />
    </TabbedShowLayout.Tab>
  </InstallsShow>
);
