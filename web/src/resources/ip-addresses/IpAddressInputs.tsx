import { ReferencePicker } from '../../common/record/ReferencePicker';
import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { BooleanInput, TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';
import { isIpAddress } from './ipList';

const f = resources.ipAddresses.fields;

export const validateIp = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isIpAddress(value.trim())
    ? 'Must be an IPv4 or IPv6 address'
    : undefined;

/** The fields an IP address shares with the others of a bulk create (all but the address). */
export const SharedIpInputs = () => (
  <>
    <Box sx={formGrid}>
      <ReferencePicker
        source="server_id"
        reference={resources.servers.path}
        label="Server"
        optionText="name"
        perPage={900}
      />
      <TextInput source="provider" label="Provider" validate={validatorsOf(f.provider)} />
      <TextInput source="location" label="Location" validate={validatorsOf(f.location)} />
      <BooleanInput source="available" label="Available" helperText={false} sx={{ mt: 1.5 }} />
    </Box>
    <TextInput source="info" label="Info" multiline minRows={2} validate={validatorsOf(f.info)} />
  </>
);

export const IpAddressInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <TextInput
      source="ip_address"
      label="IP address"
      validate={validatorsOf(f.ip_address, validateIp)}
      sx={{ maxWidth: 440 }}
    />
    <SharedIpInputs />
  </Box>
);
