import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { RecordShow } from '../../common/record/RecordShow';
import { RolePermissions } from './RolePermissions';

export const RoleShow = () => (
  <RecordShow duplicate>
    <TabbedShowLayout.Tab label="Overview">
      <RecordValue source="name" label="Name" />
      <RecordValue source="description" label="Description" />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Permissions" path="permissions">
      <RolePermissions />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
