import { MONITOR_LIMITS } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../core/sql.js';
import type { Queryable } from '../../db/db.js';
import type { StatusChange } from '../../monitoring/uptime.js';

/**
 * Repository of what the monitors resource reads and writes beside the engine: its history (status
 * changes and the alerts they sent, which are no resources: the scheduler appends them, the detail page
 * reports on them and a daily command prunes them), and the operator's check-now request, a scheduler
 * column written without a version bump (as the scheduler's own writes, monitoring/monitor-repository.ts).
 */

async function run<T>(db: Queryable, q: SqlFragment): Promise<{ rows: T[]; rowCount: number }> {
  const { text, values } = q.query();
  return db.query<T>(text, values);
}

/** The monitor's latest changes, oldest first. */
export async function recentChanges(db: Queryable, monitorId: number): Promise<StatusChange[]> {
  const r = await run<StatusChange>(
    db,
    sql`SELECT status, at, message FROM (
          SELECT status, at, message, id FROM monitor_changes WHERE monitor_id = ${monitorId}
          ORDER BY at DESC, id DESC LIMIT ${MONITOR_LIMITS.changesShown}
        ) c ORDER BY at, id`,
  );
  return r.rows;
}

/** The changes since `since`, from the last one at or before it (the status the window opened with). */
export async function changesSince(db: Queryable, monitorId: number, since: number): Promise<StatusChange[]> {
  const r = await run<StatusChange>(
    db,
    sql`SELECT status, at, message FROM monitor_changes WHERE monitor_id = ${monitorId}
          AND at >= coalesce((SELECT max(at) FROM monitor_changes WHERE monitor_id = ${monitorId} AND at <= ${since}), 0)
        ORDER BY at, id`,
  );
  return r.rows;
}

/** The alerts the monitor's changes sent, newest first. */
export async function recentAlerts(
  db: Queryable,
  monitorId: number,
  limit: number,
): Promise<Array<Record<string, unknown>>> {
  const r = await run<Record<string, unknown>>(
    db,
    sql`SELECT a.id, a.channel, a.recipient, a.state, a.attempts, a.last_error, a.sent_at, a.created_at,
          c.status AS change_status, c.at AS change_at
        FROM monitor_alerts a JOIN monitor_changes c ON c.id = a.change_id
        WHERE c.monitor_id = ${monitorId} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`,
  );
  return r.rows;
}

/**
 * Deletes the changes older than `cut`, with their alerts (ON DELETE CASCADE), except each monitor's last
 * one at or before the cut. One set-based delete over every monitor; twice deletes nothing more.
 */
export async function pruneChanges(db: Queryable, cut: number): Promise<number> {
  const r = await run(
    db,
    sql`DELETE FROM monitor_changes c
         WHERE c.at < ${cut}
           AND EXISTS (SELECT 1 FROM monitor_changes later
                        WHERE later.monitor_id = c.monitor_id AND later.at <= ${cut}
                          AND (later.at, later.id) > (c.at, c.id))`,
  );
  return r.rowCount;
}

/**
 * Asks the scheduler to check the monitor (one of `monitors`, the engine's visible ids) now; answers the
 * request's time, or null when there is no such monitor or it is paused.
 */
export async function requestCheck(db: Queryable, monitors: SqlFragment): Promise<number | null> {
  const r = await run<{ check_requested_at: number }>(
    db,
    sql`UPDATE monitors SET updated_at = epoch_now(),
          -- strictly increasing: two requests in one second are two requests
          check_requested_at = greatest(epoch_now(), coalesce(check_requested_at, 0) + 1)
        WHERE id IN (${monitors}) AND NOT paused RETURNING check_requested_at`,
  );
  const row = r.rows[0];
  return row ? Number(row.check_requested_at) : null;
}

/**
 * The name a new monitor of a website takes: read in the write's own transaction by the before-write hook,
 * which has no engine (the engine checks the reference itself right after).
 */
export async function websiteName(tx: Queryable, websiteId: number): Promise<string | undefined> {
  const r = await run<{ name: string }>(
    tx,
    sql`SELECT coalesce(nullif(friendly_name, ''), hostname) AS name FROM websites WHERE id = ${websiteId}`,
  );
  return r.rows[0]?.name;
}
