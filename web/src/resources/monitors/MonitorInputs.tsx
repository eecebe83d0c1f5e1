import { Box } from '@mui/material';
import { MONITOR_GATEWAYS, MONITOR_TYPES, resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { maxLength, required, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { choicesOf } from '../../common/format/choices';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { gatewayName, LOCAL_GATEWAY, TYPE_LABELS } from './labels';
import { EMAIL_RECIPIENT, PHONE_RECIPIENT, validateRecipients } from './recipients';
import { RecipientsInput } from './RecipientsInput';
import { ScheduleInputs } from './ScheduleInputs';

const f = resources.monitors.fields;

export const URL_HELP = 'https://… for http and keyword; a host name or IP for ping';

const gatewayChoices = MONITOR_GATEWAYS.map((code) => ({ id: code, name: gatewayName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);
const urlRules = [required(), maxLength(f.url.maxLength)];
const keywordRules = [required('Enter the keyword to look for'), maxLength(f.value.maxLength)];
const validateEmails = validateRecipients(EMAIL_RECIPIENT);
const validatePhones = validateRecipients(PHONE_RECIPIENT);

/** Only a keyword monitor has a keyword, and it needs one. */
const KeywordInput = () =>
  useWatch({ name: 'type' }) === 'keyword' ? (
    <TextInput
      source="value"
      label="Keyword"
      validate={keywordRules}
      helperText="The page must contain it (case-insensitive), else the monitor counts as down"
    />
  ) : null;

/** Create and Edit (SPEC §5: url required). */
export const MonitorInputs = ({ mode }: { mode: 'create' | 'edit' }) => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <FormSection title="What to check">
      <Box sx={formGrid}>
        <TextInput source="url" label="URL or IP" validate={urlRules} helperText={URL_HELP} />
        <SelectInput
          source="type"
          label="Type"
          choices={choicesOf(MONITOR_TYPES, TYPE_LABELS)}
          defaultValue={mode === 'create' ? 'http' : undefined}
          validate={validatorsOf(f.type)}
        />
        <KeywordInput />
        <TextInput
          source="friendly_name"
          label="Name"
          validate={validatorsOf(f.friendly_name)}
          helperText="Shown in lists and alerts; the host name when left empty"
        />
        <ReferencePicker
          source="website_id"
          reference={resources.websites.path}
          label="Website"
          optionText="hostname"
        />
        <SelectInput
          source="gateway"
          label="Gateway country"
          choices={gatewayChoices}
          emptyText={LOCAL_GATEWAY}
          helperText="Empty: checks run from this server (as they do for a country without a remote gateway)"
        />
      </Box>
    </FormSection>
    <FormSection title="Schedule">
      <ScheduleInputs />
    </FormSection>
    <FormSection title="Alerts on a change to down and back up">
      <Box sx={formGrid}>
        <RecipientsInput
          source="alert_emails"
          label="Alert e-mails"
          kind={EMAIL_RECIPIENT}
          validate={validateEmails}
          placeholder="ops@example.com"
          helperText="Press Enter or a comma after each address; a pasted list is split"
        />
        <RecipientsInput
          source="alert_phone_numbers"
          label="Alert phone numbers (SMS)"
          kind={PHONE_RECIPIENT}
          validate={validatePhones}
          placeholder="+4915112345678"
          helperText="International format with country code, e.g. +4915112345678"
        />
      </Box>
    </FormSection>
  </Box>
);
