import type { Queryable } from '../../../db/db.js';

/** A staff member's full name, for the WordPress user one-click login creates for them. */
export async function staffName(db: Queryable, userId: number): Promise<string> {
  const r = await db.query<{ name: string | null; last_name: string | null; email: string }>(
    'SELECT name, last_name, email FROM users WHERE id = $1',
    [userId],
  );
  const row = r.rows[0];
  if (!row) return '';
  return [row.name, row.last_name].filter(Boolean).join(' ') || row.email;
}
