import PlayArrow from '@mui/icons-material/PlayArrow';
import Replay from '@mui/icons-material/Replay';
import { Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { resultOf, stepKeyOf } from './draft';
import type { StepProps } from './stepProps';

/** Steps that change things (save, DNS) go on with Continue; the others are checks. */
const WORK_STEPS = new Set(['save', 'dns']);

/**
 * A step without input (a check, or work the server does). On arrival, a step that has not run yet runs
 * once by itself, so the operator sees it working; after that it runs on a press (Retry after a failure).
 */
export const CheckStep = ({ draft, wizard }: StepProps) => {
  const step = draft.current;
  const result = resultOf(draft, step);
  const failed = result?.state === 'failed';
  const { advance, may, busy } = wizard;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || result || !may.advance) return;
    started.current = true;
    void advance();
  }, [result, may.advance, advance]);

  const label = failed ? 'Retry' : WORK_STEPS.has(stepKeyOf(step) ?? '') ? 'Continue' : 'Run check';
  return (
    <Stack spacing={1}>
      {busy && (
        <Box data-testid="wizard-running">
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            Running…
          </Typography>
          <LinearProgress />
        </Box>
      )}
      <Box>
        <Button
          variant="contained"
          onClick={() => void advance()}
          disabled={busy || !may.advance}
          startIcon={
            busy ? <CircularProgress size={16} color="inherit" /> : failed ? <Replay /> : <PlayArrow />
          }
        >
          {label}
        </Button>
      </Box>
    </Stack>
  );
};
