import type { Queryable } from '../../db/db.js';

/**
 * Repository of website alerts as raised by checkers, monitors and jobs (no user, no request): an insert
 * that yields to an open alert with the same key (ON CONFLICT on a partial unique index), resolving by key,
 * and the website's open-alert counter kept under a row lock. The engine writes one record at a time by
 * id for a user; these are keyed, conditional writes inside the caller's transaction.
 */

/** Whether an alert with this key was ever raised (resolved or not). */
export async function alertKeySeen(tx: Queryable, key: string): Promise<boolean> {
  const r = await tx.query('SELECT 1 FROM notifications WHERE alert_key = $1 LIMIT 1', [key]);
  return r.rows.length > 0;
}

export interface OpenAlertRow {
  title: string;
  /** Already sanitised. */
  message: string;
  link: string | null;
  websiteId: number | null;
  roleId: number | null;
  importance: 'low' | 'normal' | 'high';
  data: Record<string, unknown> | null;
  key: string | null;
}

/** Inserts an open ALERT unless one with its key is open; answers its id, or null. */
export async function insertOpenAlert(tx: Queryable, a: OpenAlertRow): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO notifications (title, message, type, link, website_id, recipients, importance, data, alert_key)
     VALUES ($1, $2, 'ALERT', $3, $4, $5, $6, $7, $8)
     ON CONFLICT (alert_key) WHERE alert_key IS NOT NULL AND resolved = 'no' DO NOTHING
     RETURNING id`,
    [
      a.title,
      a.message,
      a.link,
      a.websiteId,
      a.roleId,
      a.importance,
      a.data ? JSON.stringify(a.data) : null,
      a.key,
    ],
  );
  const id = r.rows[0]?.id;
  return id === undefined ? null : Number(id);
}

/** Resolves the open alert with this key, if any. */
export async function resolveAlertKey(tx: Queryable, key: string): Promise<void> {
  await tx.query(`UPDATE notifications SET resolved = 'yes' WHERE alert_key = $1 AND resolved = 'no'`, [key]);
}

/**
 * websites.alerts is the number of the website's unresolved alerts. The website row is locked first and
 * counted in a statement of its own, so two transactions raising alerts on one site at once each count
 * the other's once it has committed (a count taken before the lock would miss it).
 */
export async function recountAlerts(tx: Queryable, websiteId: number): Promise<void> {
  await tx.query('SELECT 1 FROM websites WHERE id = $1 FOR UPDATE', [websiteId]);
  await tx.query(
    `UPDATE websites SET alerts = (SELECT count(*) FROM notifications
       WHERE website_id = $1 AND type = 'ALERT' AND resolved = 'no') WHERE id = $1`,
    [websiteId],
  );
}
