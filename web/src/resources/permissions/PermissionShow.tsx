import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';
import { PERMISSION_KIND_LABELS } from './filters';

export const PermissionShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="method" label="Method" />
      <RecordValue source="route" label="Route" />
      <RecordValue source="kind" label="Kind" kind="choice" labels={PERMISSION_KIND_LABELS} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
