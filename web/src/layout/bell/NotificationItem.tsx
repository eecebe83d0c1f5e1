import { Box, Chip, Link, ListItem, Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { Link as RouterLink } from 'react-router-dom';
import { formatTime } from '../../common/format/dates';
import type { InboxItem, ReadFlag, Resolved } from '../../providers/messaging';
import {
  IMPORTANCE_COLORS,
  IMPORTANCE_LABELS,
  TYPE_COLORS,
  TYPE_LABELS,
} from '../../resources/notifications/labels';
import { ResolvedSwitch } from '../../resources/notifications/ResolvedSwitch';
import { isUnread } from './inbox';
import { ItemLink } from './ItemLink';
import { ItemMessage } from './ItemMessage';
import { ReadDot } from './ReadDot';

interface Props {
  item: InboxItem;
  setRead: (item: InboxItem, read: ReadFlag) => void;
  setResolved: (item: InboxItem, resolved: Resolved) => void;
  /** A console link was followed: the drawer closes. */
  onNavigate: () => void;
}

const Meta = ({ item, onNavigate }: { item: InboxItem; onNavigate: () => void }) => (
  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 0.5 }}>
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {formatTime(item.created_at)}
      {item.created_by_name ? ` · ${item.created_by_name}` : ''}
    </Typography>
    {/* the tab says INFO or ALERT already; WARNING is the one to point out */}
    {item.type === 'WARNING' && (
      <Chip size="small" label={TYPE_LABELS[item.type] ?? item.type} color={TYPE_COLORS[item.type]} />
    )}
    {item.importance && item.type === 'ALERT' && (
      <Chip
        size="small"
        variant="outlined"
        label={IMPORTANCE_LABELS[item.importance] ?? item.importance}
        color={IMPORTANCE_COLORS[item.importance] ?? 'default'}
      />
    )}
    {item.website && (
      <Link
        component={RouterLink}
        to={`/${resources.websites.path}/${item.website.id}/show`}
        variant="caption"
        onClick={onNavigate}
      >
        {item.website.hostname}
      </Link>
    )}
  </Stack>
);

/** One notification or alert of the bell drawer. */
export const NotificationItem = ({ item, setRead, setResolved, onNavigate }: Props) => {
  const unread = isUnread(item);
  const resolved = item.resolved === 'yes';
  const open = (inConsole: boolean) => {
    if (unread) setRead(item, 1);
    if (inConsole) onNavigate();
  };
  return (
    <ListItem
      alignItems="flex-start"
      divider
      sx={{ gap: 1, pl: 1 }}
      data-testid="notification-item"
      data-unread={unread}
    >
      <Box sx={{ pt: 0.25 }}>
        <ReadDot unread={unread} resolved={resolved} onToggle={() => setRead(item, unread ? 1 : 0)} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="subtitle2"
          sx={{ fontWeight: unread ? 700 : 500, wordBreak: 'break-word' }}
          data-testid="notification-title"
        >
          {item.title}
        </Typography>
        <Meta item={item} onNavigate={onNavigate} />
        <ItemMessage html={item.message} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
          <ItemLink link={item.link} onOpen={open} />
          {item.type === 'ALERT' && (
            <ResolvedSwitch resolved={item.resolved} onChange={(value) => setResolved(item, value)} />
          )}
        </Stack>
      </Box>
    </ListItem>
  );
};
