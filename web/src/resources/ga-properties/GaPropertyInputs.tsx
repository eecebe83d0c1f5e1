import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { AutocompleteInput, ReferenceInput, TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';

/** SPEC §3: a GA property belongs to a money site, so the picker offers only those (the server refuses others). */
export const MONEY_SITES = resources.gaProperties.fields.website_id.referenceWhere.match;

/** The property as the import read it (read only), and the money site it belongs to. */
export const GaPropertyInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="display_name" label="Display name" disabled />
      <TextInput source="name" label="Property" disabled />
      <TextInput source="parent" label="Parent account" disabled />
      <TextInput source="account_id" label="Account" disabled />
      <ReferenceInput
        source="website_id"
        reference={resources.websites.path}
        filter={MONEY_SITES}
        perPage={100}
        sort={{ field: 'hostname', order: 'ASC' }}
      >
        <AutocompleteInput label="Money site" optionText="hostname" />
      </ReferenceInput>
    </Box>
  </Box>
);
