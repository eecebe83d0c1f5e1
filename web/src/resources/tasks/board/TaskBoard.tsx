import { Alert, Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { resources, TASK_BOARD_COLUMNS, TASK_STATUSES, type TaskStatus } from '@sitefleet/shared';
import { useMemo, useState } from 'react';
import { CreateButton, Loading, useGetList, useResourceDefinition } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ReferenceFilterField } from '../../../common/list/filters/ReferenceFilterField';
import { screenFilters } from '../../../common/screens/filters';
import { errorMessage } from '../../../providers/http';
import type { TaskRecord } from '../labels';
import { BoardColumn } from './BoardColumn';
import { TaskCard } from './TaskCard';
import { useTaskMove } from './useTaskMove';

const TASKS = resources.tasks.path;
const BOARD_FILTERS = screenFilters(resources.tasks, ['assignee_id', 'website_id']);
const ASSIGNEE = BOARD_FILTERS[0]!;
const WEBSITE = BOARD_FILTERS[1]!;
/** The board loads every live task (up to this many) and the latest archived ones. */
const LIVE_MAX = 500;
const ARCHIVED_SHOWN = 10;
const LIVE = TASK_STATUSES.filter((s) => s !== 'ARCHIVED');

const archivedListLink = (filter: Record<string, unknown>) =>
  `#/${TASKS}?tab=list&filter=${encodeURIComponent(JSON.stringify({ ...filter, status: 'ARCHIVED' }))}`;

/**
 * The task board: a column per status with its cards, filtered by assignee and website (kept in the URL).
 * A card moves by drag and drop or its menu; the server decides, and its refusal is shown above the board.
 */
export const TaskBoard = () => {
  const [search, setSearch] = useSearchParams();
  const assignee = search.get('assignee') ?? '';
  const website = search.get('website') ?? '';
  const filter = useMemo(
    () => ({
      ...(assignee ? { assignee_id: Number(assignee) } : {}),
      ...(website ? { website_id: Number(website) } : {}),
    }),
    [assignee, website],
  );
  const live = useGetList<TaskRecord>(TASKS, {
    filter: { ...filter, status: { where_in: LIVE } },
    sort: { field: 'due_date', order: 'ASC' },
    pagination: { page: 1, perPage: LIVE_MAX },
  });
  const archived = useGetList<TaskRecord>(TASKS, {
    filter: { ...filter, status: 'ARCHIVED' },
    sort: { field: 'status_changed_at', order: 'DESC' },
    pagination: { page: 1, perPage: ARCHIVED_SHOWN },
  });
  const { hasCreate } = useResourceDefinition();
  const [dragged, setDragged] = useState<TaskRecord | null>(null);
  const moves = useTaskMove({
    onMoved: () => {
      void live.refetch();
      void archived.refetch();
    },
  });

  const setFilter = (key: string, value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  const tasks = [...(live.data ?? []), ...(archived.data ?? [])];
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const statusOf = (t: TaskRecord) => t.status as TaskStatus;
  const dropOn = (to: TaskStatus) => (id: number) => {
    setDragged(null);
    const task = byId.get(id);
    if (task) void moves.move({ id: task.id, status: statusOf(task) }, to);
  };
  const draggedTargets = dragged ? moves.targets(statusOf(dragged)) : null;
  const failed = live.error ?? archived.error;

  return (
    <Box sx={{ mt: 2 }} data-testid="task-board">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, maxWidth: 340, width: '100%' }} data-testid="task-board-assignee">
          <ReferenceFilterField def={ASSIGNEE} value={assignee} onChange={(v) => setFilter('assignee', v)} />
        </Box>
        <Box sx={{ flex: 1, maxWidth: 340, width: '100%' }} data-testid="task-board-website">
          <ReferenceFilterField def={WEBSITE} value={website} onChange={(v) => setFilter('website', v)} />
        </Box>
        <Box sx={{ flex: 1 }} />
        {hasCreate && <CreateButton variant="contained" label="New task" />}
      </Stack>
      {moves.refusal && (
        <Alert severity="error" onClose={moves.dismiss} sx={{ mb: 2 }} data-testid="task-board-refusal">
          {moves.refusal}
        </Alert>
      )}
      {failed ? (
        <Alert severity="error">{errorMessage(failed)}</Alert>
      ) : live.isPending || archived.isPending ? (
        <Loading />
      ) : (
        <>
          {(live.total ?? 0) > LIVE_MAX && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The board shows the first {LIVE_MAX} of {live.total} live tasks, soonest due first: narrow it by
              assignee or website.
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}>
            {TASK_BOARD_COLUMNS.map((status) => {
              const cards = tasks.filter((t) => t.status === status);
              return (
                <BoardColumn
                  key={status}
                  status={status}
                  count={status === 'ARCHIVED' ? (archived.total ?? cards.length) : cards.length}
                  accepts={draggedTargets === null ? null : draggedTargets.includes(status)}
                  onDrop={dropOn(status)}
                  footer={
                    status === 'ARCHIVED' && (archived.total ?? 0) > cards.length ? (
                      <MuiLink href={archivedListLink(filter)} variant="caption">
                        All {archived.total} archived tasks
                      </MuiLink>
                    ) : null
                  }
                >
                  {cards.length === 0 && (
                    <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
                      No tasks
                    </Typography>
                  )}
                  {cards.map((task) => (
                    <TaskCard
                      key={task.id}
                      task={task}
                      targets={moves.targets(statusOf(task))}
                      mayMove={moves.mayMove}
                      busy={moves.busy === task.id}
                      onMove={(to) => void moves.move({ id: task.id, status: statusOf(task) }, to)}
                      onDragStart={() => setDragged(task)}
                      onDragEnd={() => setDragged(null)}
                    />
                  ))}
                </BoardColumn>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
};
