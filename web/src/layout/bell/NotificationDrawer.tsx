import Close from '@mui/icons-material/Close';
import DoneAll from '@mui/icons-material/DoneAll';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import {
  Badge,
  Box,
  Button,
  Drawer,
  IconButton,
  LinearProgress,
  List,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { itemsOf, unreadCount, type BellTab } from './inbox';
import { NotificationItem } from './NotificationItem';
import type { InboxState } from './useInbox';

/** SPEC §8 empty states: nothing at all, or nothing in the open tab. */
export const NOTHING_TO_SHOW = 'No notifications to show';
export const NONE_FOUND = 'No notifications found';

const TABS: Array<{ id: BellTab; label: string }> = [
  { id: 'notifications', label: 'Notifications' },
  { id: 'alerts', label: 'Alerts' },
];

const Empty = ({ text }: { text: string }) => (
  <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="notifications-empty">
    <InboxOutlined sx={{ fontSize: 40, opacity: 0.5 }} />
    <Typography variant="body2">{text}</Typography>
  </Box>
);

const TabLabel = ({ label, unread }: { label: string; unread: number }) => (
  <Badge color="error" badgeContent={unread} max={99} sx={{ '& .MuiBadge-badge': { right: -14 } }}>
    {label}
  </Badge>
);

interface Props {
  open: boolean;
  onClose: () => void;
  inbox: InboxState;
}

/** The bell's drawer (SPEC §2.1): Notifications and Alerts tabs, newest first, with Mark all read. */
export const NotificationDrawer = ({ open, onClose, inbox }: Props) => {
  const [tab, setTab] = useState<BellTab>('notifications');
  const shown = itemsOf(inbox.items, tab);
  let body;
  if (!inbox.loaded) body = <LinearProgress />;
  else if (inbox.items.length === 0) body = <Empty text={NOTHING_TO_SHOW} />;
  else if (shown.length === 0) body = <Empty text={NONE_FOUND} />;
  else
    body = (
      <List disablePadding>
        {shown.map((item) => (
          <NotificationItem
            key={item.id}
            item={item}
            setRead={inbox.setRead}
            setResolved={inbox.setResolved}
            onNavigate={onClose}
          />
        ))}
      </List>
    );
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 440 }, display: 'flex', flexDirection: 'column' },
          role: 'dialog',
          'aria-label': 'Notifications',
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAll />}
          disabled={inbox.unread === 0}
          onClick={inbox.markAllRead}
        >
          Mark all read
        </Button>
        <IconButton aria-label="Close" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_, value: BellTab) => setTab(value)} variant="fullWidth">
        {TABS.map(({ id, label }) => (
          <Tab
            key={id}
            value={id}
            id={`bell-tab-${id}`}
            aria-controls="bell-tabpanel"
            label={<TabLabel label={label} unread={unreadCount(itemsOf(inbox.items, id))} />}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="bell-tabpanel"
        aria-labelledby={`bell-tab-${tab}`}
        sx={{ flex: 1, overflowY: 'auto', borderTop: 1, borderColor: 'divider' }}
      >
        {body}
      </Box>
    </Drawer>
  );
};
