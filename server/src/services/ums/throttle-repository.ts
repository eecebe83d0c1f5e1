import type { Queryable } from '../../db/db.js';

/**
 * Repository of the sign-in throttle's counters (login_throttle). Reserving an attempt is one atomic
 * upsert per key that also rolls the window over, so parallel guesses cannot pass the limit; the counters
 * are no resource and are never read or written through the API, so the engine has no part in them.
 */

/**
 * Reserves one sign-in attempt for each key before any password check, in one atomic statement per key,
 * and returns how many attempts each key has used in its current window. Parallel guesses therefore
 * cannot run more checks than the limit.
 */
export async function reserveAttempts(
  db: Queryable,
  keys: string[],
  windowSeconds: number,
): Promise<number[]> {
  const out: number[] = [];
  for (const key of keys) {
    const r = await db.query<{ attempts: number }>(
      `INSERT INTO login_throttle AS t (key, attempts, window_start) VALUES ($1, 1, epoch_now())
       ON CONFLICT (key) DO UPDATE SET
         attempts = CASE WHEN t.window_start <= epoch_now() - $2 THEN 1 ELSE t.attempts + 1 END,
         window_start = CASE WHEN t.window_start <= epoch_now() - $2 THEN epoch_now() ELSE t.window_start END
       RETURNING attempts`,
      [key, windowSeconds],
    );
    out.push(Number(r.rows[0]!.attempts));
  }
  return out;
}

/**
 * Gives back a reserved attempt: a successful sign-in must not use up the budget its address shares with
 * everyone behind it, yet it was counted before the password was checked so that parallel guesses stay bounded.
 */
export async function refundAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE login_throttle SET attempts = greatest(attempts - 1, 0) WHERE key = $1', [key]);
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}

/** Seconds until a key's window ends (for the Retry-After header). */
export async function retryAfter(db: Queryable, key: string, windowSeconds: number): Promise<number> {
  const r = await db.query<{ left: number }>(
    'SELECT greatest(window_start + $2 - epoch_now(), 1) AS left FROM login_throttle WHERE key = $1',
    [key, windowSeconds],
  );
  return Number(r.rows[0]?.left ?? windowSeconds);
}

export async function purgeExpiredAttempts(db: Queryable, windowSeconds: number): Promise<number> {
  const r = await db.query('DELETE FROM login_throttle WHERE window_start <= epoch_now() - $1', [
    windowSeconds,
  ]);
  return r.rowCount;
}
