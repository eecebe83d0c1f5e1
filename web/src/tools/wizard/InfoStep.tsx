import { Box } from '@mui/material';
import { MARKETS, resources, WEBSITE_TYPES } from '@sitefleet/shared';
import type { WizardInput } from './types';
import { AutocompleteInput, BooleanInput, required, SelectInput, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { choicesOf } from '../../common/format/choices';
import { formGrid } from '../../common/inputs/FormSection';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { TYPE_LABELS } from '../../resources/websites/labels';
import { StepForm } from './StepForm';
import type { StepProps } from './stepProps';

const SOURCES = ['hostname', 'friendly_name', 'type', 'target_market', 'ssl', 'user_id'] as const;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Step 0: the new site's domain and how it will be run. */
export const InfoStep = ({ draft, wizard }: StepProps) => {
  const { info } = draft;
  const toInput = (v: FieldValues) => ({
    hostname: text(v.hostname),
    friendly_name: text(v.friendly_name) || null,
    type: v.type as WizardInput['type'],
    target_market: v.target_market as WizardInput['target_market'],
    ssl: v.ssl === true,
    user_id: typeof v.user_id === 'number' ? v.user_id : null,
  });
  return (
    <StepForm
      wizard={wizard}
      sources={SOURCES}
      toInput={toInput}
      defaultValues={{
        hostname: info.hostname ?? '',
        friendly_name: info.friendly_name ?? '',
        type: info.type,
        target_market: info.target_market,
        ssl: info.ssl,
        user_id: info.user_id,
      }}
    >
      <Box sx={formGrid}>
        <TextInput
          source="hostname"
          label="Domain"
          validate={required()}
          helperText="The new site's domain, without https:// (example.com)"
        />
        <TextInput source="friendly_name" label="Friendly name" />
        <SelectInput
          source="type"
          label="Type"
          choices={choicesOf(WEBSITE_TYPES, TYPE_LABELS)}
          validate={required()}
        />
        <AutocompleteInput
          source="target_market"
          label="Target market"
          choices={choicesOf(MARKETS)}
          validate={required()}
        />
        <ReferencePicker
          source="user_id"
          reference={resources.users.path}
          label="Product owner"
          optionText="email"
        />
        <BooleanInput source="ssl" label="SSL (https)" helperText="The site's address starts with https://" />
      </Box>
    </StepForm>
  );
};
