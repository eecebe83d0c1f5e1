import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';

export const PermissionShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="method" label="Method" />
      <RecordValue source="route" label="Route" />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
