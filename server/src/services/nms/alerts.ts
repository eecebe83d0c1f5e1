import type { Queryable } from '../../db/db.js';
import type { WebsiteAlertSink } from '../../monitoring/alerts.js';
import { alertKeySeen, insertOpenAlert, recountAlerts, resolveAlertKey } from './alert-repository.js';
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
  if (a.once && a.key && (await alertKeySeen(tx, a.key))) return null;
  const id = await insertOpenAlert(tx, {
    title: a.title,
    // Rendered beside user-written messages: sanitised like them, whatever a checker put in it.
    message: sanitizeRichText(a.message),
    link: a.link ?? null,
    websiteId: a.websiteId,
    roleId: a.roleId ?? null,
    importance: a.importance ?? 'normal',
    data: a.data ?? null,
    key: a.key ?? null,
  });
  if (id === null) return null;
  if (a.websiteId !== null) await recountAlerts(tx, a.websiteId);
  return id;
}

/** Resolves the open alert with this key and recounts the website's open alerts. */
export async function resolveAlert(tx: Queryable, websiteId: number, key: string): Promise<void> {
  await resolveAlertKey(tx, key);
  await recountAlerts(tx, websiteId);
}

/** The website alerts monitoring raises, as this service stores them. */
export const websiteAlertSink: WebsiteAlertSink = { raise: raiseAlert, resolve: resolveAlert };
