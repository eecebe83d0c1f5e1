import Refresh from '@mui/icons-material/Refresh';
import { Button, CircularProgress } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

/** When the page reloads after asking: the scheduler looks for requests every 2 s, a check takes a moment. */
const RELOADS_MS = [2_500, 5_000, 10_000];

/** 'Check now': the scheduler checks the monitor at its next look instead of at its next slot. */
export const CheckNowButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  if (
    !record ||
    record.paused === true ||
    !mayCall(permissions ?? NO_PERMISSIONS, actions.umms.checkMonitor)
  ) {
    return null;
  }

  const check = async () => {
    setBusy(true);
    try {
      await dataProvider.checkMonitor(record.id);
      notify('Check requested: the result shows in a few seconds', { type: 'info' });
      timers.current.forEach((t) => window.clearTimeout(t));
      timers.current = RELOADS_MS.map((ms) => window.setTimeout(refresh, ms));
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void check()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <Refresh />}
    >
      Check now
    </Button>
  );
};
