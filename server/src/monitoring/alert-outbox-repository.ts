import type { Queryable } from '../db/db.js';

/**
 * Repository of the alert outbox (monitor_alerts) the delivery loop works through. Claiming due alerts is
 * one UPDATE over rows locked with SKIP LOCKED, so several workers never send one alert twice; the outbox
 * is no resource (nobody lists or edits it through the API), so the engine has no part in it.
 */

/** How long a claimed alert stays claimed before another process may try it (a sender that died). */
const CLAIM_SECONDS = 300;
/** Alerts claimed at once. */
export const CLAIM_BATCH = 50;
/** Longest error text kept on an alert. */
const ERROR_CHARS = 500;

export interface Claimed {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  attempts: number;
  status: 'up' | 'down';
  at: number;
  message: string | null;
  monitor_id: number;
  friendly_name: string | null;
  url: string;
  type: string;
  previous_at: number | null;
}

/** Claims the due alerts (epoch seconds `now`) with what their messages say. */
export async function claimDue(db: Queryable, now: number): Promise<Claimed[]> {
  const r = await db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM monitor_alerts WHERE state = 'pending' AND next_attempt_at <= $1
       ORDER BY id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
     UPDATE monitor_alerts a SET attempts = a.attempts + 1, next_attempt_at = $1 + ${CLAIM_SECONDS}
     FROM due, monitor_changes c, monitors m
     WHERE a.id = due.id AND c.id = a.change_id AND m.id = c.monitor_id
     RETURNING a.id, a.channel, a.recipient, a.attempts, c.status, c.at, c.message, c.monitor_id,
       m.friendly_name, m.url, m.type,
       (SELECT max(p.at) FROM monitor_changes p
         WHERE p.monitor_id = c.monitor_id AND p.at < c.at AND p.status = 'down') AS previous_at`,
    [now],
  );
  return r.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    at: Number(row.at),
    monitor_id: Number(row.monitor_id),
    previous_at: row.previous_at === null ? null : Number(row.previous_at),
  }));
}

export async function markSent(db: Queryable, id: number, at: number): Promise<void> {
  await db.query(`UPDATE monitor_alerts SET state = 'sent', sent_at = $2, last_error = NULL WHERE id = $1`, [
    id,
    at,
  ]);
}

export async function scheduleRetry(db: Queryable, id: number, error: string, at: number): Promise<void> {
  await db.query('UPDATE monitor_alerts SET last_error = $2, next_attempt_at = $3 WHERE id = $1', [
    id,
    error.slice(0, ERROR_CHARS),
    at,
  ]);
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query(`UPDATE monitor_alerts SET state = 'failed', last_error = $2 WHERE id = $1`, [
    id,
    error.slice(0, ERROR_CHARS),
  ]);
}
