import { Box } from '@mui/material';
import {
  CONTENT_LIMITS,
  FREQUENCY_UNITS,
  NARRATIVA_LANGUAGES,
  resources,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '@sitefleet/shared';
import { useEffect } from 'react';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { choicesOf } from '../../common/format/choices';
import { EpochDateInput } from '../../common/inputs/EpochDateInput';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';
import { validatorsOf } from '../../common/screens/validators';
import {
  ContentWebsitePicker,
  FormTypeInput,
  LanguageInput,
  SizeInputs,
  ToneInput,
  TopicInput,
} from '../open-ai-content/BriefInputs';
import { NarrativaNoApi } from '../open-ai-content/NarrativaNoApi';

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
const Tone = () => (useWatch({ name: 'language' }) === 'ja' ? null : <ToneInput />);

/** Create and Edit of a content schedule (SPEC §3 Narrativa schedule, §4, §5). */
export const ScheduleInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <NarrativaNoApi />
    <FormSection title="Schedule">
      <Box sx={formGrid}>
        <ContentWebsitePicker />
        <FormTypeInput fields={f} />
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
        <LanguageInput fields={f} languages={NARRATIVA_LANGUAGES} />
        <Tone />
        <BooleanInput source="localised" label="Localised (the website's market)" defaultValue={false} />
      </Box>
      <TopicInput fields={f} />
      <Box sx={formGrid}>
        <StringListInput source="keywords" label="Keywords" />
        <Box />
        <SizeInputs fields={f} />
      </Box>
    </FormSection>
  </Box>
);
