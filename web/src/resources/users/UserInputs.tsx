import { Box, Typography } from '@mui/material';
import { MARKETS, resources, USER_LANGUAGES } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import {
  AutocompleteArrayInput,
  BooleanInput,
  ReferenceArrayInput,
  regex,
  required,
  SelectArrayInput,
  TextInput,
} from 'react-admin';
import { PasswordInputs } from './PasswordInputs';

const f = resources.users.fields;
const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));
const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
  width: '100%',
};

export const UserInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Typography variant="subtitle2" sx={{ mb: 1 }}>
      Identity
    </Typography>
    <Box sx={twoColumns}>
      <TextInput source="name" label="Name" validate={validatorsOf(f.name)} />
      <TextInput source="last_name" label="Last name" validate={validatorsOf(f.last_name)} />
      <TextInput source="email" label="Email" type="email" validate={validatorsOf(f.email)} />
      <TextInput
        source="picture"
        label="Picture URL"
        validate={validatorsOf(f.picture, regex(/^https?:\/\/\S+$/i, 'Must be a URL (http:// or https://)'))}
      />
    </Box>
    <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
      Access
    </Typography>
    <Box sx={twoColumns}>
      <ReferenceArrayInput
        source="roles"
        reference={resources.roles.path}
        perPage={999}
        sort={{ field: 'name', order: 'ASC' }}
      >
        <AutocompleteArrayInput label="Roles" optionText="name" validate={required()} />
      </ReferenceArrayInput>
      <AutocompleteArrayInput
        source="target_markets"
        label="Target markets"
        choices={choices(MARKETS)}
        validate={validatorsOf(f.target_markets)}
      />
      <SelectArrayInput source="tags.languages" label="Languages" choices={choices(USER_LANGUAGES)} />
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center' }}>
        <BooleanInput source="adult" label="Adult content" helperText={false} />
        <BooleanInput source="disabled" label="Disabled" helperText={false} />
      </Box>
    </Box>
    <Box sx={{ maxWidth: 440 }}>
      <PasswordInputs mode={mode} />
    </Box>
  </Box>
);
