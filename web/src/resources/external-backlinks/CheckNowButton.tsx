import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';

export const CHECKED = 'External Backlink checked';
export const CAPTCHA_TEXT = 'This external backlink are using a captcha and we cannot check that';

/**
 * Checks the link now (SPEC §7.5): 'External Backlink checked' on success, the error otherwise; a page
 * behind a captcha opens the SPEC §5 dialog with Close and Check Again.
 */
export const CheckNowButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<Permissions>();
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState(false);
  const spec = actions.backlinks.checkExternalBacklink;
  if (!record || !mayCall(permissions ?? NO_PERMISSIONS, spec)) return null;

  const check = async () => {
    setBusy(true);
    setCaptcha(false);
    try {
      const r = await callAction(spec, { params: { id: String(record.id) } });
      if (r.data.has_captcha) setCaptcha(true);
      else notify(CHECKED, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['external-backlink', record.id] });
      refresh();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => void check()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} /> : <FactCheckOutlined />}
      >
        Check now
      </Button>
      <Dialog open={captcha} onClose={() => setCaptcha(false)} aria-labelledby="captcha-title">
        <DialogTitle id="captcha-title">Captcha</DialogTitle>
        <DialogContent>
          <DialogContentText>{CAPTCHA_TEXT}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCaptcha(false)}>Close</Button>
          <Button variant="contained" onClick={() => void check()} disabled={busy}>
            Check Again
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
