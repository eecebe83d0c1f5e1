import { RadioButtonGroupInput, required } from 'react-admin';
import { StepForm } from './StepForm';
import type { StepProps } from './stepProps';

const CHOICES = [
  { id: 'yes', name: 'Yes: a RunCloud web application with WordPress on the chosen server' },
  { id: 'no', name: 'No: nothing is installed' },
];

/** Step 6: whether the launch makes a fresh install (it limits the servers offered at step 7). */
export const InstallStep = ({ draft, wizard }: StepProps) => {
  const chosen = draft.choices.fresh_install;
  return (
    <StepForm
      wizard={wizard}
      sources={['fresh_install']}
      defaultValues={{ fresh_install: chosen === null ? null : chosen ? 'yes' : 'no' }}
      toInput={(v) => ({ fresh_install: v.fresh_install === 'yes' })}
    >
      <RadioButtonGroupInput
        source="fresh_install"
        label="Fresh install"
        choices={CHOICES}
        row={false}
        validate={required()}
      />
    </StepForm>
  );
};
