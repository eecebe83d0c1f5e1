import type { Queryable } from '../../../db/db.js';

/** A status change with the alerts it sent, as the scheduler records them. */
export interface Change {
  monitor: number;
  status: 'up' | 'down';
  at: number;
  message: string;
  alerts: Array<{ channel: string; recipient: string; failed: boolean }>;
}

/**
 * Repository-style, in SQL: status changes and the alerts they sent are the scheduler's records
 * (monitoring/), not declared resources; the scheduler writes them the same way.
 */
export async function writeHistory(tx: Queryable, changes: Change[]): Promise<void> {
  if (!changes.length) return;
  const ids = (
    await tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('monitor_changes', 'id')) AS id FROM generate_series(1, $1::int)`,
      [changes.length],
    )
  ).rows
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  await tx.query(
    `INSERT INTO monitor_changes (id, monitor_id, status, at, message)
     SELECT c.id, c.monitor_id, c.status, c.at, c.message
     FROM jsonb_to_recordset($1::jsonb) AS c(id bigint, monitor_id bigint, status text, at bigint, message text)`,
    [
      JSON.stringify(
        changes.map((c, i) => ({
          id: ids[i],
          monitor_id: c.monitor,
          status: c.status,
          at: c.at,
          message: c.message,
        })),
      ),
    ],
  );
  const alerts = changes.flatMap((c, i) =>
    c.alerts.map((a) => ({
      change_id: ids[i],
      channel: a.channel,
      recipient: a.recipient,
      state: a.failed ? 'failed' : 'sent',
      last_error: a.failed ? 'Twilio 21610: Attempt to send to unsubscribed recipient' : null,
      sent_at: a.failed ? null : c.at + 2,
      next_attempt_at: c.at,
    })),
  );
  await tx.query(
    `INSERT INTO monitor_alerts (change_id, channel, recipient, state, attempts, last_error, sent_at,
       next_attempt_at, created_at)
     SELECT a.change_id, a.channel, a.recipient, a.state, 1, a.last_error, a.sent_at, a.next_attempt_at,
       a.next_attempt_at
     FROM jsonb_to_recordset($1::jsonb) AS a(change_id bigint, channel text, recipient text, state text,
       last_error text, sent_at bigint, next_attempt_at bigint)`,
    [JSON.stringify(alerts)],
  );
}
