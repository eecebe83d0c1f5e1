import { ADMIN_ROLE } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';
import { rolesGrant, userRoleIds } from './privilege-repository.js';

/** What a set of roles grants: everything (ADMIN) or the union of their permission ids. */
export interface Grant {
  admin: boolean;
  permissions: Set<number>;
}

/** The signed-in user's own grant, with the roles it comes from (role edits look at those). */
export interface Actor extends Grant {
  id: number;
  roleIds: Set<number>;
}

/**
 * A refusal of the privilege rule. It is thrown inside write transactions, whose rollback would take an
 * audit row written there with it, so the row is written once the request has failed (auditPrivilegeDenials).
 */
export class PrivilegeDenied extends AppError {
  constructor(
    message: string,
    readonly target: string,
  ) {
    super('forbidden', message);
  }
}

export async function grantOfRoles(db: Queryable, roleIds: readonly number[]): Promise<Grant> {
  const row = await rolesGrant(db, roleIds, ADMIN_ROLE);
  return { admin: row.admin, permissions: new Set(row.permissions) };
}

/** Read inside the caller's transaction, so the decision and the write see the same roles. */
export async function loadActor(db: Queryable, ctx: RequestContext): Promise<Actor> {
  if (!ctx.user) throw new PrivilegeDenied('Only a signed-in user can manage users and roles', 'ums');
  const roleIds = await userRoleIds(db, ctx.user.id);
  return { id: ctx.user.id, roleIds: new Set(roleIds), ...(await grantOfRoles(db, roleIds)) };
}

/** How many of the permissions are not the actor's. */
function missing(actor: Grant, permissions: Iterable<number>): number {
  let n = 0;
  for (const p of permissions) if (!actor.permissions.has(p)) n += 1;
  return n;
}

/**
 * The one rule: nobody manages what is stronger than themselves. ADMIN may do anything; anyone else may
 * manage a grant only when it holds no permission they lack, and never ADMIN. Answers the reason for a
 * refusal, or null when allowed.
 */
export function mayManage(actor: Grant, target: Grant): string | null {
  if (actor.admin) return null;
  if (target.admin) return 'only an admin can manage ADMIN';
  const n = missing(actor, target.permissions);
  return n ? `it holds ${n} permission${n === 1 ? '' : 's'} you do not have` : null;
}

/** Refuses (403, audited) unless the actor may manage the target grant. */
export function requireManage(actor: Grant, target: Grant, what: string, targetRef: string): void {
  const reason = mayManage(actor, target);
  if (reason) throw new PrivilegeDenied(`You cannot ${what}: ${reason}`, targetRef);
}

/** Role edits: only ADMIN edits ADMIN or a role it holds; others only roles and permissions within their own. */
export function requireRoleEdit(
  actor: Actor,
  /** names: the stored one and the one about to be written (a rename must not slip past the ADMIN check). */
  role: { id: number | null; names: string[]; before: readonly number[]; after: readonly number[] },
  verb: string,
): void {
  if (actor.admin) return;
  const ref = role.id === null ? 'roles/new' : `roles/${role.id}`;
  const deny = (reason: string) => {
    throw new PrivilegeDenied(`You cannot ${verb} the role ${role.names[0] ?? ''}: ${reason}`, ref);
  };
  if (role.names.some((n) => n.toUpperCase() === ADMIN_ROLE)) deny('only an admin can change the ADMIN role');
  if (role.id !== null && actor.roleIds.has(role.id)) deny('you hold this role yourself');
  const held = missing(actor, role.before);
  if (held) deny(`it holds ${held} permission${held === 1 ? '' : 's'} you do not have`);
  const added = missing(actor, role.after);
  if (added) deny(`you can only give a role permissions you hold (${added} are not yours)`);
}

/** Writes the audit row of every privilege refusal, after its transaction has rolled back. */
export function auditPrivilegeDenials(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, err) => {
    if (err instanceof PrivilegeDenied) {
      await request.ctx.audit('privilege_denied', err.target, {
        method: request.method,
        route: request.routeOptions.url ?? '',
        reason: err.message,
      });
    }
  });
}
