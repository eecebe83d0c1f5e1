import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useFirstScreenSettled } from './firstScreen';
import { useNewVersion } from './versionCheck';

/**
 * Offers a reload once the server has a newer build than the one running here (SPEC §2.1); the first check
 * waits for the first screen's data (firstScreen.ts).
 */
export const NewVersionDialog = () => {
  const settled = useFirstScreenSettled();
  const version = useNewVersion(import.meta.env.PROD && settled);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const open = version !== null && version !== dismissed;
  return (
    <Dialog open={open} onClose={() => setDismissed(version)} maxWidth="xs">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SystemUpdateAltIcon color="primary" /> New version available
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          A new version of the console ({version}) has been deployed. Reload to use it; unsaved changes on
          this page will be lost.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissed(version)}>Later</Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </DialogActions>
    </Dialog>
  );
};
