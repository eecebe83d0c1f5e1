/** A task's own calls (docs/tasks.md): move it along the workflow, archive it at any stage, its history. */
import { Type, type Static } from 'typebox';
import { TASK_STATUSES } from '../constants.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const Status = Type.Enum(TASK_STATUSES);
const Comment = Type.Optional(
  Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$', description: 'Why, for the history' }),
);

/** Where a task stands after a move: the console updates its card from it. */
export const TaskMoved = Type.Object({
  id: Type.Integer(),
  status: Status,
  /** Set when picking up a task nobody had: the one who picked it. */
  assignee_id: Nullable(Type.Integer()),
  status_changed_at: Type.Integer(),
  updated_at: Type.Integer(),
  version: Type.Integer(),
});
export type TaskMoved = Static<typeof TaskMoved>;

/**
 * POST /tasks/{id}/transition: one step of the workflow (shared/src/tasks.ts TASK_TRANSITIONS). `from` is the
 * status the caller saw: when the task has moved since, the step is refused (409) rather than applied to a
 * status nobody looked at. A step the workflow does not allow is a 422 naming the allowed next statuses.
 */
export const transitionTask = defineAction({
  method: 'POST',
  path: 'dms/api/v1/tasks/:id/transition',
  service: 'dms',
  summary: "Move a task to the workflow's next status (optimistic: from the status the caller saw)",
  access: 'permission',
  kind: 'write',
  params: IdParams,
  body: Type.Object({ from: Status, to: Status, comment: Comment }, { additionalProperties: false }),
  response: Data(TaskMoved),
});

/**
 * POST /tasks/{id}/archive: archive a task whatever its status (a cancelled brief, a site sold). A permission
 * of its own, held by admins unless granted to a role: the workflow archives only reviewed tasks.
 */
export const archiveTask = defineAction({
  method: 'POST',
  path: 'dms/api/v1/tasks/:id/archive',
  service: 'dms',
  summary: 'Archive a task at any stage (optimistic: from the status the caller saw)',
  access: 'permission',
  kind: 'write',
  params: IdParams,
  body: Type.Object({ from: Status, comment: Comment }, { additionalProperties: false }),
  response: Data(TaskMoved),
});

/** One row of a task's history: its creation (from null) or a move, who made it and when. */
export const TaskHistoryEntry = Type.Object({
  id: Type.Integer(),
  from_status: Nullable(Status),
  to_status: Status,
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  created_at: Type.Integer(),
});
export type TaskHistoryEntry = Static<typeof TaskHistoryEntry>;

/** GET /tasks/{id}/history: the task's creation and every move, newest first. */
export const taskHistory = defineAction({
  method: 'GET',
  path: 'dms/api/v1/tasks/:id/history',
  service: 'dms',
  summary: "A task's creation and status changes, newest first",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(Type.Array(TaskHistoryEntry)),
});
