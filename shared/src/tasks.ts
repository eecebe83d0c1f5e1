import { TASK_STATUSES } from './constants.js';

/**
 * The content team's tasks (SPEC §3 Task status and type, §9): their types, statuses and the transitions
 * between statuses. The server enforces these rules and the console's board offers only what they allow,
 * from this one module (docs/tasks.md).
 */

export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  DRAFT: 'Draft',
  REJECTED: 'Rejected',
  NOT_PLUCKED: 'Not picked up',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  APPROVED: 'Approved',
  ARCHIVED: 'Archived',
};

/** The board's columns, in the order a task usually travels. */
export const TASK_BOARD_COLUMNS: readonly TaskStatus[] = [
  'DRAFT',
  'NOT_PLUCKED',
  'IN_PROGRESS',
  'COMPLETED',
  'REJECTED',
  'APPROVED',
  'ARCHIVED',
];

/** Statuses whose work is still to deliver: past its due date such a task is overdue. */
export const TASK_OPEN_STATUSES: readonly TaskStatus[] = ['DRAFT', 'NOT_PLUCKED', 'IN_PROGRESS', 'REJECTED'];

/** Whether a task is late: due before `now` (epoch seconds) with its work not delivered. */
export function isTaskOverdue(
  task: { status: string | null; due_date: number | null },
  now: number,
): boolean {
  return (
    task.due_date !== null &&
    task.due_date < now &&
    (TASK_OPEN_STATUSES as readonly (string | null)[]).includes(task.status)
  );
}

/** SPEC §3: the task types, each working on its own list of records. */
export const TASK_TYPES = ['TAG_LINKS', 'UPDATE_LINKS', 'CREATE_POST', 'QUALITY_CHECK'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  TAG_LINKS: 'Tag links',
  UPDATE_LINKS: 'Update links',
  CREATE_POST: 'Create post',
  QUALITY_CHECK: 'Quality check',
};

/** SPEC §3: what each type works on (website_ids, post_ids, task_ids). */
export const TASK_TYPE_TARGETS: Record<TaskType, 'website_ids' | 'post_ids' | 'task_ids'> = {
  TAG_LINKS: 'website_ids',
  UPDATE_LINKS: 'website_ids',
  CREATE_POST: 'post_ids',
  QUALITY_CHECK: 'task_ids',
};

/** SPEC §3: the types a task may be created with; the others are shown disabled. */
export const AVAILABLE_TASK_TYPES = ['CREATE_POST'] as const satisfies readonly TaskType[];

export const isTaskType = (v: unknown): v is TaskType => (TASK_TYPES as readonly unknown[]).includes(v);

export function isTaskTypeAvailable(type: string): boolean {
  return (AVAILABLE_TASK_TYPES as readonly string[]).includes(type);
}

/** What a disabled type is told, in the form and by the API. */
export function unavailableTaskTypeMessage(type: string | number): string {
  const label = isTaskType(type) ? TASK_TYPE_LABELS[type] : String(type);
  return `${label} tasks are not available yet: only ${AVAILABLE_TASK_TYPES.map((t) => TASK_TYPE_LABELS[t]).join(', ')} tasks can be created`;
}

/** At most this many posts in one Create post task. */
export const TASK_POSTS_MAX = 50;

/**
 * The workflow anyone holding the transition permission follows. A task is written (draft), offered to the
 * team (not picked up) or started at once, done (completed), reviewed (approved or rejected: a rejected
 * task goes back to work), and archived once its review is final.
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskStatus, readonly TaskStatus[]>> = {
  DRAFT: ['NOT_PLUCKED', 'IN_PROGRESS'],
  NOT_PLUCKED: ['IN_PROGRESS', 'DRAFT'],
  IN_PROGRESS: ['COMPLETED', 'NOT_PLUCKED'],
  COMPLETED: ['APPROVED', 'REJECTED'],
  REJECTED: ['IN_PROGRESS', 'ARCHIVED'],
  APPROVED: ['ARCHIVED'],
  ARCHIVED: [],
};

/** Whether the workflow moves a task from one status to the other. */
export function isTransitionAllowed(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** Whether a task in this status may still be archived by the archive permission (anything not archived). */
export function isArchivable(from: TaskStatus): boolean {
  return from !== 'ARCHIVED';
}

/**
 * The statuses a task may move to for a user: the workflow's, plus Archived from any other status when the
 * user holds the archive permission.
 */
export function nextStatuses(from: TaskStatus, mayArchiveAny: boolean): TaskStatus[] {
  const next = [...TASK_TRANSITIONS[from]];
  if (mayArchiveAny && isArchivable(from) && !next.includes('ARCHIVED')) next.push('ARCHIVED');
  return next;
}

/** Which route moves a task there: the workflow's transition, the archive permission's, or none. */
export function transitionRoute(
  from: TaskStatus,
  to: TaskStatus,
  mayArchiveAny: boolean,
): 'transition' | 'archive' | null {
  if (isTransitionAllowed(from, to)) return 'transition';
  if (to === 'ARCHIVED' && mayArchiveAny && isArchivable(from)) return 'archive';
  return null;
}

const list = (statuses: readonly TaskStatus[]) => {
  const labels = statuses.map((s) => TASK_STATUS_LABELS[s]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)!}`;
};

/** Why the workflow refuses a move, naming the statuses it allows next. */
export function refusedTransitionMessage(from: TaskStatus, to: TaskStatus): string {
  if (from === to) return `The task is already ${TASK_STATUS_LABELS[to]}`;
  const allowed = TASK_TRANSITIONS[from];
  const head = `A task that is ${TASK_STATUS_LABELS[from]} cannot move to ${TASK_STATUS_LABELS[to]}`;
  if (!allowed.length) return `${head}: an archived task is final`;
  const archive =
    to === 'ARCHIVED' ? '. Archiving it at this stage needs the permission to archive any task' : '';
  return `${head}: it can move to ${list(allowed)}${archive}`;
}
