import { Box } from '@mui/material';
import { resources, SERVER_TYPES } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { formGrid } from '../../common/inputs/FormSection';

const f = resources.servers.fields;

/** SPEC §5: type is required. */
export const ServerInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="name" label="Name" validate={validatorsOf(f.name)} />
      <SelectInput
        source="type"
        label="Type"
        choices={choicesOf(SERVER_TYPES)}
        validate={validatorsOf(f.type)}
      />
      <TextInput source="main_ip" label="Main IP" validate={validatorsOf(f.main_ip)} />
      <TextInput source="provider" label="Provider" validate={validatorsOf(f.provider)} />
      <TextInput source="location" label="Location" validate={validatorsOf(f.location)} />
      <TextInput
        source="operating_system"
        label="Operating system"
        validate={validatorsOf(f.operating_system)}
      />
      <TextInput source="web_server" label="Web server" validate={validatorsOf(f.web_server)} />
      <NumberInput
        source="runcloud_server_id"
        label="RunCloud server ID"
        validate={validatorsOf(f.runcloud_server_id)}
      />
    </Box>
    <TextInput source="notes" label="Notes" multiline minRows={2} validate={validatorsOf(f.notes)} />
  </Box>
);
