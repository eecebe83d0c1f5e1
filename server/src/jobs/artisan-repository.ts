import type { ArtisanCommand } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../core/sql.js';
import type { Queryable } from '../db/db.js';

type LastRun = NonNullable<ArtisanCommand['last_run']>;

/**
 * Repository of the artisan screen's report: each command's latest run, in one DISTINCT ON statement (a
 * list through the engine would be one query per command). Which runs the user may see comes from the
 * engine (`visibleIds` of the service's cron runs resource: its scope and access rule).
 */
export async function latestRunPerCommand(db: Queryable, runs: SqlFragment): Promise<Map<string, LastRun>> {
  const { text, values } = sql`SELECT DISTINCT ON (command) command, id, start_time, end_time, remaining_jobs,
      failed_count, status
    FROM cron_runs WHERE id IN (${runs}) ORDER BY command, start_time DESC, id DESC`.query();
  const r = await db.query<LastRun & { command: string }>(text, values);
  return new Map(r.rows.map(({ command, ...run }) => [command, run]));
}
