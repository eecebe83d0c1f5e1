import { Box } from '@mui/material';
import { resources, SENDABLE_NOTIFICATION_TYPES } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { formGrid } from '../../common/inputs/FormSection';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { RESOLVED_LABELS, TYPE_LABELS } from './labels';
import { validateLink } from './linkRules';
import { MessageInput } from './MessageInput';

const f = resources.notifications.fields;
/** SPEC §9: the notification user and role pickers list 200 records. */
const PICKER_SIZE = 200;

/** Create and Edit: to a user, a role, or both (the server says 'Choose a user or a role' otherwise). */
export const NotificationInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <Box sx={formGrid}>
      <TextInput source="title" label="Title" validate={validatorsOf(f.title)} />
      <SelectInput
        source="type"
        label="Type"
        choices={choicesOf(SENDABLE_NOTIFICATION_TYPES, TYPE_LABELS)}
        defaultValue="INFO"
        validate={validatorsOf(f.type)}
      />
      <ReferencePicker
        source="user_id"
        reference={resources.users.path}
        label="User"
        optionText="email"
        perPage={PICKER_SIZE}
      />
      <ReferencePicker
        source="recipients"
        reference={resources.roles.path}
        label="Recipients (role)"
        optionText="name"
        perPage={PICKER_SIZE}
      />
      <TextInput
        source="link"
        label="Link"
        validate={validatorsOf(f.link, validateLink)}
        helperText="https://… opens in a new tab; #/… opens a console page"
      />
      {mode === 'edit' && (
        <SelectInput source="resolved" label="Resolved" choices={choicesOf(['no', 'yes'], RESOLVED_LABELS)} />
      )}
    </Box>
    <MessageInput />
  </Box>
);
