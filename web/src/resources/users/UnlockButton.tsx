import LockOpen from '@mui/icons-material/LockOpen';
import { Button, CircularProgress } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

/** Shown while too many failed sign-ins lock the account, to those who may end the lock early. */
export const UnlockButton = () => {
  const record = useRecordContext<{ id: number; locked_until?: number | null }>();
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { permissions } = usePermissions<Permissions>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const until = record?.locked_until;
  if (!record || !until || !mayCall(permissions ?? NO_PERMISSIONS, actions.ums.unlockUser)) return null;

  const unlock = async () => {
    setBusy(true);
    try {
      await dataProvider.unlockUser(record.id);
      notify('Sign-in unlocked', { type: 'info' });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const time = new Date(until * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <Button
      size="small"
      onClick={() => void unlock()}
      disabled={busy}
      title={`Sign-in is locked until ${time} after too many failed attempts`}
      startIcon={busy ? <CircularProgress size={16} /> : <LockOpen />}
    >
      Unlock sign-in
    </Button>
  );
};
