import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { NumberInput, TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';
import { SecretInput } from '../../common/inputs/SecretInput';
import { validateIp } from '../ip-addresses/IpAddressInputs';

const f = resources.proxyServers.fields;

export const ProxyServerInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="name" label="Name" validate={validatorsOf(f.name)} />
      <TextInput source="ip_address" label="IP address" validate={validatorsOf(f.ip_address, validateIp)} />
      <NumberInput source="port" label="Port" validate={validatorsOf(f.port)} />
      <TextInput source="country" label="Country" validate={validatorsOf(f.country)} />
      <TextInput source="username" label="Username" autoComplete="off" validate={validatorsOf(f.username)} />
      <SecretInput source="password" label="Password" />
      <TextInput
        source="banned_exp_dms"
        label="Banned until"
        type="datetime-local"
        format={(v: unknown) => (typeof v === 'number' ? new Date(v * 1000).toISOString().slice(0, 16) : '')}
        parse={(v: string) => (v ? Math.floor(Date.parse(`${v}Z`) / 1000) : null)}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText="UTC; empty when not banned"
      />
    </Box>
  </Box>
);
