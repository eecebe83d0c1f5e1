import type { GroupedPermissions, Me } from '@sitefleet/shared';
import type { RequestContext } from '../../core/context.js';
import type { Engine } from '../../core/crud.js';
import { unauthorized } from '../../core/errors.js';
import type { Row } from '../../core/resource.js';
import { sql, type SqlFragment } from '../../core/sql.js';

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** Every row the user may see within the narrowing, in the given order: a few hundred at most. */
async function all(
  engine: Engine,
  ctx: RequestContext,
  resource: string,
  sortBy: string,
  where?: SqlFragment,
): Promise<Row[]> {
  const lp = { sortBy, sortOrder: 'ASC' as const, page: 1, perPage: Number.MAX_SAFE_INTEGER, filter: {} };
  return (await engine.list(ctx, engine.model(resource), lp, where ? { where } : {})).data;
}

/**
 * users/me: profile, roles, and permissions grouped by route then method (SPEC §6); ADMIN holds all. Read
 * through the engine, so the users', roles' and permissions' access rules apply as on their own routes.
 */
export async function loadMe(engine: Engine, ctx: RequestContext): Promise<Me> {
  const user = ctx.user;
  if (!user) throw unauthorized();
  const row = await engine.getOne(ctx, engine.model('users'), user.id);
  const roleIds = ids(row.roles);
  const roles = await all(engine, ctx, 'roles', 'name', sql`t.id = ANY(${roleIds}::bigint[])`);
  const permissionIds = [...new Set(roles.flatMap((r) => ids(r.permissions)))];
  const perms = await all(
    engine,
    ctx,
    'permissions',
    'route',
    user.isAdmin ? undefined : sql`t.id = ANY(${permissionIds}::bigint[])`,
  );
  const grouped: GroupedPermissions = {};
  for (const p of perms) (grouped[String(p.route)] ??= {})[String(p.method)] = true;
  return {
    id: Number(row.id),
    name: String(row.name),
    last_name: typeof row.last_name === 'string' ? row.last_name : null,
    email: String(row.email),
    picture: typeof row.picture === 'string' ? row.picture : null,
    full_roles: roles.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    full_permissions: grouped,
  };
}
