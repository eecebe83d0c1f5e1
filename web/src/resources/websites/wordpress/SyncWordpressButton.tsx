import Sync from '@mui/icons-material/Sync';
import { Button, CircularProgress } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { useListContext, usePermissions } from 'react-admin';
import { callAction } from '../../../providers/actions';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';
import { useStartRun } from '../../cron-jobs/useStartRun';

/** Websites list bulk action: the fleet sync of the selected sites (one unit each); opens its cron run. */
export const SyncWordpressButton = () => {
  const { selectedIds } = useListContext();
  const { permissions } = usePermissions<Permissions>();
  const startRun = useStartRun('dms');
  const [busy, setBusy] = useState(false);
  if (!mayCall(permissions ?? NO_PERMISSIONS, actions.wordpress.syncFleet)) return null;

  const sync = async () => {
    setBusy(true);
    await startRun(async () => {
      const ids = selectedIds.map(Number);
      return (await callAction(actions.wordpress.syncFleet, { body: { ids } })).cron_id;
    });
    setBusy(false);
  };
  return (
    <Button
      size="small"
      onClick={sync}
      disabled={busy || selectedIds.length === 0}
      startIcon={busy ? <CircularProgress size={16} /> : <Sync />}
    >
      Sync WordPress
    </Button>
  );
};
