import { Alert, Box, Typography } from '@mui/material';
import type { WizardInput, WizardRegistrarOption } from './types';
import { maxValue, minValue, NumberInput, RadioButtonGroupInput, required } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { StepForm } from './StepForm';
import type { StepProps } from './stepProps';

const SOURCES = ['registrar', 'years'] as const;
type Option = WizardRegistrarOption;

const OptionText = ({ option }: { option: Option }) => (
  <Box component="span">
    {option.label}
    {option.price && (
      <Typography component="span" variant="body2" sx={{ ml: 1, fontWeight: 600 }}>
        {option.price}
      </Typography>
    )}
    {!option.available && option.reason && (
      <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>
        ({option.reason})
      </Typography>
    )}
  </Box>
);

/** Step 2: the registrar to buy through (those that cannot be used say why) and for how many years. */
export const RegistrarStep = ({ draft, wizard }: StepProps) => {
  const options = draft.options.registrars;
  const chosen = options.find((o) => o.key === draft.choices.registrar && o.available);
  const choices = options.map((o) => ({ id: o.key, option: o, disabled: !o.available }));
  const toInput = (v: FieldValues): WizardInput => ({
    registrar: v.registrar as WizardInput['registrar'],
    years: Number(v.years),
  });
  return (
    <StepForm
      wizard={wizard}
      sources={SOURCES}
      toInput={toInput}
      defaultValues={{
        registrar: (chosen ?? options.find((o) => o.available))?.key ?? null,
        years: draft.choices.years >= 1 ? draft.choices.years : 1,
      }}
    >
      {options.length === 0 && (
        <Alert severity="warning">No registrar was offered: run the availability check again.</Alert>
      )}
      <RadioButtonGroupInput
        source="registrar"
        label="Registrar"
        choices={choices}
        optionText={(c: { option: Option }) => <OptionText option={c.option} />}
        row={false}
        validate={required()}
      />
      <NumberInput
        source="years"
        label="Years"
        min={1}
        max={10}
        step={1}
        validate={[required(), minValue(1), maxValue(10)]}
        sx={{ maxWidth: 160 }}
      />
    </StepForm>
  );
};
