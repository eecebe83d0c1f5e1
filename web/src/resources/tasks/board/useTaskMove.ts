import {
  actions,
  isArchivable,
  nextStatuses,
  TASK_STATUS_LABELS,
  transitionRoute,
  type TaskMoved,
  type TaskStatus,
} from '@sitefleet/shared';
import { useState } from 'react';
import { useNotify, usePermissions } from 'react-admin';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../../providers/permissions';

/** A task as a move needs it: which one, and the status the user sees it in. */
export interface Movable {
  id: number;
  status: TaskStatus;
}

export interface TaskMove {
  /** Whether the user may move tasks at all (the transition or the archive permission). */
  mayMove: boolean;
  /** The statuses this user may move a task in `status` to. */
  targets: (status: TaskStatus) => TaskStatus[];
  /** The task being moved, while its request runs. */
  busy: number | null;
  /** The server's refusal of the last move, until the next one (or dismissed). */
  refusal: string | null;
  dismiss: () => void;
  /** Asks the server to move the task; resolves to where it stands, or null when refused. */
  move: (task: Movable, to: TaskStatus) => Promise<TaskMoved | null>;
}

/**
 * Moves tasks through the server (docs/tasks.md): the workflow's step, or, for those holding it, the archive
 * permission's "archive at any stage". The statuses offered come from the shared rules; a move to any other
 * is still sent, so the server's own refusal (422 naming what is allowed, 409 when someone moved it first) is
 * what the user reads.
 */
export function useTaskMove({
  onMoved,
  notifyRefusal = false,
}: {
  /** After every answer: where the task now stands, or null after a refusal (it may have moved meanwhile). */
  onMoved: (moved: TaskMoved | null) => void;
  /** Also notify a refusal (a page without a place to show it). */
  notifyRefusal?: boolean;
}): TaskMove {
  const { permissions } = usePermissions<Permissions>();
  const perms = permissions ?? NO_PERMISSIONS;
  const mayTransition = mayCall(perms, actions.tasks.transitionTask);
  const mayArchive = mayCall(perms, actions.tasks.archiveTask);
  const notify = useNotify();
  const [busy, setBusy] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const targets = (status: TaskStatus): TaskStatus[] => {
    if (mayTransition) return nextStatuses(status, mayArchive);
    return mayArchive && isArchivable(status) ? ['ARCHIVED'] : [];
  };

  const move = async (task: Movable, to: TaskStatus): Promise<TaskMoved | null> => {
    if (to === task.status || busy !== null) return null;
    setBusy(task.id);
    setRefusal(null);
    const params = { id: String(task.id) };
    try {
      const answer =
        transitionRoute(task.status, to, mayArchive) === 'archive'
          ? await callAction(actions.tasks.archiveTask, { params, body: { from: task.status } })
          : await callAction(actions.tasks.transitionTask, { params, body: { from: task.status, to } });
      notify(`Moved to ${TASK_STATUS_LABELS[answer.data.status]}`, { type: 'success' });
      onMoved(answer.data);
      return answer.data;
    } catch (e) {
      setRefusal(errorMessage(e));
      if (notifyRefusal) notify(errorMessage(e), { type: 'error' });
      // Someone else may have moved it: show where it stands now.
      onMoved(null);
      return null;
    } finally {
      setBusy(null);
    }
  };

  return {
    mayMove: mayTransition || mayArchive,
    targets,
    busy,
    refusal,
    dismiss: () => setRefusal(null),
    move,
  };
}
