import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import { callAction } from '../../providers/actions';

export const CHECKED = 'External Backlink checked';
export const CAPTCHA_TEXT = 'This external backlink are using a captcha and we cannot check that';
const spec = actions.backlinks.checkExternalBacklink;

/**
 * Checks the link now (SPEC §7.5): 'External Backlink checked' on success, the error otherwise; a page
 * behind a captcha opens the SPEC §5 dialog with Close and Check Again.
 */
export const CheckNowButton = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [captcha, setCaptcha] = useState(false);
  const { record, allowed, busy, run } = useRecordAction(spec);
  if (!allowed) return null;

  const check = async () => {
    setCaptcha(false);
    const r = await run((id) => callAction(spec, { params: { id } }));
    if (!r) return;
    if (r.data.has_captcha) setCaptcha(true);
    else notify(CHECKED, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['external-backlink', record?.id] });
  };
  return (
    <>
      <ActionButton label="Check now" icon={<FactCheckOutlined />} busy={busy} onClick={() => void check()} />
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
