import type { Queryable } from '../../db/db.js';

/**
 * Repository of the account columns that sign-in and sessions own: the password hash, which the engine
 * never returns; the session epoch, which ends every token of a user and is no declared field; and the
 * sign-in time. None of these writes may bump the record's version (an admin's edit of the account in
 * flight would meet a stale one) or run the users' write hooks, which would end the sessions on a rehash.
 */

export interface Credentials {
  id: number;
  password_hash: string | null;
  disabled: boolean;
  session_epoch: number;
}

/** The account that signs in with this (lower-cased) e-mail. */
export async function credentialsByEmail(db: Queryable, email: string): Promise<Credentials | null> {
  const r = await db.query<Credentials>(
    'SELECT id, password_hash, disabled, session_epoch FROM users WHERE lower(email) = $1',
    [email],
  );
  return r.rows[0] ?? null;
}

/** Stores a stronger hash of the same password (the sessions stay). */
export async function rehashPassword(db: Queryable, userId: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
}

/** Ends every session of the user: their tokens carry the old epoch. */
export async function endSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1', [userId]);
}

export async function sessionEpoch(db: Queryable, userId: number): Promise<number | null> {
  const r = await db.query<{ session_epoch: number }>('SELECT session_epoch FROM users WHERE id = $1', [
    userId,
  ]);
  return r.rows[0]?.session_epoch ?? null;
}

/** Notes a sign-in now; answers its time (epoch seconds). */
export async function stampLastLogin(db: Queryable, userId: number): Promise<number | null> {
  const r = await db.query<{ last_login: number }>(
    'UPDATE users SET last_login = epoch_now() WHERE id = $1 RETURNING last_login',
    [userId],
  );
  return r.rows[0] ? Number(r.rows[0].last_login) : null;
}
