import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { BooleanInput, maxLength, required, TextInput } from 'react-admin';
import { formGrid } from '../../common/inputs/FormSection';

const f = resources.repositories.fields;

export const RepositoryInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="name" label="Name" validate={[required(), maxLength(f.name.maxLength)]} />
      <TextInput
        source="repo"
        label="Repository"
        validate={[required(), maxLength(f.repo.maxLength)]}
        helperText="owner/name"
      />
      <TextInput source="url" label="URL" validate={maxLength(f.url.maxLength)} />
      <TextInput source="branch" label="Branch" validate={maxLength(f.branch.maxLength)} />
    </Box>
    <Box sx={{ display: 'flex', columnGap: 3, flexWrap: 'wrap' }}>
      <BooleanInput source="auto_deploy" label="Auto deploy" helperText={false} />
      <BooleanInput source="has_update" label="Has update" helperText={false} />
    </Box>
  </Box>
);
