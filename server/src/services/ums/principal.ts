import { ADMIN_ROLE } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';
import type { AuthUser } from '../../core/context.js';
import type { GoogleIdentity } from '../../integrations/google/id-token.js';
import {
  createGoogleUser,
  linkGoogleIdentity,
  principalRow,
  userOfGoogleIdentity,
} from './principal-repository.js';

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
  const row = await principalRow(db, userId);
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

  /** The user's principal if a fresh one is cached (as `get` would answer it without loading), else null. */
  peek(userId: number): Principal | null {
    const hit = this.entries.get(userId);
    return hit && Date.now() - hit.at < this.ttlMs ? hit.p : null;
  }

  async get(db: Queryable, userId: number): Promise<Principal | null> {
    const hit = this.peek(userId);
    if (hit) return hit;
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
  const known = await userOfGoogleIdentity(db, g.iss, g.sub);
  if (known !== null) return known;
  if (g.emailVerified) {
    const linked = await linkGoogleIdentity(db, g);
    if (linked !== null) return linked;
  }
  return createGoogleUser(db, g);
}
