import { ADMIN_ROLE } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';
import type { AuthUser } from '../../core/context.js';
import type { GoogleIdentity } from '../../integrations/google/id-token.js';

export interface Principal {
  user: AuthUser;
  disabled: boolean;
  sessionEpoch: number;
  allowed: boolean;
  lastActivity: number | null;
}

/**
 * One query per request: the user's live state (disabled, session epoch, roles) and whether any of their
 * roles holds the (method, route) permission. Role and permission changes apply on the next request.
 */
export async function loadPrincipal(
  db: Queryable,
  userId: number,
  method: string,
  route: string,
): Promise<Principal | null> {
  const r = await db.query<{
    id: number;
    email: string;
    disabled: boolean;
    session_epoch: number;
    last_activity: number | null;
    role_names: string[];
    allowed: boolean;
  }>(
    `SELECT u.id, u.email, u.disabled, u.session_epoch, u.last_activity,
       coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM roles r WHERE r.id = ANY(u.roles)), '{}') AS role_names,
       EXISTS (SELECT 1 FROM roles r JOIN permissions p ON p.id = ANY(r.permissions)
               WHERE r.id = ANY(u.roles) AND p.method = $2 AND p.route = $3) AS allowed
     FROM users u WHERE u.id = $1`,
    [userId, method, route],
  );
  const row = r.rows[0];
  if (!row) return null;
  const roleNames = row.role_names ?? [];
  const isAdmin = roleNames.includes(ADMIN_ROLE);
  return {
    user: { id: Number(row.id), email: row.email, isAdmin, roleNames },
    disabled: row.disabled,
    sessionEpoch: row.session_epoch,
    allowed: isAdmin || row.allowed,
    lastActivity: row.last_activity,
  };
}

/**
 * Finds the user of a verified Google identity by (issuer, subject). On a first sign-in an existing
 * account with the same e-mail is linked; otherwise an account without roles is created, which an
 * admin then grants roles to.
 */
export async function resolveGoogleUser(db: Queryable, g: GoogleIdentity): Promise<number> {
  const bySub = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE google_iss = $1 AND google_id = $2',
    [g.iss, g.sub],
  );
  if (bySub.rows[0]) return Number(bySub.rows[0].id);
  if (g.emailVerified) {
    const linked = await db.query<{ id: number }>(
      `UPDATE users SET google_iss = $1, google_id = $2, updated_at = epoch_now(), version = version + 1
       WHERE lower(email) = $3 AND google_id IS NULL RETURNING id`,
      [g.iss, g.sub, g.email],
    );
    if (linked.rows[0]) return Number(linked.rows[0].id);
  }
  const created = await db.query<{ id: number }>(
    `INSERT INTO users (name, last_name, email, picture, google_iss, google_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (google_iss, google_id) WHERE google_id IS NOT NULL DO UPDATE SET updated_at = users.updated_at
     RETURNING id`,
    [g.name ?? g.email.split('@')[0], g.familyName, g.email, g.picture, g.iss, g.sub],
  );
  return Number(created.rows[0]!.id);
}
