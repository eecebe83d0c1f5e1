import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { actions } from '@sitefleet/shared';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { REGENERATE_RETURN_MS, regenerateNotice } from './labels';

const spec = actions.content.regenerateContent;

/**
 * SPEC §4, §7.5, §8: writes the article again from its brief. The server's answer is shown as
 * 'Response: {message}' and the console returns to the previous screen after 3 seconds; a failure shows
 * 'Error: {message}' and stays.
 */
export const RegenerateButton = () => {
  const { record, allowed } = useRecordAction(spec);
  const notify = useNotify();
  const navigate = useNavigate();
  const redirect = useRedirect();
  const location = useLocation();
  const resource = useResourceContext();
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  if (!allowed || !record) return null;
  // The first entry of the session has no previous screen in the console: go to the list instead.
  const back = () => (location.key === 'default' ? redirect('list', resource) : void navigate(-1));
  const regenerate = async () => {
    setBusy(true);
    try {
      const r = await callAction(spec, { params: { id: String(record.id) } });
      notify(regenerateNotice.success(r.message), {
        type: 'info',
        autoHideDuration: REGENERATE_RETURN_MS + 2000,
      });
      timer.current = setTimeout(back, REGENERATE_RETURN_MS);
    } catch (e) {
      notify(regenerateNotice.failure(errorMessage(e)), { type: 'warning' });
      setBusy(false);
    }
  };
  return (
    <ActionButton
      label="Regenerate"
      icon={<AutorenewOutlined />}
      busy={busy}
      onClick={() => void regenerate()}
    />
  );
};
