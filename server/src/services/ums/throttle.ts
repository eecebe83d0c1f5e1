import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';
import { reserveAttempts, retryAfter } from './throttle-repository.js';

export {
  clearAttempts,
  purgeExpiredAttempts,
  refundAttempt,
  reserveAttempts,
  retryAfter,
} from './throttle-repository.js';

/** The throttle key of an account (by the e-mail as typed, so unknown addresses lock the same way). */
export const accountKey = (email: string): string => `acct:${email.trim().toLowerCase()}`;

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
