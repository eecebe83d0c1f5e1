import { Alert, Box, Typography } from '@mui/material';
import type { WizardFact, WizardStepResult } from './types';
import { formatTime } from '../../common/format/dates';

/** What a step found or did, as a small definition list. */
export const Facts = ({ facts }: { facts: readonly WizardFact[] }) =>
  facts.length ? (
    <Box
      component="dl"
      data-testid="wizard-facts"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map((f, i) => (
        <Box key={`${i}-${f.label}`} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {f.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  ) : null;

/** The last run of the current step: done or failed, why, when, and what it found. */
export const StepResult = ({ result }: { result: WizardStepResult }) => {
  const failed = result.state === 'failed';
  const when = formatTime(result.at);
  const attempts = result.attempts > 1 ? ` after ${result.attempts} attempts` : '';
  return (
    <Box data-testid={failed ? 'wizard-step-failure' : 'wizard-step-done'}>
      <Alert severity={failed ? 'error' : 'success'}>
        {result.message}
        <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
          {failed ? 'Failed' : 'Done'}
          {attempts}
          {when ? ` · ${when}` : ''}
        </Typography>
      </Alert>
      {result.facts.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Facts facts={result.facts} />
        </Box>
      )}
    </Box>
  );
};
