import { ADMIN_ROLE } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';
import type { AuthUser } from '../../core/context.js';
import type { GoogleIdentity } from '../../integrations/google/id-token.js';

/** A signed-in user's live state: what every request needs to decide who it is and what it may do. */
export interface Principal {
  user: AuthUser;
  disabled: boolean;
  sessionEpoch: number;
  lastActivity: number | null;
  /** "METHOD route" of every permission the user's roles hold. */
  permissions: Set<string>;
}

export function allows(p: Principal, method: string, route: string): boolean {
  return p.user.isAdmin || p.permissions.has(`${method} ${route}`);
}

/** One query: the user's state, role names and every permission their roles hold. */
export async function loadPrincipal(db: Queryable, userId: number): Promise<Principal | null> {
  const r = await db.query<{
    id: number;
    email: string;
    disabled: boolean;
    session_epoch: number;
    last_activity: number | null;
    role_names: string[];
    perms: string[];
  }>(
    `SELECT u.id, u.email, u.disabled, u.session_epoch, u.last_activity,
       coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM roles r WHERE r.id = ANY(u.roles)), '{}') AS role_names,
       coalesce((SELECT array_agg(DISTINCT p.method || ' ' || p.route) FROM roles r
                 JOIN permissions p ON p.id = ANY(r.permissions) WHERE r.id = ANY(u.roles)), '{}') AS perms
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const roleNames = row.role_names ?? [];
  return {
    user: { id: Number(row.id), email: row.email, isAdmin: roleNames.includes(ADMIN_ROLE), roleNames },
    disabled: row.disabled,
    sessionEpoch: row.session_epoch,
    lastActivity: row.last_activity,
    permissions: new Set(row.perms ?? []),
  };
}

/**
 * Principals cached per process and dropped whenever users, roles or permissions change: at once for
 * writes made by this process, and on the database's NOTIFY for writes made by any other. Entries also
 * expire after a few seconds, and nothing is cached while notifications may be missed.
 */
export class PrincipalCache {
  private readonly entries = new Map<number, { p: Principal; at: number }>();
  private generation = 0;
  private bypassUntil = 0;

  constructor(private readonly ttlMs = 5_000) {}

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  /** Notifications may have been missed: drop everything and cache nothing for a while. */
  lost(): void {
    this.clear();
    this.bypassUntil = Date.now() + 15_000;
  }

  async get(db: Queryable, userId: number): Promise<Principal | null> {
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.p;
    const generation = this.generation;
    const p = await loadPrincipal(db, userId);
    // A change that arrived while loading may not be in p: store only if none did.
    if (p && generation === this.generation && Date.now() >= this.bypassUntil) {
      this.entries.set(userId, { p, at: Date.now() });
    }
    return p;
  }
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
