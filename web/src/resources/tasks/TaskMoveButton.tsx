import type { TaskStatus } from '@sitefleet/shared';
import { useRecordContext, useRefresh } from 'react-admin';
import { MoveMenu } from './board/MoveMenu';
import { useTaskMove } from './board/useTaskMove';
import type { TaskRecord } from './labels';

/** The show page's Move: the statuses the rules allow next; a refusal is notified, the page reloaded. */
export const TaskMoveButton = () => {
  const record = useRecordContext<TaskRecord>();
  const refresh = useRefresh();
  const moves = useTaskMove({ onMoved: () => refresh(), notifyRefusal: true });
  if (!record || !moves.mayMove) return null;
  const status = record.status as TaskStatus;
  return (
    <MoveMenu
      button
      status={status}
      targets={moves.targets(status)}
      busy={moves.busy === record.id}
      onMove={(to) => void moves.move({ id: record.id, status }, to)}
    />
  );
};
