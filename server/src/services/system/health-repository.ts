import type { Queryable } from '../../db/db.js';

/** The heartbeat's probe: whether the database answers at all. It reads no record, so no engine operation fits. */
export async function databaseAnswers(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
