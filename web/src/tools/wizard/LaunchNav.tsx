import ArrowBack from '@mui/icons-material/ArrowBack';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import { RESET_TEXT } from './messages';
import type { StepProps } from './stepProps';

/** Back removes the last visited step; Reset returns to step 0 once confirmed (SPEC §2.6). */
export const LaunchNav = ({ draft, wizard }: StepProps) => {
  const [confirming, setConfirming] = useState(false);
  const atStart = draft.path.length <= 1;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        startIcon={<ArrowBack />}
        onClick={() => void wizard.back()}
        disabled={atStart || draft.current === 0 || wizard.busy || !wizard.may.back}
      >
        Back
      </Button>
      <Button
        color="warning"
        startIcon={<RestartAlt />}
        onClick={() => setConfirming(true)}
        disabled={atStart || wizard.busy || !wizard.may.reset}
      >
        Reset
      </Button>
      <Confirm
        isOpen={confirming}
        title="Reset this launch?"
        content={RESET_TEXT}
        confirm="Reset"
        onConfirm={() => {
          setConfirming(false);
          void wizard.reset();
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
