import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';

/** Shown when the Narrativa form type is chosen: there is no API to write with (INTEGRATIONS §9). */
export const NarrativaNoApi = () =>
  useWatch({ name: 'form_type' }) === 'narrativa' ? (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="narrativa-form-warning">
      Narrativa publishes no public API, so articles of this form type cannot be written: they are stored as
      failed with that reason. Choose OpenAI-compatible to have the article written.
    </Alert>
  ) : null;
