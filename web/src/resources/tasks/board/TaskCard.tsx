import EventOutlined from '@mui/icons-material/EventOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { Avatar, Box, Card, Chip, Stack, Tooltip, Typography } from '@mui/material';
import {
  isTaskOverdue,
  resources,
  TASK_TYPE_LABELS,
  type TaskStatus,
  type TaskType,
} from '@sitefleet/shared';
import type { DragEvent } from 'react';
import { Link } from 'react-admin';
import { secondsToDate } from '../../../common/format/dates';
import { initialsOf, nowSeconds, type TaskRecord } from '../labels';
import { MoveMenu } from './MoveMenu';

interface Props {
  task: TaskRecord;
  targets: readonly TaskStatus[];
  mayMove: boolean;
  busy: boolean;
  onMove: (to: TaskStatus) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}

const Assignee = ({ task }: { task: TaskRecord }) =>
  task.assignee_id === null ? (
    <Typography variant="caption" color="text.secondary">
      Nobody yet
    </Typography>
  ) : (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={task.assignee_picture ?? undefined} alt="" sx={{ width: 22, height: 22, fontSize: 11 }}>
        {initialsOf(task.assignee_name)}
      </Avatar>
      <Typography variant="caption" noWrap data-testid="task-assignee">
        {task.assignee_name}
      </Typography>
    </Stack>
  );

const Due = ({ task }: { task: TaskRecord }) => {
  if (task.due_date === null) return null;
  const late = isTaskOverdue(task, nowSeconds());
  return (
    <Tooltip title={late ? 'Overdue' : 'Due date'}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', color: late ? 'error.main' : 'text.secondary' }}
        data-testid="task-due"
        data-overdue={late ? 'true' : 'false'}
      >
        <EventOutlined sx={{ fontSize: 14 }} />
        <Typography variant="caption" sx={{ fontWeight: late ? 600 : 400 }}>
          {secondsToDate(task.due_date)}
        </Typography>
      </Stack>
    </Tooltip>
  );
};

/** A task on the board: what, who, where and by when; dragged or moved with its menu. */
export const TaskCard = ({ task, targets, mayMove, busy, onMove, onDragStart, onDragEnd }: Props) => {
  const start = (e: DragEvent) => {
    e.dataTransfer.setData('text/plain', String(task.id));
    e.dataTransfer.effectAllowed = 'move';
    onDragStart();
  };
  return (
    <Card
      variant="outlined"
      draggable={mayMove && !busy}
      onDragStart={start}
      onDragEnd={onDragEnd}
      data-testid={`task-card-${task.id}`}
      aria-busy={busy}
      sx={{
        p: 1.25,
        cursor: mayMove ? 'grab' : 'default',
        opacity: busy ? 0.5 : 1,
        '&:active': { cursor: mayMove ? 'grabbing' : 'default' },
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Link
          to={`/${resources.tasks.path}/${task.id}/show`}
          underline="hover"
          sx={{ flex: 1, minWidth: 0, fontSize: 14, fontWeight: 500, color: 'text.primary' }}
          data-testid="task-title"
        >
          {task.title}
        </Link>
        {mayMove && (
          <MoveMenu status={task.status as TaskStatus} targets={targets} busy={busy} onMove={onMove} />
        )}
      </Stack>
      <Box sx={{ my: 0.75 }}>
        <Chip size="small" variant="outlined" label={TASK_TYPE_LABELS[task.type as TaskType] ?? task.type} />
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mb: 0.75 }}>
        <LanguageOutlined sx={{ fontSize: 14 }} />
        <Typography variant="caption" noWrap>
          {task.website_hostname ?? `Website ${task.website_id}`}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Assignee task={task} />
        <Due task={task} />
      </Stack>
    </Card>
  );
};
