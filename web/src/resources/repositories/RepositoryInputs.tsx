import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { BooleanInput, TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';

const f = resources.repositories.fields;

export const RepositoryInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="name" label="Name" validate={validatorsOf(f.name)} />
      <TextInput source="repo" label="Repository" validate={validatorsOf(f.repo)} helperText="owner/name" />
      <TextInput source="url" label="URL" validate={validatorsOf(f.url)} />
      <TextInput source="branch" label="Branch" validate={validatorsOf(f.branch)} />
    </Box>
    <Box sx={{ display: 'flex', columnGap: 3, flexWrap: 'wrap' }}>
      <BooleanInput source="auto_deploy" label="Auto deploy" helperText={false} />
      <BooleanInput source="has_update" label="Has update" helperText={false} />
    </Box>
  </Box>
);
