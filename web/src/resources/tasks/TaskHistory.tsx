import { Chip } from '@mui/material';
import { actions, TASK_STATUS_LABELS, type ActionResponse } from '@sitefleet/shared';
import { ChoiceChip } from '../../common/fields/ChoiceChip';
import { formatTime } from '../../common/format/dates';
import { type ActionColumn } from '../../common/list/ActionTable';
import { RecordActionTable } from '../../common/list/RecordActionTable';
import { TASK_STATUS_COLORS } from './labels';

const spec = actions.tasks.taskHistory;
type Answer = ActionResponse<typeof spec>;
type Entry = Answer['data'][number];

const COLUMNS: Array<ActionColumn<Entry>> = [
  { label: 'When', render: (h) => formatTime(h.created_at), sx: { whiteSpace: 'nowrap' } },
  {
    label: 'From',
    render: (h) =>
      h.from_status === null ? (
        <Chip size="small" variant="outlined" label="Created" />
      ) : (
        <ChoiceChip value={h.from_status} labels={TASK_STATUS_LABELS} colors={TASK_STATUS_COLORS} />
      ),
  },
  {
    label: 'To',
    render: (h) => <ChoiceChip value={h.to_status} labels={TASK_STATUS_LABELS} colors={TASK_STATUS_COLORS} />,
  },
  { label: 'By', render: (h) => h.user_name ?? 'System' },
  { label: 'Comment', render: (h) => h.comment ?? '' },
];

const rowsOf = (answer: Answer) => answer.data;

/** A task's creation and every move: who, from, to, when and why. Reloaded when the task moves. */
export const TaskHistory = (_: { label?: false }) => (
  <RecordActionTable
    spec={spec}
    input={(id) => ({ params: { id } })}
    queryKey={(r) => ['task', r.id, 'history', r.version]}
    rows={rowsOf}
    columns={COLUMNS}
    rowKey={(h) => h.id}
    label="History"
    empty="No history recorded."
    rowTestId="task-history-row"
  />
);
