import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button, CircularProgress } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

/** Requests the permalink now and says whether it redirects as declared. */
export const CheckAffiliateButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions<Permissions>();
  const [busy, setBusy] = useState(false);
  const spec = actions.backlinks.checkAffiliateLink;
  if (!record || !mayCall(permissions ?? NO_PERMISSIONS, spec)) return null;
  const check = async () => {
    setBusy(true);
    try {
      const r = await callAction(spec, { params: { id: String(record.id) } });
      notify(r.data.message, { type: r.data.link_confirmed ? 'success' : 'warning' });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={() => void check()}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} /> : <FactCheckOutlined />}
    >
      Check redirect
    </Button>
  );
};
