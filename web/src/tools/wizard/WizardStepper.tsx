import { Step, StepContent, StepLabel, Stepper, Typography } from '@mui/material';
import { WIZARD_STEPS } from '@sitefleet/shared';
import type { WizardDraft } from './types';
import type { ReactNode } from 'react';
import { resultOf } from './draft';

/**
 * The visited steps only (SPEC §2.6), in the order they were visited, each numbered as in the full list of
 * twelve; the last is the current one and holds `children`. A finished launch has no current step.
 */
export const WizardStepper = ({ draft, children }: { draft: WizardDraft; children: ReactNode }) => {
  const completed = draft.status === 'completed';
  const last = draft.path.length - 1;
  return (
    <Stepper
      orientation="vertical"
      activeStep={completed ? draft.path.length : last}
      data-testid="wizard-stepper"
    >
      {draft.path.map((id, i) => {
        const current = !completed && i === last;
        const result = resultOf(draft, id);
        return (
          <Step key={`${i}-${id}`} completed={!current} data-testid={`wizard-step-${id}`}>
            <StepLabel
              icon={current ? id + 1 : undefined}
              error={current && result?.state === 'failed'}
              optional={
                !current && result ? (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {result.message}
                  </Typography>
                ) : undefined
              }
            >
              {WIZARD_STEPS[id]?.label ?? `Step ${id}`}
            </StepLabel>
            <StepContent>{current ? children : null}</StepContent>
          </Step>
        );
      })}
    </Stepper>
  );
};
