import { Card, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { createScreen } from '../../common/screens/forms';
import { BulkIpCreate } from './BulkIpCreate';
import { IpAddressInputs } from './IpAddressInputs';

const OneAddress = createScreen(IpAddressInputs, { createTitle: 'Create IP address' });

/** One address with the usual form, or several from a textarea. */
export const IpAddressCreate = () => {
  const [mode, setMode] = useState<'one' | 'many'>('one');
  const toggle = (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      onChange={(_, value: 'one' | 'many' | null) => value && setMode(value)}
      aria-label="How many addresses"
    >
      <ToggleButton value="one">One address</ToggleButton>
      <ToggleButton value="many">Several addresses</ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        {toggle}
      </Stack>
      {mode === 'one' ? (
        <OneAddress />
      ) : (
        <Card>
          <Title title="Create IP addresses" />
          <BulkIpCreate />
        </Card>
      )}
    </Stack>
  );
};
