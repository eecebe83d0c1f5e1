import { TabbedShowLayout } from 'react-admin';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { RolePermissions } from './RolePermissions';

/** The permissions have a tab of their own, grouped by service (not the Overview's list of ids). */
export const RoleShow = () => (
  <DerivedShow duplicate fields={['name', 'description']}>
    <TabbedShowLayout.Tab label="Permissions" path="permissions">
      <RolePermissions />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
