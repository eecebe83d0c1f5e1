import type { Queryable } from '../../db/db.js';

/**
 * Repository of step-up confirmations (step_ups: one row per signed-in session, keyed by a hash of its
 * token) and of the credentials a confirmation is checked against. Confirmations are no resource (never
 * listed or edited), and the password hash and Google subject are columns the engine never returns.
 */

export interface StepUpCredentials {
  password_hash: string | null;
  google_iss: string | null;
  google_id: string | null;
}

export async function stepUpCredentials(db: Queryable, userId: number): Promise<StepUpCredentials | null> {
  const r = await db.query<StepUpCredentials>(
    'SELECT password_hash, google_iss, google_id FROM users WHERE id = $1',
    [userId],
  );
  return r.rows[0] ?? null;
}

/** Whether the session confirmed its user within the last `seconds`. */
export async function confirmedWithin(
  db: Queryable,
  sessionKey: string,
  userId: number,
  seconds: number,
): Promise<boolean> {
  const r = await db.query(
    'SELECT 1 FROM step_ups WHERE session_key = $1 AND user_id = $2 AND at > epoch_now() - $3',
    [sessionKey, userId, seconds],
  );
  return r.rows.length > 0;
}

/** Records a confirmation now; answers its time (epoch seconds). */
export async function recordStepUp(db: Queryable, sessionKey: string, userId: number): Promise<number> {
  const r = await db.query<{ at: number }>(
    `INSERT INTO step_ups (session_key, user_id) VALUES ($1, $2)
     ON CONFLICT (session_key) DO UPDATE SET at = epoch_now() RETURNING at`,
    [sessionKey, userId],
  );
  return Number(r.rows[0]!.at);
}

/** Drops confirmations older than `seconds`: they are worthless, and the table stays at the active sessions. */
export async function dropStepUpsOlderThan(db: Queryable, seconds: number): Promise<void> {
  await db.query('DELETE FROM step_ups WHERE at < epoch_now() - $1', [seconds]);
}
