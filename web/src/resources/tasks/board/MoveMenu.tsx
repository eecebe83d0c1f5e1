import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Button, IconButton, ListSubheader, Menu, MenuItem } from '@mui/material';
import { TASK_BOARD_COLUMNS, TASK_STATUS_LABELS, type TaskStatus } from '@sitefleet/shared';
import { useState, type MouseEvent } from 'react';

interface Props {
  status: TaskStatus;
  /** The statuses the user may move the task to: the others are listed disabled. */
  targets: readonly TaskStatus[];
  busy: boolean;
  onMove: (to: TaskStatus) => void;
  /** A labelled button (a show page's toolbar) instead of the card's icon. */
  button?: boolean;
}

/** "Move to …": every other status, only those the rules allow enabled. */
export const MoveMenu = ({ status, targets, busy, onMove, button }: Props) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  const close = () => setAnchor(null);
  const pick = (to: TaskStatus) => {
    close();
    onMove(to);
  };
  return (
    <>
      {button ? (
        <Button size="small" startIcon={<SwapHorizOutlined />} onClick={open} disabled={busy}>
          Move
        </Button>
      ) : (
        <IconButton size="small" aria-label="Move task" onClick={open} disabled={busy}>
          <MoreVertOutlined fontSize="small" />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close} onClick={(e) => e.stopPropagation()}>
        <ListSubheader sx={{ lineHeight: '32px' }}>Move to</ListSubheader>
        {TASK_BOARD_COLUMNS.filter((s) => s !== status).map((to) => (
          <MenuItem key={to} dense disabled={!targets.includes(to)} onClick={() => pick(to)}>
            {TASK_STATUS_LABELS[to]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
