import { Box, IconButton, Tooltip } from '@mui/material';

/** The unread marker; clicking it toggles read (SPEC §4). A resolved alert counts as read. */
export const ReadDot = ({
  unread,
  resolved,
  onToggle,
}: {
  unread: boolean;
  resolved: boolean;
  onToggle: () => void;
}) => {
  const label = resolved ? 'Resolved alerts count as read' : unread ? 'Mark as read' : 'Mark as unread';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={!unread}
          disabled={resolved}
          onClick={onToggle}
          data-testid="read-dot"
          data-unread={unread}
        >
          <Box
            component="span"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              border: 2,
              borderColor: unread ? 'primary.main' : 'action.disabled',
              bgcolor: unread ? 'primary.main' : 'transparent',
            }}
          />
        </IconButton>
      </span>
    </Tooltip>
  );
};
