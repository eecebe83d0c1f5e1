import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';

/** The throttle key of an account (by the e-mail as typed, so unknown addresses lock the same way). */
export const accountKey = (email: string): string => `acct:${email.trim().toLowerCase()}`;

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

/**
 * Reserves one attempt on an account-like key and on the client's address before a password is checked,
 * and refuses (429 with Retry-After and when the lock ends) when either is past its limit; `onLocked`
 * records the refusal. Sign-in and step-up share this, and so share each address's budget.
 */
export async function reserveOrRefuse(
  db: Queryable,
  config: Pick<Config, 'loginMaxAttempts' | 'loginIpMaxAttempts' | 'loginWindowSeconds'>,
  keys: { account: string; ip: string },
  reply: FastifyReply,
  onLocked: () => Promise<void>,
): Promise<void> {
  const [acct, ip] = await reserveAttempts(db, [keys.account, keys.ip], config.loginWindowSeconds);
  const locked = [
    ...(acct! > config.loginMaxAttempts ? [keys.account] : []),
    ...(ip! > config.loginIpMaxAttempts ? [keys.ip] : []),
  ];
  if (!locked.length) return;
  await onLocked();
  const waits = await Promise.all(locked.map((k) => retryAfter(db, k, config.loginWindowSeconds)));
  const wait = Math.max(...waits);
  reply.header('retry-after', String(wait));
  throw new AppError('too_many_requests', lockMessage(wait));
}

/** What a refused sign-in says: when the lock ends, in UTC and from now. */
export function lockMessage(secondsLeft: number, now = new Date()): string {
  const at = new Date(now.getTime() + secondsLeft * 1000);
  const hhmm = at.toISOString().slice(11, 16);
  const minutes = Math.ceil(secondsLeft / 60);
  return `Too many sign-in attempts; try again at ${hhmm} UTC (in ${minutes} minute${minutes === 1 ? '' : 's'})`;
}

/**
 * SQL (over users t) for when the account's lock ends, or null: the same condition sign-in refuses on, the
 * next reservation passing the limit within the current window.
 */
export function lockedUntilSql(config: Pick<Config, 'loginMaxAttempts' | 'loginWindowSeconds'>): string {
  const max = Math.trunc(config.loginMaxAttempts);
  const window = Math.trunc(config.loginWindowSeconds);
  return `SELECT lt.window_start + ${window} FROM login_throttle lt
    WHERE lt.key = 'acct:' || lower(t.email) AND lt.attempts >= ${max} AND lt.window_start > epoch_now() - ${window}`;
}

export async function purgeExpiredAttempts(db: Queryable, windowSeconds: number): Promise<number> {
  const r = await db.query('DELETE FROM login_throttle WHERE window_start <= epoch_now() - $1', [
    windowSeconds,
  ]);
  return r.rowCount;
}
