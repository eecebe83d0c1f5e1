import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { TASK_STATUS_LABELS, type TaskStatus } from '@sitefleet/shared';
import { useState, type DragEvent, type ReactNode } from 'react';

interface Props {
  status: TaskStatus;
  count: number;
  /** While a card is dragged: whether the rules let it move here (null: nothing is dragged). */
  accepts: boolean | null;
  onDrop: (taskId: number) => void;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * One status of the board. While a card is dragged, the columns it may move to are outlined and the others
 * dimmed; a drop anywhere is sent to the server, whose answer decides (a refusal is shown, the card stays).
 */
export const BoardColumn = ({ status, count, accepts, onDrop, children, footer }: Props) => {
  const [over, setOver] = useState(false);
  const dragOver = (e: DragEvent) => {
    // Every column takes the drop (a refused move is the server's to explain), only the allowed ones look it.
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = Number(e.dataTransfer.getData('text/plain'));
    if (Number.isInteger(id) && id > 0) onDrop(id);
  };
  return (
    <Paper
      elevation={0}
      data-testid={`task-column-${status}`}
      aria-label={TASK_STATUS_LABELS[status]}
      role="region"
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        width: 272,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'action.hover',
        border: 2,
        borderColor: accepts && over ? 'success.main' : accepts ? 'success.light' : 'transparent',
        borderStyle: accepts ? 'dashed' : 'solid',
        opacity: accepts === false ? 0.55 : 1,
        transition: 'opacity 120ms',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1 }}>
        <Typography variant="subtitle2">{TASK_STATUS_LABELS[status]}</Typography>
        <Chip size="small" label={count} data-testid="task-column-count" />
      </Stack>
      {/* A long column scrolls on its own, so every column stays on screen as a drop target. */}
      <Stack
        spacing={1}
        sx={{
          px: 1,
          pb: 1,
          minHeight: 120,
          maxHeight: 'calc(100vh - 300px)',
          overflowY: 'auto',
          '& > *': { flexShrink: 0 },
        }}
      >
        {children}
        {footer && <Box sx={{ px: 0.5 }}>{footer}</Box>}
      </Stack>
    </Paper>
  );
};
