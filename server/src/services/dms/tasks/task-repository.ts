import type { TaskHistoryEntry, TaskMoved, TaskStatus } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';

/*
 * Repository of a task's status and history. Direct SQL: the status is read-only to the engine's writes (a
 * PUT never changes it), and a move, its optimistic check and its history row are written together or not at
 * all; task_history is no declared resource. Which tasks the user may move comes from the engine (`visible`,
 * the resource's access rule), so it is not written again here.
 */

async function run<T>(db: Queryable, q: SqlFragment): Promise<T[]> {
  const { text, values } = q.query();
  return (await db.query<T>(text, values)).rows;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface LockedTask {
  id: number;
  status: TaskStatus;
  assignee_id: number | null;
}

/** The task, locked for its move, when the user may see it (`visible`: ids under the access rule). */
export async function lockTask(tx: Queryable, id: number, visible: SqlFragment): Promise<LockedTask | null> {
  const [row] = await run<LockedTask>(
    tx,
    sql`SELECT id, status, assignee_id FROM tasks WHERE id = ${id} AND id IN (${visible}) FOR UPDATE`,
  );
  return row ? { id: Number(row.id), status: row.status, assignee_id: num(row.assignee_id) } : null;
}

/** Sets the status (and, when given, the assignee); answers where the task now stands. */
export async function moveTask(
  tx: Queryable,
  id: number,
  to: TaskStatus,
  assigneeId: number | undefined,
): Promise<TaskMoved> {
  const assign = assigneeId === undefined ? sql`` : sql`, assignee_id = ${assigneeId}`;
  const [row] = await run<TaskMoved>(
    tx,
    sql`UPDATE tasks SET status = ${to}, status_changed_at = epoch_now(), updated_at = epoch_now(),
          version = version + 1${assign}
        WHERE id = ${id}
        RETURNING id, status, assignee_id, status_changed_at, updated_at, version`,
  );
  return {
    id: Number(row!.id),
    status: row!.status,
    assignee_id: num(row!.assignee_id),
    status_changed_at: Number(row!.status_changed_at),
    updated_at: Number(row!.updated_at),
    version: Number(row!.version),
  };
}

export interface HistoryRow {
  taskId: number;
  from: string | null;
  to: string;
  userId: number | null;
  comment: string | null;
  /** When it happened (epoch seconds); now by default. */
  at?: number;
}

/** Appends rows to tasks' histories. */
export async function addHistory(tx: Queryable, ...rows: HistoryRow[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO task_history (task_id, from_status, to_status, user_id, comment, created_at)
     SELECT x.task_id, x.from_status, x.to_status, x.user_id, x.comment, COALESCE(x.created_at, epoch_now())
       FROM jsonb_to_recordset($1::jsonb)
         AS x(task_id bigint, from_status text, to_status text, user_id bigint, comment text, created_at bigint)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          task_id: r.taskId,
          from_status: r.from,
          to_status: r.to,
          user_id: r.userId,
          comment: r.comment,
          created_at: r.at ?? null,
        })),
      ),
    ],
  );
}

/** A task's history, newest first, with the names of those who moved it. */
export async function historyOf(db: Queryable, taskId: number): Promise<TaskHistoryEntry[]> {
  const rows = await run<TaskHistoryEntry>(
    db,
    sql`SELECT h.id, h.from_status, h.to_status, h.user_id, h.comment, h.created_at,
          NULLIF(concat_ws(' ', u.name, u.last_name), '') AS user_name
        FROM task_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.task_id = ${taskId} ORDER BY h.created_at DESC, h.id DESC LIMIT 500`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: num(r.user_id),
    created_at: Number(r.created_at),
  }));
}

/** Which of these posts belong to the website. */
export async function postsOfWebsite(db: Queryable, websiteId: number, ids: number[]): Promise<number[]> {
  const rows = await run<{ id: number }>(
    db,
    sql`SELECT id FROM posts WHERE website_id = ${websiteId} AND id = ANY(${ids}::bigint[])`,
  );
  return rows.map((r) => Number(r.id));
}
