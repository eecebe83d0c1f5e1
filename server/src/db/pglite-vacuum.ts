import type { Queryable } from './db.js';

/**
 * PGlite runs PostgreSQL as a single backend: there is no autovacuum launcher, so the dead row versions of
 * every UPDATE and DELETE stay until something vacuums them (the job queue's tables gain two per job).
 * This does what autovacuum would, with its default thresholds: tables whose dead rows pass
 * 50 + 20% of their live rows are vacuumed, and those changed by 50 + 10% since their last analyze are
 * analyzed. Answers the tables it vacuumed or analyzed.
 */
export async function vacuumWhereDue(
  db: Queryable & { exec(sql: string): Promise<void> },
): Promise<string[]> {
  const due = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT format('%I.%I', schemaname, relname) AS name, n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
       FROM pg_stat_all_tables
      WHERE schemaname NOT IN ('pg_toast', 'information_schema')
        AND (n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup)
      ORDER BY n_dead_tup DESC`,
  );
  for (const t of due.rows) {
    // One statement each: VACUUM cannot run inside the implicit transaction of a multi-statement script.
    await db.exec(t.vacuum ? `VACUUM (ANALYZE) ${t.name}` : `ANALYZE ${t.name}`);
  }
  return due.rows.map((t) => t.name);
}
