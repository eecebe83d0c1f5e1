import { TASK_STATUS_LABELS, TASK_TYPE_LABELS } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { TaskHistory } from './TaskHistory';
import { TaskMoveButton } from './TaskMoveButton';

const FIELDS = [
  'title',
  'type',
  'status',
  'assignee_id',
  'website_id',
  'post_ids',
  'description',
  'created_by',
  'status_changed_at',
] as const;

/** A task: what, where, who and its status (moved from here too), and its history of moves. */
export const TaskShow = () => (
  <DerivedShow
    fields={FIELDS}
    labels={{ type: TASK_TYPE_LABELS, status: TASK_STATUS_LABELS }}
    more={[<RecordValue key="due_date" source="due_date" label="Due date" kind="date" />]}
    actions={<TaskMoveButton />}
  >
    <TabbedShowLayout.Tab label="History" path="history">
      <TaskHistory label={false} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
