import { actions } from '@sitefleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNotify, usePermissions } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { launchPath } from './route';
import { draftQueryKey } from './useWizard';

/** Starts a new launch and opens it; its id goes into the address so that a reload resumes it. */
export function useStartLaunch() {
  const { permissions, isPending } = usePermissions<Permissions>();
  const may = mayCall(permissions ?? NO_PERMISSIONS, actions.wizard.startWizard);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { data } = await callAction(actions.wizard.startWizard, {});
      queryClient.setQueryData(draftQueryKey(data.id), data);
      navigate(launchPath(data.id));
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { start, busy, may, permissionsPending: isPending };
}
