import { Box, TextField } from '@mui/material';
import { backlinkEndDate, CURRENCIES, REL_ATTRIBUTES, resources } from '@sitefleet/shared';
import { BooleanInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { secondsToDate } from '../../common/format/dates';
import { EpochDateInput } from '../../common/inputs/EpochDateInput';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { validatorsOf } from '../../common/screens/validators';

const f = resources.externalBacklinks.fields;
const currencyChoices = CURRENCIES.map((c) => ({ id: c, name: c }));
const relChoices = REL_ATTRIBUTES.map((r) => ({ id: r, name: r }));

/** SPEC §4: a permanent link has no duration and no end date; otherwise the end date is start plus duration. */
const PeriodInputs = () => {
  const [permanent, selfCreated, start, duration] = useWatch({
    name: ['permanent', 'self_created', 'start_date', 'duration'],
  }) as [boolean | undefined, boolean | undefined, number | null | undefined, number | null | undefined];
  if (permanent) return <EpochDateInput source="start_date" label="Start date" />;
  const end = backlinkEndDate(start ?? null, duration ?? null);
  const needed = selfCreated ? [] : [required()];
  return (
    <>
      <EpochDateInput source="start_date" label="Start date" />
      <NumberInput
        source="duration"
        label="Duration (days)"
        min={1}
        max={3650}
        validate={validatorsOf(f.duration, ...needed)}
      />
      <TextField
        label="End date"
        value={end === null ? '' : (secondsToDate(end) ?? '')}
        helperText="Start date plus the duration"
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
        data-testid="end-date"
        size="small"
      />
    </>
  );
};

/** SPEC §4: a self-created link has no contact. */
const ContactInputs = () =>
  useWatch({ name: 'self_created' }) ? null : (
    <FormSection title="Contact (who sold it)">
      <Box sx={formGrid}>
        <TextInput source="contact.name" label="Contact name" />
        <TextInput source="contact.email" label="Contact e-mail" type="email" />
        <TextInput source="contact.im" label="Contact IM" helperText="Skype, Telegram, WhatsApp…" />
      </Box>
    </FormSection>
  );

/** Create and Edit of an external backlink (SPEC §3 fields, §4 form rules). */
export const ExternalBacklinkInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <FormSection title="The link">
      <Box sx={formGrid}>
        <TextInput
          source="backlink"
          label="Backlink (linking page)"
          validate={validatorsOf(f.backlink)}
          helperText="The page on the other site that carries the link"
        />
        <TextInput
          source="url"
          label="Target URL"
          validate={validatorsOf(f.url)}
          helperText="Our page it links to"
        />
        <TextInput source="anchor" label="Anchor" validate={validatorsOf(f.anchor)} />
        <SelectInput
          source="rel_attribute"
          label="Rel"
          choices={relChoices}
          defaultValue="follow"
          validate={validatorsOf(f.rel_attribute)}
        />
        <ReferencePicker
          source="website_id"
          reference={resources.websites.path}
          label="Website"
          optionText="hostname"
        />
        <TextInput source="runcloud_name" label="RunCloud name" validate={validatorsOf(f.runcloud_name)} />
      </Box>
    </FormSection>
    <FormSection title="Price and period">
      <Box sx={formGrid}>
        <NumberInput source="price" label="Price" min={0} validate={validatorsOf(f.price)} />
        <SelectInput source="currency" label="Currency" choices={currencyChoices} defaultValue="EUR" />
        <BooleanInput source="permanent" label="Permanent" defaultValue={false} />
        <BooleanInput source="self_created" label="Self-created" defaultValue={false} />
        <PeriodInputs />
      </Box>
    </FormSection>
    <ContactInputs />
    <FormSection title="Notes">
      <TextInput
        source="notes"
        label="Notes"
        multiline
        minRows={3}
        fullWidth
        validate={validatorsOf(f.notes)}
      />
    </FormSection>
  </Box>
);
