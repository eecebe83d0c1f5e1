import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../integrations/mail/types.js';
import type { SmsSender } from '../integrations/sms/types.js';
import type { WebsiteAlertSink } from './alerts.js';
import { createCheckContext, runCheck } from './checks/registry.js';
import type { CheckResult, CheckTarget } from './checks/types.js';
import { AlertDelivery, monitorAlerts, type MonitorAlert } from './delivery.js';
import { MonitorScheduler, type SchedulerLog, type SchedulerStats } from './scheduler.js';
import { releaseLease, takeLease } from './monitor-repository.js';

export const SCHEDULER_LEASE = 'monitor-scheduler';
/**
 * Every worker asks for the lease each LEASE_RENEW_MS: the holder renews it, the others take it once it has
 * expired. A holder that dies just after renewing is replaced by the first ask after its lease ends, at
 * worst LEASE_TTL_MS + LEASE_RENEW_MS later: the 20 s the README promises. The TTL still outlasts two
 * missed renewals, so a slow query does not hand the checks over.
 */
export const LEASE_TTL_MS = 15_000;
export const LEASE_RENEW_MS = 5_000;
export const LEASE_TAKEOVER_WORST_MS = LEASE_TTL_MS + LEASE_RENEW_MS;

/** What the monitoring loop needs from the application (the worker gives its whole dependencies). */
export interface MonitoringDeps {
  config: Pick<
    Config,
    'outboundAllowPrivate' | 'outboundAllowHosts' | 'pingPath' | 'publicUrl' | 'monitorConcurrency'
  >;
  db: Db;
  integrations: { mailer: Mailer | null; sms: SmsSender | null };
  websiteAlerts: WebsiteAlertSink;
}

export interface MonitoringOptions {
  /** Replaces the real checks (benchmarks compare against a bare loop with the same requests). */
  check?: (target: CheckTarget) => Promise<CheckResult>;
  leaseRenewMs?: number;
  flushMs?: number;
  syncMs?: number;
}

/**
 * The uptime-monitoring loop of a worker process: the scheduler runs in the one process holding the
 * scheduler lease (taken over within LEASE_TAKEOVER_WORST_MS when that process dies), and the alert delivery loop
 * runs in every worker (alerts are claimed, never sent twice).
 */
export class MonitoringService {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private scheduler: MonitorScheduler | null = null;
  private readonly delivery: AlertDelivery<MonitorAlert>;
  private readonly ctx: ReturnType<typeof createCheckContext>;
  private leaseTimer: NodeJS.Timeout | null = null;
  private leasing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: MonitoringDeps,
    private readonly log: SchedulerLog,
    private readonly options: MonitoringOptions = {},
  ) {
    const c = deps.config;
    this.ctx = createCheckContext({
      allowPrivate: c.outboundAllowPrivate,
      allowHosts: c.outboundAllowHosts,
      pingPath: c.pingPath,
    });
    this.delivery = new AlertDelivery({
      outbox: monitorAlerts,
      db: deps.db,
      mailer: deps.integrations.mailer,
      sms: deps.integrations.sms,
      publicUrl: c.publicUrl,
      log,
    });
  }

  /** Whether this process runs the checks now. */
  get leader(): boolean {
    return this.scheduler !== null;
  }

  stats(reset = false): SchedulerStats | null {
    return this.scheduler?.stats(reset) ?? null;
  }

  /** The running scheduler (tests drive sync and flush through it). */
  get current(): MonitorScheduler | null {
    return this.scheduler;
  }

  async start(): Promise<void> {
    this.delivery.start();
    await this.renew();
    this.leaseTimer = setInterval(() => {
      this.leasing = this.leasing.then(() => this.renew());
    }, this.options.leaseRenewMs ?? LEASE_RENEW_MS);
    this.leaseTimer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.leasing;
    if (this.scheduler) {
      await this.scheduler.stop();
      this.scheduler = null;
      await releaseLease(this.deps.db, SCHEDULER_LEASE, this.holder).catch(() => undefined);
    }
    await this.delivery.stop();
    await this.ctx.close();
  }

  private async renew(): Promise<void> {
    if (this.stopped) return;
    let held: boolean;
    try {
      held = await takeLease(this.deps.db, SCHEDULER_LEASE, this.holder, LEASE_TTL_MS);
    } catch (err) {
      this.log.warn({ err }, 'renewing the monitor scheduler lease failed');
      held = false;
    }
    if (held && !this.scheduler && !this.stopped) {
      const scheduler = new MonitorScheduler({
        db: this.deps.db,
        alerts: this.deps.websiteAlerts,
        check: this.options.check ?? ((target) => runCheck(target, this.ctx)),
        concurrency: this.deps.config.monitorConcurrency,
        log: this.log,
        onChange: () => this.delivery.nudge(),
        flushMs: this.options.flushMs,
        syncMs: this.options.syncMs,
      });
      this.scheduler = scheduler;
      await scheduler.start();
    } else if (!held && this.scheduler) {
      this.log.warn({ holder: this.holder }, 'monitor scheduler lease lost; stopping checks here');
      const scheduler = this.scheduler;
      this.scheduler = null;
      await scheduler.stop();
    }
  }
}
