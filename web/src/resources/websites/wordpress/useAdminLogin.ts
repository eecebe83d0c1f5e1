import { actions } from '@sitefleet/shared';
import { useCallback, useState } from 'react';
import { useNotify, usePermissions, type Identifier, type RaRecord } from 'react-admin';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';
import { mayOpenAdmin, postAdminLogin } from './adminLogin';

/**
 * One-click admin login for a website record (websites, public products limited): whether this user may
 * see it for the record (SPEC §6), and the click: a one-time token from the server, POSTed in a new tab.
 */
export function useAdminLogin() {
  const { permissions } = usePermissions<Permissions>();
  const notify = useNotify();
  const [busy, setBusy] = useState<Identifier | null>(null);
  const canOpen = useCallback(
    (record: RaRecord | undefined) =>
      record !== undefined && mayOpenAdmin(permissions ?? NO_PERMISSIONS, record.type),
    [permissions],
  );
  const open = useCallback(
    async (websiteId: Identifier) => {
      setBusy(websiteId);
      try {
        const { data } = await callAction(actions.wordpress.adminLogin, {
          params: { id: String(websiteId) },
        });
        postAdminLogin(document, data.url, data.token);
      } catch (error) {
        notify(`Admin login failed: ${errorMessage(error)}`, { type: 'error' });
      } finally {
        setBusy(null);
      }
    },
    [notify],
  );
  return { canOpen, open, busy };
}
