import type { Queryable } from '../db/db.js';

/** A website alert a confirmed change raises (the notifications service stores it). */
export interface MonitorAlert {
  websiteId: number;
  title: string;
  /** HTML; the notifications service sanitises it like any message. */
  message: string;
  importance: 'low' | 'normal' | 'high';
  link: string;
  /** While an alert with this key is unresolved no second one is raised. */
  key: string;
  data: Record<string, unknown>;
}

/**
 * What monitoring asks of the notifications service, inside the transaction that records a change. The
 * service gives it when the monitoring loop is built: services depend on monitoring, never the reverse.
 */
export interface WebsiteAlertSink {
  /** Raises the alert unless one with its key is open; answers its id, or null. */
  raise(tx: Queryable, alert: MonitorAlert): Promise<number | null>;
  /** Resolves the website's open alert with this key (an outage that ended). */
  resolve(tx: Queryable, websiteId: number, key: string): Promise<void>;
}
