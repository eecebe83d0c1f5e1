import Sync from '@mui/icons-material/Sync';
import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import {
  useDataProvider,
  usePermissions,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import { refreshActionOf, type SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { failedOutcome, REFRESH_FAILED, refreshOutcome, type RefreshOutcome } from './jobOutput';

/**
 * Re-reads a record's outside data (GET /{id}/refresh), shows what the server did and what failed
 * ('Something went wrong with the refresh'), then reloads the record. A refresh starts outside work, so
 * it is a permission of its own (an action, not a read): without it the button is not shown.
 */
export const RefreshButton = ({ label = 'Refresh' }: { label?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const reload = useRefresh();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RefreshOutcome | null>(null);
  const { permissions } = usePermissions<Permissions>();
  const action = refreshActionOf(resource);
  if (!record || !action || !mayCall(permissions ?? NO_PERMISSIONS, action)) return null;

  const run = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(refreshOutcome(await dataProvider.refresh(resource, record.id)));
    } catch (error) {
      setOutcome(failedOutcome(errorMessage(error)));
    } finally {
      setBusy(false);
      reload();
    }
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Button
        variant="outlined"
        size="small"
        onClick={run}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} /> : <Sync />}
      >
        {busy ? 'Refreshing…' : label}
      </Button>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          sx={{ mt: 1.5, maxWidth: 720 }}
          onClose={() => setOutcome(null)}
          data-testid="refresh-outcome"
        >
          {!outcome.ok && <AlertTitle>{REFRESH_FAILED}</AlertTitle>}
          {[...outcome.failures, ...outcome.messages].map((m, i) => (
            <div key={i}>{m}</div>
          ))}
          {outcome.ok && outcome.messages.length === 0 && 'Refreshed'}
        </Alert>
      )}
    </Box>
  );
};
