import { Button, CircularProgress } from '@mui/material';
import type { ActionSpec } from '@sitefleet/shared';
import { useState, type ReactElement } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

/**
 * One declared action on the shown record (check now, check the redirect): whether the user may call it,
 * a busy state while it runs, the server's error notified, and the page refreshed after it succeeded.
 */
export function useRecordAction(spec: Pick<ActionSpec, 'method' | 'path'>) {
  const record = useRecordContext<RaRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Permissions>();
  const [busy, setBusy] = useState(false);
  const allowed = record !== undefined && mayCall(permissions ?? NO_PERMISSIONS, spec);
  const run = async <T,>(work: (id: string) => Promise<T>): Promise<T | undefined> => {
    if (!record) return undefined;
    setBusy(true);
    try {
      const result = await work(String(record.id));
      refresh();
      return result;
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { record, allowed, busy, run };
}

/** The toolbar button of a record action, with a spinner while it runs. */
export const ActionButton = ({
  label,
  icon,
  busy,
  onClick,
}: {
  label: string;
  icon: ReactElement;
  busy: boolean;
  onClick: () => void;
}) => (
  <Button
    size="small"
    onClick={onClick}
    disabled={busy}
    startIcon={busy ? <CircularProgress size={16} /> : icon}
  >
    {label}
  </Button>
);
