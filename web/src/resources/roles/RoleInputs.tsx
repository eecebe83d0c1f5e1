import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { TextInput } from 'react-admin';
import { PermissionPicker } from './PermissionPicker';

const f = resources.roles.fields;

export const RoleInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={validatorsOf(f.name)} sx={{ maxWidth: 480 }} fullWidth />
    <TextInput
      source="description"
      label="Description"
      validate={validatorsOf(f.description)}
      multiline
      minRows={2}
      sx={{ maxWidth: 720 }}
      fullWidth
    />
    <PermissionPicker />
  </>
);
