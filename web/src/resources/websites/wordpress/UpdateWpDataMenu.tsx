import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import SyncAlt from '@mui/icons-material/SyncAlt';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useState } from 'react';
import { usePermissions, useRecordContext } from 'react-admin';
import { callAction } from '../../../providers/actions';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';
import { ActionResultDialog } from './ActionResultDialog';
import { failureOf, outcomeOf, type SiteActionOutcome } from './siteActions';

const { WORDPRESS_SITE_ACTIONS, WORDPRESS_SITE_ACTION_LABELS } = actions.wordpress;
type WordpressSiteAction = (typeof WORDPRESS_SITE_ACTIONS)[number];

/** SPEC §2.5, §7.6: the website show page's 'update WP data' menu; each action starts a cron run. */
export const UpdateWpDataMenu = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions<Permissions>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [running, setRunning] = useState<WordpressSiteAction | null>(null);
  const [done, setDone] = useState<{ action: WordpressSiteAction; outcome: SiteActionOutcome } | null>(null);
  if (!record || !mayCall(permissions ?? NO_PERMISSIONS, actions.wordpress.runSiteAction)) return null;

  const run = async (action: WordpressSiteAction) => {
    setAnchor(null);
    setRunning(action);
    try {
      const result = await callAction(actions.wordpress.runSiteAction, {
        params: { id: String(record.id), action },
      });
      setDone({ action, outcome: outcomeOf(result) });
    } catch (error) {
      setDone({ action, outcome: failureOf(error) });
    } finally {
      setRunning(null);
    }
  };

  return (
    <>
      <Button
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={running !== null}
        startIcon={running ? <CircularProgress size={16} /> : <SyncAlt />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
      >
        Update WP data
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {WORDPRESS_SITE_ACTIONS.map((action) => (
          <MenuItem key={action} onClick={() => void run(action)}>
            {WORDPRESS_SITE_ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
      <ActionResultDialog
        title={done ? WORDPRESS_SITE_ACTION_LABELS[done.action] : ''}
        outcome={done?.outcome ?? null}
        onClose={() => setDone(null)}
      />
    </>
  );
};
