import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';

const f = resources.registrars.fields;

export const RegistrarInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="registrar" label="Registrar" validate={validatorsOf(f.registrar)} />
      <TextInput source="homepage" label="Homepage" validate={validatorsOf(f.homepage)} />
      <TextInput source="iana_id" label="IANA ID" validate={validatorsOf(f.iana_id)} />
    </Box>
    <StringListInput
      source="nameserver_domain_names"
      label="Nameserver domains"
      helperText="Domains of the registrar's nameservers, separated by commas"
    />
    <StringListInput
      source="other_registrar_names"
      label="Other names"
      helperText="Other spellings of the registrar's name, separated by commas"
    />
  </Box>
);
