import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { pluginInstallColumns } from './columns';
import { PluginBulkActions } from './PluginBulkActions';

const counts = [
  <RecordValue key="total" source="total_installs" label="Installs" />,
  <RecordValue key="active" source="active_installs" label="Active installs" />,
  <RecordValue key="inactive" source="inactive_installs" label="Inactive installs" />,
  <RecordValue key="updates" source="updates_available" label="Updates available" />,
];

/** SPEC §2.5: tabs Overview, Installs (which sites, version, active, update available), Bulk Actions. */
export const PluginShow = () => (
  <DerivedShow more={counts}>
    <TabbedShowLayout.Tab label="Installs" path="installs">
      <ReferenceList
        reference={resources.installedPlugins.path}
        target="plugin_id"
        columns={pluginInstallColumns}
      />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Bulk Actions" path="bulk-actions">
      <PluginBulkActions label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
