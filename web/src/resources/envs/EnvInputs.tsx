import { Box } from '@mui/material';
import { ENVIRONMENTS, resources } from '@sitefleet/shared';
import {
  BooleanInput,
  maxLength,
  PasswordInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formGrid } from '../../common/inputs/FormSection';

const f = resources.envs.fields;
const keep = (value: unknown) => value;

/**
 * The value box: plain text, or a password box once "Secret" is ticked. A secret's stored value is never
 * loaded into the form; leaving the box empty keeps it.
 */
const ValueInput = () => {
  const secret = useWatch({ name: 'secret' }) === true;
  const stored = useRecordContext()?.secret_value_set === true;
  if (!secret)
    return (
      <TextInput source="value" label="Value" multiline minRows={2} validate={maxLength(f.value.maxLength)} />
    );
  return (
    <PasswordInput
      source="value"
      label="Value"
      parse={keep}
      autoComplete="new-password"
      helperText={stored ? 'Stored sealed. Leave empty to keep it, or type a new value' : 'Stored sealed'}
      validate={maxLength(f.value.maxLength)}
    />
  );
};

export const EnvInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <SelectInput
        source="environment"
        label="Environment"
        choices={[...ENVIRONMENTS]}
        validate={required()}
      />
      <TextInput
        source="variable"
        label="Variable"
        validate={[required(), maxLength(f.variable.maxLength)]}
      />
    </Box>
    <BooleanInput source="secret" label="Secret" helperText="Secret values are stored sealed and masked" />
    <ValueInput />
  </Box>
);
