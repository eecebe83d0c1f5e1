import { maxLength, required, TextInput } from 'react-admin';
import { resources } from '@sitefleet/shared';
import type { CanSave } from '../../common/record/FormToolbar';

/** SPEC §5: Save stays disabled while the name is empty. */
export const tagCanSave: CanSave = (values) => typeof values.name === 'string' && values.name.trim() !== '';

export const TagInputs = () => (
  <TextInput
    source="name"
    label="Name"
    validate={[required(), maxLength(resources.tags.fields.name.maxLength)]}
    sx={{ maxWidth: 480 }}
    fullWidth
    autoFocus
  />
);
