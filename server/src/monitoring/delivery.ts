import { epochNow } from '../core/time.js';
import { errorMessage } from '../core/errors.js';
import type { Queryable } from '../db/db.js';
import { isDeliveryError } from '../integrations/delivery.js';
import type { Mailer } from '../integrations/mail/types.js';
import type { SmsSender } from '../integrations/sms/types.js';
import type { SchedulerLog } from './scheduler.js';
import { lasted } from './text.js';
import {
  CLAIM_BATCH,
  claimDue,
  markFailed,
  markSent,
  scheduleRetry,
  type OutboxItem,
  type OutboxTable,
} from './alert-outbox-repository.js';

/** Delays before the 2nd..5th attempt of an alert a provider did not take (seconds). */
export const ALERT_BACKOFF_SECONDS = [30, 120, 600, 1800] as const;
export const ALERT_MAX_ATTEMPTS = ALERT_BACKOFF_SECONDS.length + 1;

export interface AlertText {
  subject: string;
  text: string;
  sms: string;
}

function utc(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An outbox of alerts and how its messages read: the delivery loop sends any of them the same way. */
export interface Outbox<C extends OutboxItem> {
  table: OutboxTable;
  /** What its alerts are called in log lines. */
  noun: string;
  claim(db: Queryable, now: number): Promise<C[]>;
  text(item: C, publicUrl: string): AlertText;
}

/** A monitor's confirmed change, as its alert tells it. */
export interface MonitorAlert extends OutboxItem {
  status: 'up' | 'down';
  at: number;
  message: string | null;
  monitor_id: number;
  friendly_name: string | null;
  url: string;
  type: string;
  previous_at: number | null;
}

/** The monitors' alerts (monitor_alerts): one per confirmed change, channel and recipient. */
export const monitorAlerts: Outbox<MonitorAlert> = {
  table: 'monitor_alerts',
  noun: 'monitor alert',
  async claim(db, now) {
    const rows = await claimDue<Omit<MonitorAlert, keyof OutboxItem>>(db, 'monitor_alerts', now, {
      from: 'monitor_changes c, monitors m',
      where: 'c.id = a.change_id AND m.id = c.monitor_id',
      columns: `c.status, c.at, c.message, c.monitor_id, m.friendly_name, m.url, m.type,
        (SELECT max(p.at) FROM monitor_changes p
          WHERE p.monitor_id = c.monitor_id AND p.at < c.at AND p.status = 'down') AS previous_at`,
    });
    return rows.map((row) => ({
      ...row,
      at: Number(row.at),
      monitor_id: Number(row.monitor_id),
      previous_at: row.previous_at === null ? null : Number(row.previous_at),
    }));
  },
  text: (a, publicUrl) => alertText(a, publicUrl),
};

/** What an alert says, in e-mail and SMS form. One line per fact; no markup from the checked site. */
export function alertText(
  a: Pick<
    MonitorAlert,
    'status' | 'at' | 'message' | 'monitor_id' | 'friendly_name' | 'url' | 'type' | 'previous_at'
  >,
  publicUrl: string,
): AlertText {
  const name = (a.friendly_name || a.url).replace(/[\r\n]+/g, ' ');
  const state = a.status === 'down' ? 'DOWN' : 'UP';
  const was =
    a.status === 'up' && a.previous_at !== null ? ` (was down for ${lasted(a.at - a.previous_at)})` : '';
  const reason = (a.message ?? '').replace(/[\r\n]+/g, ' ');
  const link = `${publicUrl}/#/umms/api/v1/monitors/${a.monitor_id}/show`;
  return {
    subject: `[Sitefleet] ${state}: ${name}${was}`,
    text: [
      `Monitor: ${name}`,
      `Target: ${a.url} (${a.type})`,
      `Status: ${state}${was}`,
      `Since: ${utc(a.at)}`,
      reason ? `Last check: ${reason}` : null,
      '',
      `Timeline: ${link}`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
    sms: `Sitefleet: ${name} is ${state}${was}${reason ? ` (${reason})` : ''} at ${utc(a.at)}`.slice(0, 1600),
  };
}

export interface DeliveryOptions<C extends OutboxItem> {
  outbox: Outbox<C>;
  db: Queryable;
  mailer: Mailer | null;
  sms: SmsSender | null;
  publicUrl: string;
  log: SchedulerLog;
  /** How often due alerts are looked for when nothing nudges the loop (ms). */
  pollMs?: number;
  /** Clock in epoch seconds (tests). */
  now?: () => number;
}

/**
 * Sends the alerts of an outbox (a monitor's confirmed changes, a rank watch's crossings): e-mail through
 * SMTP, SMS through Twilio. Alerts are claimed with a lease, so several processes never send one twice, and
 * a process that dies mid-send leaves the alert to be retried. Temporary failures are retried with backoff
 * (honouring the provider's Retry-After); permanent ones and a missing configuration are recorded as failed.
 */
export class AlertDelivery<C extends OutboxItem> {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private busy: Promise<number> | null = null;
  private again = false;
  private readonly now: () => number;

  constructor(private readonly o: DeliveryOptions<C>) {
    this.now = o.now ?? epochNow;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.timer = setInterval(() => this.nudge(), this.o.pollMs ?? 5_000);
    this.timer.unref?.();
    this.nudge();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.busy) await this.busy;
  }

  /** Looks for due alerts now (after a change was recorded). */
  nudge(): void {
    if (!this.running) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = this.runOnce()
      .catch((err: unknown) => {
        this.o.log.error({ err }, `sending ${this.o.outbox.noun}s failed`);
        return 0;
      })
      .finally(() => {
        this.busy = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Claims and sends every due alert; answers how many were attempted. */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((a) => this.deliver(a)));
      if (claimed.length < CLAIM_BATCH) return total;
    }
  }

  private claim(): Promise<C[]> {
    return this.o.outbox.claim(this.o.db, this.now());
  }

  private async deliver(a: C): Promise<void> {
    const { table } = this.o.outbox;
    const text = this.o.outbox.text(a, this.o.publicUrl);
    try {
      if (a.channel === 'email') {
        if (!this.o.mailer) return await this.fail(a, 'E-mail is not configured (set SMTP_HOST)');
        await this.o.mailer.send({ to: [a.recipient], subject: text.subject, text: text.text });
      } else {
        if (!this.o.sms) return await this.fail(a, 'SMS is not configured (set TWILIO_ACCOUNT_SID)');
        await this.o.sms.send({ to: a.recipient, body: text.sms });
      }
      await markSent(this.o.db, table, a.id, this.now());
    } catch (err) {
      const message = errorMessage(err);
      if (isDeliveryError(err) && err.permanent) return this.fail(a, message);
      if (a.attempts >= ALERT_MAX_ATTEMPTS) return this.fail(a, message);
      const backoff = ALERT_BACKOFF_SECONDS[a.attempts - 1] ?? ALERT_BACKOFF_SECONDS.at(-1)!;
      const retryAfter = isDeliveryError(err) && err.retryAfterMs ? Math.ceil(err.retryAfterMs / 1000) : 0;
      await scheduleRetry(this.o.db, table, a.id, message, this.now() + Math.max(backoff, retryAfter));
      this.o.log.warn(
        { alert: a.id, channel: a.channel, attempts: a.attempts },
        `${this.o.outbox.noun} will be retried`,
      );
    }
  }

  private async fail(a: C, message: string): Promise<void> {
    await markFailed(this.o.db, this.o.outbox.table, a.id, message);
    this.o.log.warn({ alert: a.id, channel: a.channel }, `${this.o.outbox.noun} not delivered`);
  }
}
