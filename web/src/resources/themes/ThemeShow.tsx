import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { themeInstallColumns } from './columns';

const counts = [
  <RecordValue key="total" source="total_installs" label="Installs" />,
  <RecordValue key="active" source="active_installs" label="Active installs" />,
  <RecordValue key="inactive" source="inactive_installs" label="Inactive installs" />,
  <RecordValue key="updates" source="updates_available" label="Updates available" />,
];

export const ThemeShow = () => (
  <DerivedShow more={counts}>
    <TabbedShowLayout.Tab label="Installs" path="installs">
      <ReferenceList
        reference={resources.installedThemes.path}
        target="theme_id"
        columns={themeInstallColumns}
        rowClick={false}
      />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
