/**
 * Repository of the monitor scheduler's own writes: check outcomes in bulk (one statement for thousands),
 * a confirmed change with its history and alert outbox in one transaction, and the scheduler lease. They
 * touch only the scheduler's columns and must not bump a monitor's version (an operator's edit in flight
 * would meet a stale one), which is what the engine's writes do; so they are SQL of their own.
 */
import type { MonitorStatus, MonitorType } from '@sitefleet/shared';
import type { Db, Queryable } from '../db/db.js';
import type { WebsiteAlertSink } from './alerts.js';
import { escapeHtml, hostOf, lasted } from './text.js';

/** A monitor as the scheduler reads it. Times in epoch seconds, as stored. */
export interface MonitorRow {
  id: number;
  friendly_name: string | null;
  url: string;
  type: MonitorType;
  value: string | null;
  website_id: number | null;
  retries: number;
  interval: number;
  timeout: number;
  paused: boolean;
  status: MonitorStatus;
  suspect_count: number;
  next_check: number | null;
  check_requested_at: number | null;
  version: number;
  updated_at: number;
}

const MONITOR_COLUMNS = `id, friendly_name, url, type, value, website_id, retries, interval, timeout, paused,
  status, suspect_count, next_check, check_requested_at, version, updated_at`;

/** Every monitor, or these ones. */
export async function loadMonitors(db: Queryable, ids?: number[]): Promise<MonitorRow[]> {
  const r =
    ids === undefined
      ? await db.query<MonitorRow>(`SELECT ${MONITOR_COLUMNS} FROM monitors`)
      : await db.query<MonitorRow>(`SELECT ${MONITOR_COLUMNS} FROM monitors WHERE id = ANY($1::bigint[])`, [
          ids,
        ]);
  return r.rows.map((row) => ({
    ...row,
    id: Number(row.id),
    website_id: row.website_id === null ? null : Number(row.website_id),
    next_check: row.next_check === null ? null : Number(row.next_check),
    check_requested_at: row.check_requested_at === null ? null : Number(row.check_requested_at),
    updated_at: Number(row.updated_at),
  }));
}

/** What tells a scheduler whether its copy of a monitor is current: small enough to read for all of them. */
export interface MonitorStamp {
  id: number;
  version: number;
  check_requested_at: number | null;
}

/** Every monitor's stamp, or those written (by the API) at or after `since` (epoch seconds). */
export async function monitorStamps(db: Queryable, since?: number): Promise<MonitorStamp[]> {
  const r =
    since === undefined
      ? await db.query<MonitorStamp>('SELECT id, version, check_requested_at FROM monitors')
      : await db.query<MonitorStamp>(
          'SELECT id, version, check_requested_at FROM monitors WHERE updated_at >= $1',
          [since],
        );
  return r.rows.map((row) => ({
    id: Number(row.id),
    version: row.version,
    check_requested_at: row.check_requested_at === null ? null : Number(row.check_requested_at),
  }));
}

/** The outcome of a check that changed no status: written in bulk, some seconds behind. */
export interface CheckWrite {
  id: number;
  lastCheck: number;
  nextCheck: number;
  message: string;
  responseMs: number;
  suspect: number;
}

/**
 * Writes many checks' outcomes in one statement. Touches only the scheduler's columns: never version
 * or updated_at, so an operator's edit in flight does not meet a stale version.
 */
export async function writeChecks(db: Queryable, writes: CheckWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db.query(
    `UPDATE monitors m SET last_check = v.lc, next_check = v.nc, last_message = v.msg,
       last_response_ms = v.ms, suspect_count = v.sus
     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::int[])
       AS v(id, lc, nc, msg, ms, sus)
     WHERE m.id = v.id`,
    [
      writes.map((w) => w.id),
      writes.map((w) => w.lastCheck),
      writes.map((w) => w.nextCheck),
      writes.map((w) => w.message),
      writes.map((w) => Math.min(2_147_483_647, Math.round(w.responseMs))),
      writes.map((w) => w.suspect),
    ],
  );
}

export interface ChangeWrite extends CheckWrite {
  from: MonitorStatus;
  to: 'up' | 'down';
  alert: boolean;
}

export interface RecordedChange {
  changeId: number;
  alerts: number;
}

/**
 * Records a confirmed change in one transaction: the monitor's status, the change in its history, and
 * the alerts it sends (the outbox the delivery loop works through, and the website alert itself). The
 * status moves only from the status the scheduler saw, so a change recorded twice (two schedulers for a
 * moment, a retried write) writes and alerts once; answers null then.
 */
