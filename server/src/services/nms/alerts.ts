import type { Queryable } from '../../db/db.js';
import { sanitizeRichText } from './sanitize.js';

export interface AlertInput {
  /** The website the alert is about; without one, the alert goes to `roleId` (say, the admins). */
  websiteId: number | null;
  roleId?: number | null;
  title: string;
  message: string;
  importance?: 'low' | 'normal' | 'high';
  data?: Record<string, unknown>;
  link?: string | null;
  /**
   * What the alert is about (`domain:12:deindexed`): while an alert with the same key is unresolved no
   * second one is raised, so a condition seen on every run alerts once.
   */
  key?: string;
  /** With a key: never raise it again, even after the first one was resolved (expiration thresholds). */
  once?: boolean;
}

/**
 * Raises an alert about a website (SPEC §4 Alerts): a notification of type ALERT tied to the website,
 * resolved 'no' until someone resolves it. Runs in the caller's transaction; answers the new id, or null
 * when an open alert with the same key already exists.
 */
export async function raiseAlert(tx: Queryable, a: AlertInput): Promise<number | null> {
  if (a.once && a.key) {
    const seen = await tx.query('SELECT 1 FROM notifications WHERE alert_key = $1 LIMIT 1', [a.key]);
    if (seen.rows.length) return null;
  }
  const r = await tx.query<{ id: number }>(
    `INSERT INTO notifications (title, message, type, link, website_id, recipients, importance, data, alert_key)
     VALUES ($1, $2, 'ALERT', $3, $4, $5, $6, $7, $8)
     ON CONFLICT (alert_key) WHERE alert_key IS NOT NULL AND resolved = 'no' DO NOTHING
     RETURNING id`,
    [
      a.title,
      // Rendered beside user-written messages: sanitised like them, whatever a checker put in it.
      sanitizeRichText(a.message),
      a.link ?? null,
      a.websiteId,
      a.roleId ?? null,
      a.importance ?? 'normal',
      a.data ? JSON.stringify(a.data) : null,
      a.key ?? null,
    ],
  );
  const id = r.rows[0]?.id;
  if (id === undefined) return null;
  if (a.websiteId !== null) await recountAlerts(tx, a.websiteId);
  return Number(id);
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
