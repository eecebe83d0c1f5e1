import { Box } from '@mui/material';
import { resources, SERVER_TYPES } from '@sitefleet/shared';
import { maxLength, minValue, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { formGrid } from '../../common/inputs/FormSection';

const f = resources.servers.fields;

/** SPEC §5: type is required. */
export const ServerInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="name" label="Name" validate={[required(), maxLength(f.name.maxLength)]} />
      <SelectInput source="type" label="Type" choices={choicesOf(SERVER_TYPES)} validate={required()} />
      <TextInput source="main_ip" label="Main IP" validate={maxLength(f.main_ip.maxLength)} />
      <TextInput source="provider" label="Provider" validate={maxLength(f.provider.maxLength)} />
      <TextInput source="location" label="Location" validate={maxLength(f.location.maxLength)} />
      <TextInput source="operating_system" label="Operating system" validate={maxLength(100)} />
      <TextInput source="web_server" label="Web server" validate={maxLength(100)} />
      <NumberInput source="runcloud_server_id" label="RunCloud server ID" validate={minValue(1)} />
    </Box>
    <TextInput source="notes" label="Notes" multiline minRows={2} validate={maxLength(f.notes.maxLength)} />
  </Box>
);
