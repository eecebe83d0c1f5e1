import { maxLength, TextInput } from 'react-admin';
import { StepForm } from './StepForm';
import type { StepProps } from './stepProps';

/** Step 10: the notification to the IT role, with an optional note of the operator's. */
export const NotifyStep = ({ wizard }: StepProps) => (
  <StepForm
    wizard={wizard}
    sources={['note']}
    defaultValues={{ note: '' }}
    toInput={(v) => {
      const note = typeof v.note === 'string' ? v.note.trim() : '';
      return note ? { note } : {};
    }}
    submitLabel="Notify tech"
  >
    <TextInput
      source="note"
      label="Note to the IT team (optional)"
      multiline
      minRows={3}
      validate={maxLength(2000)}
    />
  </StepForm>
);
