import type { Queryable } from '../../db/db.js';
import type { GoogleIdentity } from '../../integrations/google/id-token.js';

/**
 * Repository of the account reads and writes that decide who a request comes from, before anyone is
 * signed in: a user's live state with their roles' permissions in one statement (read on every request a
 * cache misses), and finding, linking or creating the account of a Google identity. There is no signed-in
 * user for an access rule to apply to yet, and the session state (session_epoch) is no declared field.
 */

export interface PrincipalRow {
  id: number;
  email: string;
  disabled: boolean;
  session_epoch: number;
  last_activity: number | null;
  role_names: string[];
  perms: string[];
}

/** One query: the user's state, role names and every permission ("METHOD route") their roles hold. */
export async function principalRow(db: Queryable, userId: number): Promise<PrincipalRow | null> {
  const r = await db.query<PrincipalRow>(
    `SELECT u.id, u.email, u.disabled, u.session_epoch, u.last_activity,
       coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM roles r WHERE r.id = ANY(u.roles)), '{}') AS role_names,
       coalesce((SELECT array_agg(DISTINCT p.method || ' ' || p.route) FROM roles r
                 JOIN permissions p ON p.id = ANY(r.permissions) WHERE r.id = ANY(u.roles)), '{}') AS perms
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return r.rows[0] ?? null;
}

export async function userOfGoogleIdentity(db: Queryable, iss: string, sub: string): Promise<number | null> {
  const r = await db.query<{ id: number }>('SELECT id FROM users WHERE google_iss = $1 AND google_id = $2', [
    iss,
    sub,
  ]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Links the Google identity to the account with its (verified) e-mail, unless that account has one. */
export async function linkGoogleIdentity(db: Queryable, g: GoogleIdentity): Promise<number | null> {
  const r = await db.query<{ id: number }>(
    `UPDATE users SET google_iss = $1, google_id = $2, updated_at = epoch_now(), version = version + 1
     WHERE lower(email) = $3 AND google_id IS NULL RETURNING id`,
    [g.iss, g.sub, g.email],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** An account without roles for the identity (or the one a parallel first sign-in just created). */
export async function createGoogleUser(db: Queryable, g: GoogleIdentity): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO users (name, last_name, email, picture, google_iss, google_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (google_iss, google_id) WHERE google_id IS NOT NULL DO UPDATE SET updated_at = users.updated_at
     RETURNING id`,
    [g.name ?? g.email.split('@')[0], g.familyName, g.email, g.picture, g.iss, g.sub],
  );
  return Number(r.rows[0]!.id);
}
