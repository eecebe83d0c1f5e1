import { resources } from '@sitefleet/shared';
import { maxLength, required, TextInput } from 'react-admin';
import { PermissionPicker } from './PermissionPicker';

const f = resources.roles.fields;

export const RoleInputs = () => (
  <>
    <TextInput
      source="name"
      label="Name"
      validate={[required(), maxLength(f.name.maxLength)]}
      sx={{ maxWidth: 480 }}
      fullWidth
    />
    <TextInput
      source="description"
      label="Description"
      validate={maxLength(f.description.maxLength)}
      multiline
      minRows={2}
      sx={{ maxWidth: 720 }}
      fullWidth
    />
    <PermissionPicker />
  </>
);
