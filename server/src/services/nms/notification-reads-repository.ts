import type { Queryable } from '../../db/db.js';
import type { SqlFragment } from '../../core/sql.js';
import { sql } from '../../core/sql.js';

/**
 * Repository of the per-user read marks of notifications. They are not a resource (no one lists, edits or
 * deletes them; a mark is keyed by user and notification) and marking everything read is one set-based
 * insert, which the engine does not express. Which notifications a user may mark comes from the engine
 * (`visibleIds`), so the notifications' access rule is never written here.
 */
export async function setRead(
  db: Queryable,
  notificationId: number,
  userId: number,
  read: boolean,
): Promise<void> {
  const q = read
    ? sql`INSERT INTO notification_reads (notification_id, user_id) VALUES (${notificationId}, ${userId})
          ON CONFLICT DO NOTHING`
    : sql`DELETE FROM notification_reads WHERE notification_id = ${notificationId} AND user_id = ${userId}`;
  const { text, values } = q.query();
  await db.query(text, values);
}

/** Marks every notification of `visible` (a subquery of ids) read for the user; answers how many were new. */
export async function markAllRead(db: Queryable, visible: SqlFragment, userId: number): Promise<number> {
  const { text, values } = sql`INSERT INTO notification_reads (notification_id, user_id)
    SELECT v.id, ${userId} FROM (${visible}) v ON CONFLICT DO NOTHING`.query();
  const r = await db.query(text, values);
  return r.rowCount;
}

/** Whether the notification row `t` is read by the user (a column of the inbox's read). */
export const readBy = (userId: number): SqlFragment =>
  sql`CASE WHEN EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = t.id AND r.user_id = ${userId}) THEN 1 ELSE 0 END`;

/** The notification row `t` is not read by the user. */
export const unreadBy = (userId: number): SqlFragment =>
  sql`NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = t.id AND r.user_id = ${userId})`;
