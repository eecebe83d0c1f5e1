import type { Queryable } from '../db/db.js';

/**
 * Repository of the alert outboxes the delivery loops work through (monitor_alerts, rank_alert_deliveries):
 * one row per alert, channel and recipient. Claiming due rows is one UPDATE over rows locked with SKIP
 * LOCKED, so several workers never send one alert twice; an outbox is no resource (nobody lists or edits
 * it through the API), so the engine has no part in it.
 */

/** How long a claimed alert stays claimed before another process may try it (a sender that died). */
const CLAIM_SECONDS = 300;
/** Alerts claimed at once. */
export const CLAIM_BATCH = 50;
/** Longest error text kept on an alert. */
const ERROR_CHARS = 500;

export type OutboxTable = 'monitor_alerts' | 'rank_alert_deliveries';

/** What every outbox row carries; each outbox adds what its message says. */
export interface OutboxItem {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  attempts: number;
}

/**
 * Claims the due rows of an outbox (epoch seconds `now`): `join` names the tables the message is read from
 * (`from`, joined on `where`; the outbox row is `a`) and the columns it needs (`columns`).
 */
export async function claimDue<R extends Record<string, unknown>>(
  db: Queryable,
  table: OutboxTable,
  now: number,
  join: { from: string; where: string; columns: string },
): Promise<Array<OutboxItem & R>> {
  const r = await db.query<OutboxItem & R>(
    `WITH due AS (
       SELECT id FROM ${table} WHERE state = 'pending' AND next_attempt_at <= $1
       ORDER BY id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED)
     UPDATE ${table} a SET attempts = a.attempts + 1, next_attempt_at = $1 + ${CLAIM_SECONDS}
     FROM due, ${join.from}
     WHERE a.id = due.id AND ${join.where}
     RETURNING a.id, a.channel, a.recipient, a.attempts, ${join.columns}`,
    [now],
  );
  return r.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function markSent(db: Queryable, table: OutboxTable, id: number, at: number): Promise<void> {
  await db.query(`UPDATE ${table} SET state = 'sent', sent_at = $2, last_error = NULL WHERE id = $1`, [
    id,
    at,
  ]);
}

export async function scheduleRetry(
  db: Queryable,
  table: OutboxTable,
  id: number,
  error: string,
  at: number,
): Promise<void> {
  await db.query(`UPDATE ${table} SET last_error = $2, next_attempt_at = $3 WHERE id = $1`, [
    id,
    error.slice(0, ERROR_CHARS),
    at,
  ]);
}

export async function markFailed(
  db: Queryable,
  table: OutboxTable,
  id: number,
  error: string,
): Promise<void> {
  await db.query(`UPDATE ${table} SET state = 'failed', last_error = $2 WHERE id = $1`, [
    id,
    error.slice(0, ERROR_CHARS),
  ]);
}
