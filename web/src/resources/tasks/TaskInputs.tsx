import { Box } from '@mui/material';
import { isTaskTypeAvailable, resources, TASK_TYPE_LABELS, TASK_TYPES } from '@sitefleet/shared';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteArrayInput, ReferenceArrayInput, SelectInput, TextInput } from 'react-admin';
import { dateToSeconds, secondsToDate } from '../../common/format/dates';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { validatorsOf } from '../../common/screens/validators';
import { postsRequired } from './rules';

const f = resources.tasks.fields;

/** SPEC §9: every type is listed; the ones not available yet are disabled and say so. */
const TYPE_CHOICES = TASK_TYPES.map((type) => ({
  id: type,
  name: isTaskTypeAvailable(type) ? TASK_TYPE_LABELS[type] : `${TASK_TYPE_LABELS[type]} (not available yet)`,
  disabled: !isTaskTypeAvailable(type),
}));

const unavailable = TASK_TYPES.filter((t) => !isTaskTypeAvailable(t)).map((t) => TASK_TYPE_LABELS[t]);
const UNAVAILABLE_NOTE = `${unavailable.slice(0, -1).join(', ')} and ${unavailable.at(-1) ?? ''} are not available yet`;

/** The posts of the chosen website (pages and posts, not attachments); cleared when the website changes. */
const PostsInput = () => {
  const website = useWatch({ name: 'website_id' }) as unknown;
  const { setValue } = useFormContext();
  const previous = useRef(website);
  useEffect(() => {
    if (previous.current !== website && previous.current !== undefined && previous.current !== null)
      setValue('post_ids', [], { shouldDirty: true, shouldValidate: true });
    previous.current = website;
  }, [website, setValue]);
  const chosen = typeof website === 'number' && website > 0;
  return (
    <ReferenceArrayInput
      source="post_ids"
      reference={resources.posts.path}
      filter={chosen ? { website_id: website, exclude_type: 'attachment' } : {}}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={100}
      enableGetChoices={() => chosen}
    >
      <AutocompleteArrayInput
        label="Posts"
        optionText="title"
        validate={postsRequired}
        disabled={!chosen}
        helperText={
          chosen ? 'The WordPress posts of this website the task is about' : 'Choose the website first'
        }
        fullWidth
      />
    </ReferenceArrayInput>
  );
};

/** Create and Edit of a task; its status moves on the board or the show page, never here. */
export const TaskInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <FormSection title="Task">
      <TextInput source="title" label="Title" validate={validatorsOf(f.title)} autoFocus fullWidth />
      <Box sx={formGrid}>
        <SelectInput
          source="type"
          label="Type"
          choices={TYPE_CHOICES}
          defaultValue="CREATE_POST"
          validate={validatorsOf(f.type)}
          helperText={UNAVAILABLE_NOTE}
        />
        <ReferencePicker
          source="website_id"
          reference={resources.websites.path}
          label="Website"
          optionText="hostname"
        />
      </Box>
      <PostsInput />
    </FormSection>
    <FormSection title="Who and when">
      <Box sx={formGrid}>
        <ReferencePicker
          source="assignee_id"
          reference={resources.users.path}
          label="Assignee"
          optionText="email"
        />
        <TextInput
          source="due_date"
          label="Due date"
          type="date"
          format={(value: unknown) => secondsToDate(value) ?? ''}
          // Due by the end of the day chosen (UTC).
          parse={(text: string) => (text ? dateToSeconds(text, true) : null)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <TextInput
        source="description"
        label="Description"
        validate={validatorsOf(f.description)}
        multiline
        minRows={3}
        fullWidth
      />
    </FormSection>
  </Box>
);
