import { Stack, Typography } from '@mui/material';
import { WIZARD_STEPS, type WizardStepKey } from '@sitefleet/shared';
import type { ComponentType } from 'react';
import { BuyStep } from './BuyStep';
import { CheckStep } from './CheckStep';
import { resultOf } from './draft';
import { InfoStep } from './InfoStep';
import { InstallStep } from './InstallStep';
import { NotifyStep } from './NotifyStep';
import { RegistrarStep } from './RegistrarStep';
import { ServerStep } from './ServerStep';
import { StepResult } from './StepResult';
import type { StepProps } from './stepProps';

/** The steps that take input; every other step is a check or work without any (CheckStep). */
const INPUTS: Partial<Record<WizardStepKey, ComponentType<StepProps>>> = {
  info: InfoStep,
  registrar: RegistrarStep,
  buy: BuyStep,
  install: InstallStep,
  server: ServerStep,
  notify: NotifyStep,
};

/** The current step: what it does, its last result, and its input. */
export const StepPanel = ({ draft, wizard }: StepProps) => {
  const step = WIZARD_STEPS[draft.current];
  const Input = (step && INPUTS[step.key]) ?? CheckStep;
  const result = resultOf(draft, draft.current);
  return (
    <Stack spacing={2} sx={{ pt: 1 }} data-testid="wizard-step-panel">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {step?.hint}
      </Typography>
      {result && <StepResult result={result} />}
      {/* a fresh input for each arrival: a step visited again starts from the launch's choices */}
      <Input key={`${draft.id}-${draft.path.length}-${draft.current}`} draft={draft} wizard={wizard} />
    </Stack>
  );
};
