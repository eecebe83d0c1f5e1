import { Box } from '@mui/material';
import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_FORM_TYPES,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_LIMITS,
  FREQUENCY_UNITS,
  NARRATIVA_LANGUAGES,
  resources,
  WEEKDAY_LABELS,
  WEEKDAYS,
  WRITING_TONE_LABELS,
  WRITING_TONES,
} from '@sitefleet/shared';
import { useEffect } from 'react';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { choicesOf } from '../../common/format/choices';
import { EpochDateInput } from '../../common/inputs/EpochDateInput';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { validatorsOf } from '../../common/screens/validators';
import { NarrativaNoApi } from '../open-ai-content/NarrativaNoApi';
import { topicRequired } from '../open-ai-content/rules';

const f = resources.narrativaSchedules.fields;
const UNIT_LABELS = { days: 'Days', weeks: 'Weeks' };
const atLeastOneDay = (value: unknown) =>
  Array.isArray(value) && value.length ? undefined : 'Choose at least one weekday';

/**
 * SPEC §4: weeks shows the weekday selector, days the repeat-every field (1 to 15). A weekly schedule
 * repeats every week unless it already says otherwise (the API takes every N weeks).
 */
const Frequency = () => {
  const unit: unknown = useWatch({ name: 'frequency_unit' });
  const every: unknown = useWatch({ name: 'frequency_every' });
  const { setValue } = useFormContext();
  useEffect(() => {
    if (unit === 'weeks' && (every === null || every === undefined || every === ''))
      setValue('frequency_every', 1, { shouldDirty: true });
  }, [unit, every, setValue]);
  if (unit === 'weeks')
    return (
      <CheckboxGroupInput
        source="frequency_on"
        label="On"
        choices={choicesOf(WEEKDAYS, WEEKDAY_LABELS)}
        validate={atLeastOneDay}
        data-testid="weekday-selector"
      />
    );
  if (unit === 'days')
    return (
      <NumberInput
        source="frequency_every"
        label="Repeat every (days)"
        min={CONTENT_LIMITS.repeatEveryMin}
        max={CONTENT_LIMITS.repeatEveryMax}
        defaultValue={1}
        validate={validatorsOf(f.frequency_every)}
      />
    );
  return null;
};

/** SPEC §4: Japanese has no writing tone. */
const Tone = () =>
  useWatch({ name: 'language' }) === 'ja' ? null : (
    <SelectInput source="tone" label="Writing tone" choices={choicesOf(WRITING_TONES, WRITING_TONE_LABELS)} />
  );

/** Create and Edit of a content schedule (SPEC §3 Narrativa schedule, §4, §5). */
export const ScheduleInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <NarrativaNoApi />
    <FormSection title="Schedule">
      <Box sx={formGrid}>
        <ReferencePicker
          source="website_id"
          reference={resources.websites.path}
          label="Website"
          optionText="hostname"
        />
        <SelectInput
          source="form_type"
          label="Form type"
          choices={choicesOf(CONTENT_FORM_TYPES, CONTENT_FORM_TYPE_LABELS)}
          defaultValue="openai"
          validate={validatorsOf(f.form_type)}
        />
        <SelectInput
          source="frequency_unit"
          label="Frequency unit"
          choices={choicesOf(FREQUENCY_UNITS, UNIT_LABELS)}
          validate={validatorsOf(f.frequency_unit)}
        />
        <Frequency />
        <EpochDateInput source="start_date" label="Starts on" />
        <BooleanInput source="active" label="Active" defaultValue />
      </Box>
    </FormSection>
    <FormSection title="Articles">
      <Box sx={formGrid}>
        <SelectInput
          source="language"
          label="Language"
          choices={choicesOf(NARRATIVA_LANGUAGES, CONTENT_LANGUAGE_LABELS)}
          defaultValue="en"
          validate={validatorsOf(f.language)}
        />
        <Tone />
        <BooleanInput source="localised" label="Localised (the website's market)" defaultValue={false} />
      </Box>
      <TextInput
        source="topic"
        label="Topic"
        validate={[...validatorsOf(f.topic), topicRequired]}
        fullWidth
      />
      <Box sx={formGrid}>
        <StringListInput source="keywords" label="Keywords" />
        <Box />
        <NumberInput
          source="number_subsections"
          label="Number of subsections"
          defaultValue={CONTENT_LIMITS.subsectionsDefault}
          validate={validatorsOf(f.number_subsections)}
        />
        <NumberInput
          source="paragraphs"
          label="Paragraphs per subsection"
          defaultValue={CONTENT_LIMITS.paragraphsDefault}
          validate={validatorsOf(f.paragraphs)}
        />
      </Box>
    </FormSection>
  </Box>
);
