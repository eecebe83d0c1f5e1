import type { Queryable } from '../../db/db.js';

/*
 * Repository of what the privilege rule reads, inside the write transaction it guards: the union of
 * several roles' permissions in one aggregate, a user's role ids, and whether another admin remains. Engine
 * reads would apply the reader's access rule and go through HTTP-shaped records; the rule needs the raw
 * grants, locked in by the transaction it guards.
 */

/** Whether the roles include the admin role, and the union of their permission ids. */
export async function rolesGrant(
  db: Queryable,
  roleIds: readonly number[],
  adminRole: string,
): Promise<{ admin: boolean; permissions: number[] }> {
  const r = await db.query<{ admin: boolean | null; perms: Array<number | string> | null }>(
    `SELECT bool_or(r.name = $2) AS admin,
       (SELECT array_agg(DISTINCT p) FROM roles x, unnest(x.permissions) p WHERE x.id = ANY($1::bigint[])) AS perms
     FROM roles r WHERE r.id = ANY($1::bigint[])`,
    [roleIds, adminRole],
  );
  const row = r.rows[0];
  return { admin: row?.admin === true, permissions: (row?.perms ?? []).map(Number) };
}

export async function userRoleIds(db: Queryable, userId: number): Promise<number[]> {
  const r = await db.query<{ roles: Array<number | string> }>('SELECT roles FROM users WHERE id = $1', [
    userId,
  ]);
  return (r.rows[0]?.roles ?? []).map(Number);
}

/** Notes that the user was active now (epoch seconds); written at most once a minute per user. */
export async function touchLastActivity(db: Queryable, userId: number, now: number): Promise<void> {
  await db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [userId, now]);
}

/** The id of a role by its name, if it exists (the built-in admin role). */
export async function roleIdByName(db: Queryable, name: string): Promise<number | null> {
  const r = await db.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [name]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Whether an enabled user other than `userId` holds the role (so deleting `userId` leaves one). */
export async function anotherEnabledHolder(db: Queryable, userId: number, roleId: number): Promise<boolean> {
  const r = await db.query(
    'SELECT 1 FROM users WHERE id <> $1 AND roles @> ARRAY[$2::bigint] AND NOT disabled LIMIT 1',
    [userId, roleId],
  );
  return r.rows.length > 0;
}