export async function recordChange(
  db: Db,
  sink: WebsiteAlertSink,
  c: ChangeWrite,
): Promise<RecordedChange | null> {
  return db.transaction(async (tx) => {
    const updated = await tx.query<{
      website_id: number | null;
      friendly_name: string | null;
      url: string;
      alert_emails: string[];
      alert_phone_numbers: string[];
      status_since: number | null;
    }>(
      `UPDATE monitors m SET status = $3, status_since = $4, last_check = $4, next_check = $5,
         last_message = $6, last_response_ms = $7, suspect_count = 0
       FROM (SELECT id, status_since AS previous_since FROM monitors WHERE id = $1 FOR UPDATE) p
       WHERE m.id = p.id AND m.status = $2
       RETURNING m.website_id, m.friendly_name, m.url, m.alert_emails, m.alert_phone_numbers,
         p.previous_since AS status_since`,
      [c.id, c.from, c.to, c.lastCheck, c.nextCheck, c.message, Math.round(c.responseMs)],
    );
    const m = updated.rows[0];
    if (!m) return null;
    const inserted = await tx.query<{ id: number }>(
      'INSERT INTO monitor_changes (monitor_id, status, at, message) VALUES ($1, $2, $3, $4) RETURNING id',
      [c.id, c.to, c.lastCheck, c.message],
    );
    const changeId = Number(inserted.rows[0]!.id);
    if (!c.alert) return { changeId, alerts: 0 };

    let alerts = 0;
    const recipients: Array<[string, string]> = [
      ...m.alert_emails.map((e): [string, string] => ['email', e]),
      ...m.alert_phone_numbers.map((p): [string, string] => ['sms', p]),
    ];
    if (recipients.length) {
      const r = await tx.query(
        `INSERT INTO monitor_alerts (change_id, channel, recipient, next_attempt_at)
         SELECT $1, ch, rcpt, $4 FROM unnest($2::text[], $3::text[]) AS x(ch, rcpt)
         ON CONFLICT DO NOTHING`,
        [changeId, recipients.map((x) => x[0]), recipients.map((x) => x[1]), c.lastCheck],
      );
      alerts += r.rowCount;
    }
    const websiteId = m.website_id === null ? null : Number(m.website_id);
    if (websiteId !== null) {
      const name = m.friendly_name || hostOf(m.url);
      const link = `#/umms/api/v1/monitors/${c.id}/show`;
      const downKey = `monitor:${c.id}:down`;
      if (c.to === 'down') {
        await sink.raise(tx, {
          websiteId,
          title: `${name} is down`,
          message: `<p>${escapeHtml(name)} stopped answering: ${escapeHtml(c.message)}.</p>`,
          importance: 'high',
          link,
          key: downKey,
          data: { monitor_id: c.id, change_id: changeId, status: 'down' },
        });
      } else {
        const since = m.status_since === null ? null : Number(m.status_since);
        const outage = since === null ? '' : ` after ${lasted(c.lastCheck - since)}`;
        // The recovery resolves the outage alert, and says so in one of its own.
        await sink.resolve(tx, websiteId, downKey);
        await sink.raise(tx, {
          websiteId,
          title: `${name} is back up`,
          message: `<p>${escapeHtml(name)} answers again${outage}: ${escapeHtml(c.message)}.</p>`,
          importance: 'normal',
          link,
          key: `monitor:${c.id}:change:${changeId}`,
          data: { monitor_id: c.id, change_id: changeId, status: 'up' },
        });
      }
      await tx.query(
        `INSERT INTO monitor_alerts (change_id, channel, recipient, state, attempts, sent_at, next_attempt_at)
         VALUES ($1, 'website', $2, 'sent', 1, $3, $3) ON CONFLICT DO NOTHING`,
        [changeId, String(websiteId), c.lastCheck],
      );
      alerts += 1;
    }
    return { changeId, alerts };
  });
}

/**
 * A lease on a singleton loop: taken when free or expired, renewed while held. Answers whether this
 * holder has it now. Times in epoch milliseconds.
 */
export async function takeLease(
  db: Queryable,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  const r = await db.query<{ holder: string }>(
    `INSERT INTO service_leases (name, holder, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE service_leases.holder = EXCLUDED.holder OR service_leases.expires_at < $4
     RETURNING holder`,
    [name, holder, now + ttlMs, now],
  );
  return r.rows[0]?.holder === holder;
}

export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query('DELETE FROM service_leases WHERE name = $1 AND holder = $2', [name, holder]);
}
