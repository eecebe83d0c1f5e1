import type { GroupedPermissions, Me } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';
import type { AuthUser } from '../../core/context.js';

/** users/me: profile, roles, and permissions grouped by route then method (SPEC §6); ADMIN holds all. */
export async function loadMe(db: Queryable, user: AuthUser): Promise<Me> {
  const u = await db.query<{
    id: number;
    name: string;
    last_name: string | null;
    email: string;
    picture: string | null;
    roles: number[];
  }>('SELECT id, name, last_name, email, picture, roles FROM users WHERE id = $1', [user.id]);
  const row = u.rows[0]!;
  const roles = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM roles WHERE id = ANY($1::bigint[]) ORDER BY name',
    [row.roles],
  );
  const perms = user.isAdmin
    ? await db.query<{ method: string; route: string }>('SELECT method, route FROM permissions')
    : await db.query<{ method: string; route: string }>(
        `SELECT DISTINCT p.method, p.route FROM roles r JOIN permissions p ON p.id = ANY(r.permissions)
         WHERE r.id = ANY($1::bigint[])`,
        [row.roles],
      );
  const grouped: GroupedPermissions = {};
  for (const p of perms.rows) (grouped[p.route] ??= {})[p.method] = true;
  return {
    id: Number(row.id),
    name: row.name,
    last_name: row.last_name,
    email: row.email,
    picture: row.picture,
    full_roles: roles.rows.map((r) => ({ id: Number(r.id), name: r.name })),
    full_permissions: grouped,
  };
}
