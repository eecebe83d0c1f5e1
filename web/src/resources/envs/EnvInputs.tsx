import { Box } from '@mui/material';
import { ENVIRONMENTS, resources, type RecordFor } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { BooleanInput, PasswordInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
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
  const stored = useRecordContext<RecordFor<typeof resources.envs>>()?.secret_value_set === true;
  if (!secret)
    return <TextInput source="value" label="Value" multiline minRows={2} validate={validatorsOf(f.value)} />;
  return (
    <PasswordInput
      source="value"
      label="Value"
      parse={keep}
      autoComplete="new-password"
      helperText={stored ? 'Stored sealed. Leave empty to keep it, or type a new value' : 'Stored sealed'}
      validate={validatorsOf(f.value)}
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
        validate={validatorsOf(f.environment)}
      />
      <TextInput source="variable" label="Variable" validate={validatorsOf(f.variable)} />
    </Box>
    <BooleanInput source="secret" label="Secret" helperText="Secret values are stored sealed and masked" />
    <ValueInput />
  </Box>
);
