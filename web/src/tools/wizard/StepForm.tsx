import ArrowForward from '@mui/icons-material/ArrowForward';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import type { WizardInput } from './types';
import type { ReactNode } from 'react';
import { Form } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import type { WizardControl } from './useWizard';

const SubmitButton = ({ label, disabled }: { label: string; disabled: boolean }) => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : <ArrowForward />}
    >
      {label}
    </Button>
  );
};

interface Props {
  wizard: WizardControl;
  defaultValues: FieldValues;
  /** The form's inputs: the server's field errors on these show on them, others above the button. */
  sources: readonly string[];
  toInput: (values: FieldValues) => WizardInput;
  submitLabel?: string;
  children: ReactNode;
}

/** The input of a step that takes one: submitting runs the step with it. */
export const StepForm = ({
  wizard,
  defaultValues,
  sources,
  toInput,
  submitLabel = 'Next',
  children,
}: Props) => (
  <Form
    onSubmit={(values: FieldValues) => wizard.advance(toInput(values), sources)}
    defaultValues={defaultValues}
  >
    <Stack spacing={2}>
      {children}
      <Box>
        <SubmitButton label={submitLabel} disabled={!wizard.may.advance || wizard.busy} />
      </Box>
    </Stack>
  </Form>
);
