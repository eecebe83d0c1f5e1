import NotificationsNone from '@mui/icons-material/NotificationsNone';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useInbox } from './useInbox';

// The drawer, its rich-text rendering and sanitiser load on first open, outside the initial bundle.
const NotificationDrawer = lazy(() =>
  import('./NotificationDrawer').then((m) => ({ default: m.NotificationDrawer })),
);

/** The top bar's bell: the unread count, polled while the user is active (and `enabled`); opens the drawer. */
export const NotificationBell = ({ enabled = true }: { enabled?: boolean }) => {
  const inbox = useInbox(enabled);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      <Tooltip title={inbox.unread ? `${inbox.unread} unread` : 'Notifications'}>
        <IconButton
          color="inherit"
          aria-label="Notifications"
          onClick={show}
          data-testid="notification-bell"
          data-unread={inbox.unread}
        >
          <Badge badgeContent={inbox.unread} color="error" max={99}>
            {inbox.unread ? <NotificationsActive /> : <NotificationsNone />}
          </Badge>
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} inbox={inbox} />
        </Suspense>
      )}
    </>
  );
};
