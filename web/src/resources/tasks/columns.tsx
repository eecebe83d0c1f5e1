import { Typography } from '@mui/material';
import { isTaskOverdue, resources, TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '@sitefleet/shared';
import { secondsToDate } from '../../common/format/dates';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { nowSeconds, TASK_STATUS_COLORS, type TaskRecord } from './labels';

const spec = resources.tasks;

/** A due date (a calendar day), red while the task is overdue. */
export const DueDate = ({ task }: { task: Pick<TaskRecord, 'status' | 'due_date'> }) => {
  const late = isTaskOverdue(task, nowSeconds());
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: late ? 'error.main' : undefined, fontWeight: late ? 600 : undefined }}
    >
      {secondsToDate(task.due_date) ?? '—'}
    </Typography>
  );
};

export const taskColumns = screenColumns(spec, [
  'title',
  col.choice('type', 'Type', TASK_TYPE_LABELS, undefined, { sortable: true }),
  col.choice('status', 'Status', TASK_STATUS_LABELS, TASK_STATUS_COLORS, { sortable: true }),
  ['assignee_id', { sortable: false }],
  ['website_id', { sortable: false }],
  {
    source: 'due_date',
    label: 'Due date',
    sortable: true,
    render: (r) => (
      <DueDate
        task={{ status: String(r.status), due_date: typeof r.due_date === 'number' ? r.due_date : null }}
      />
    ),
    exportValue: (r) => secondsToDate(r.due_date),
  },
  ['post_ids', { hidden: true }],
  ['created_by', { hidden: true, sortable: false }],
  ['status_changed_at', { hidden: true }],
  ['created_at', { hidden: true }],
  'updated_at',
  col.text('id', 'ID', { hidden: true }),
]);

export const taskFilters = screenFilters(spec, [
  ['title', { quick: true }],
  ['status', { labels: TASK_STATUS_LABELS, quick: true }],
  ['type', { labels: TASK_TYPE_LABELS }],
  'assignee_id',
  'website_id',
  'due_date',
  'overdue',
  'created_by',
]);
