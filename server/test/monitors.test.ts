import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, CheckTarget } from '../src/monitoring/checks/types.js';
import { MonitorScheduler } from '../src/monitoring/scheduler.js';
import { websiteAlertSink } from '../src/services/nms/alerts.js';
import { MonitoringService } from '../src/monitoring/service.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import type { LocalTwilioServer } from './integrations/sms-server.js';
import {
  startDeliveryServers,
  until,
  type DeliveryServers,
  type LocalSmtpServer,
} from './support/delivery.js';

type Headers = Record<string, string>;
const PATH = '/umms/api/v1/monitors';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

for (const kind of DATABASES) {
  describe(`monitors (${kind})`, () => {
    let t: TestApp;
    let admin: Headers;
    let viewer: Headers;
    let site: LocalHttpServer;
    let siteStatus = 200;
    let delivery: DeliveryServers;
    let smtp: LocalSmtpServer;
    let twilio: LocalTwilioServer;
    let websiteId: number;

    beforeAll(async () => {
      site = await startHttpServer((req, res) => {
        res.writeHead(siteStatus, { 'content-type': 'text/html' });
        res.end(siteStatus === 200 ? '<h1>Best Casino Reviews</h1>' : 'Service Unavailable');
      });
      delivery = await startDeliveryServers();
      ({ smtp, twilio } = delivery);
      t = await createTestApp(kind, {
        outboundAllowPrivate: true,
        publicUrl: 'https://console.example',
        ...delivery.config,
      });
      admin = await t.as('ADMIN');
      viewer = await t.as('VIEWER');
      websiteId = Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO websites (url, hostname, target_market) VALUES ($1, 'casino.example', 'UK') RETURNING id`,
            [`${site.origin}/`],
          )
        ).rows[0]!.id,
      );
    });

    afterAll(async () => {
      await t?.close();
      await site?.close();
      await delivery?.close();
    });

    describe('the resource', () => {
      it('creates with defaults, normalises the target and recipients, and answers field errors', async () => {
        const created = await t.call({
          method: 'POST',
          url: PATH,
          headers: admin,
          payload: {
            url: 'shop.example/path',
            type: 'http',
            alert_emails: ['Ops@Example.com', 'ops@example.com'],
            alert_phone_numbers: ['+44 7700 900-123'],
          },
        });
        expect(created.status).toBe(201);
        const m = (created.body as { data: Record<string, unknown> }).data;
        expect(m).toMatchObject({
          url: 'https://shop.example/path',
          friendly_name: 'shop.example',
          status: 'pending',
          interval: 300,
          retries: 1,
          timeout: 15,
          paused: false,
          alert_emails: ['ops@example.com'],
          alert_phone_numbers: ['+447700900123'],
          last_check: null,
        });

        const bad = async (payload: Record<string, unknown>) => {
          const r = await t.call({ method: 'POST', url: PATH, headers: admin, payload });
          expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
          return (r.body as { error: { fields?: Record<string, string> } }).error.fields ?? {};
        };
        expect(await bad({ type: 'http' })).toHaveProperty('url');
        expect(await bad({ url: 'ftp://x.example', type: 'http' })).toHaveProperty('url');
        expect(await bad({ url: 'https://x.example', type: 'keyword' })).toHaveProperty('value');
        expect(await bad({ url: 'not a host!', type: 'ping' })).toHaveProperty('url');
        expect(await bad({ url: 'https://x.example', type: 'http', interval: 5 })).toHaveProperty('interval');
        expect(
          await bad({ url: 'https://x.example', type: 'http', interval: 30, timeout: 30 }),
        ).toHaveProperty('timeout');
        expect(await bad({ url: 'https://x.example', type: 'http', alert_emails: ['nope'] })).toHaveProperty(
          'alert_emails',
        );
        expect(
          await bad({ url: 'https://x.example', type: 'http', alert_phone_numbers: ['0151 1234'] }),
        ).toHaveProperty('alert_phone_numbers');
        const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitors');
        expect(Number(count.rows[0]!.n)).toBe(1);
        // The scheduler's columns are not the client's to set.
        const forged = await t.call({
          method: 'POST',
          url: PATH,
          headers: admin,
          payload: { url: 'https://x.example', type: 'http', status: 'up', last_check: 1 },
        });
        expect(forged.status).toBe(201);
        const f = (forged.body as { data: { id: number; status: string; last_check: number | null } }).data;
        expect(f).toMatchObject({ status: 'pending', last_check: null });
        await t.call({ method: 'DELETE', url: `${PATH}/${f.id}`, headers: admin });
      });

      it('takes a ping target from a URL, updates with PATCH only, and lets a viewer read but not write', async () => {
        const r = await t.call({
          method: 'POST',
          url: PATH,
          headers: admin,
          payload: { url: 'https://Server-1.Example:8443/x', type: 'ping' },
        });
        const m = (r.body as { data: { id: number; url: string; version: number } }).data;
        expect(m.url).toBe('server-1.example');
        const put = await t.call({
          method: 'PUT',
          url: `${PATH}/${m.id}`,
          headers: admin,
          payload: { retries: 3 },
        });
        expect(put.status).toBe(404);
        const patch = await t.call({
          method: 'PATCH',
          url: `${PATH}/${m.id}`,
          headers: admin,
          payload: { retries: 3, version: m.version },
        });
        expect(patch.status).toBe(200);
        expect((patch.body as { data: { retries: number } }).data.retries).toBe(3);
        const stale = await t.call({
          method: 'PATCH',
          url: `${PATH}/${m.id}`,
          headers: admin,
          payload: { retries: 4, version: m.version },
        });
        expect(stale.status).toBe(409);
        expect((await t.call({ method: 'GET', url: `${PATH}/${m.id}`, headers: viewer })).status).toBe(200);
        const denied = await t.call({
          method: 'PATCH',
          url: `${PATH}/${m.id}`,
          headers: viewer,
          payload: { retries: 5 },
        });
        expect(denied.status).toBe(403);
        await t.call({
          method: 'PATCH',
          url: `${PATH}/${m.id}`,
          headers: admin,
          payload: { paused: true, version: 2 },
        });
        const paused = await t.call({ method: 'POST', url: `${PATH}/${m.id}/check`, headers: admin });
        expect(paused.status).toBe(409);
        const untouched = await t.db.query('SELECT check_requested_at FROM monitors WHERE id = $1', [m.id]);
        expect(untouched.rows[0]).toEqual({ check_requested_at: null });
        await t.call({ method: 'DELETE', url: `${PATH}/${m.id}`, headers: admin });
      });
    });

    describe('checks, changes and alerts', () => {
      let service: MonitoringService;
      let id: number;

      beforeAll(async () => {
        service = new MonitoringService(t.deps, quiet, { flushMs: 200, syncMs: 200 });
        await service.start();
      });
      afterAll(async () => {
        await service?.stop();
      });

      const detail = async () =>
        (
          (await t.call({ method: 'GET', url: `${PATH}/${id}`, headers: admin })).body as {
            data: {
              status: string;
              last_message: string | null;
              last_check: number | null;
              up_down_changes: Array<{ status: string; time: number; duration: number; message: string }>;
              uptime: { day: number | null };
              alerts: Array<{ channel: string; recipient: string; state: string; change_status: string }>;
            };
          }
        ).data;

      it('checks a new monitor within seconds and records it up, silently', async () => {
        siteStatus = 200;
        const r = await t.call({
          method: 'POST',
          url: PATH,
          headers: admin,
          payload: {
            url: `${site.origin}/`,
            type: 'keyword',
            value: 'best CASINO',
            website_id: websiteId,
            retries: 1,
            interval: 60,
            alert_emails: ['owner@casino.example'],
            alert_phone_numbers: ['+4915112345678'],
          },
        });
        id = (r.body as { data: { id: number } }).data.id;
        const up = await until('the first check', async () => {
          const d = await detail();
          return d.status === 'up' ? d : null;
        });
        expect(up.last_message).toBe('Keyword "best CASINO" found');
        expect(up.up_down_changes.map((c) => c.status)).toEqual(['up']);
        expect(up.uptime.day).toBe(1);
        expect(up.alerts).toEqual([]);
      });

      it('suspects one failure, confirms the outage on the retry, and alerts by e-mail, SMS and website once', async () => {
        siteStatus = 503;
        service.current!.checkNow([id]);
        await until('the suspected failure', async () => {
          const row = await t.db.query<{ suspect_count: number; status: string }>(
            'SELECT suspect_count, status FROM monitors WHERE id = $1',
            [id],
          );
          return row.rows[0]!.suspect_count === 1 ? row.rows[0] : null;
        });
        expect((await detail()).status).toBe('up');
        service.current!.checkNow([id]);
        const down = await until('the confirmed outage', async () => {
          const d = await detail();
          return d.status === 'down' ? d : null;
        });
        expect(down.up_down_changes.map((c) => c.status)).toEqual(['up', 'down']);
        expect(down.up_down_changes[1]!.message).toBe('HTTP 503');

        // The website alert is raised in the change's transaction.
        const alerts = await t.db.query<{ title: string; resolved: string; link: string }>(
          `SELECT title, resolved, link FROM notifications WHERE website_id = $1 AND type = 'ALERT' ORDER BY id`,
          [websiteId],
        );
        expect(alerts.rows).toEqual([
          { title: 'casino.example is down', resolved: 'no', link: `#/umms/api/v1/monitors/${id}/show` },
        ]);
        const site = await t.db.query<{ alerts: number }>('SELECT alerts FROM websites WHERE id = $1', [
          websiteId,
        ]);
        expect(Number(site.rows[0]!.alerts)).toBe(1);

        // E-mail and SMS go out through the outbox, read back from the local servers.
        const mail = await until('the e-mail', async () => smtp.mails[0]);
        expect(mail.to).toBe('owner@casino.example');
        expect(mail.subject).toBe('[Sitefleet] DOWN: casino.example');
        expect(mail.text).toContain('Last check: HTTP 503');
        expect(mail.text).toContain(`https://console.example/#/umms/api/v1/monitors/${id}/show`);
        const sms = await until('the SMS', async () => twilio.messages[0]);
        expect(sms.to).toBe('+4915112345678');
        expect(String(sms.body)).toMatch(/^Sitefleet: casino\.example is DOWN \(HTTP 503\) at /);
        const sent = await until('the deliveries recorded', async () => {
          const d = await detail();
          return d.alerts.every((a) => a.state === 'sent') && d.alerts.length === 3 ? d.alerts : null;
        });
        expect(sent.map((a) => a.channel).sort()).toEqual(['email', 'sms', 'website']);

        // More failures change nothing and send nothing more.
        service.current!.checkNow([id]);
        await until('another check', async () => {
          await service.current!.flush();
          const r = await t.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM monitor_changes WHERE monitor_id = $1',
            [id],
          );
          return Number(r.rows[0]!.n) === 2 ? true : null;
        });
        await new Promise((r) => setTimeout(r, 300));
        expect(smtp.mails).toHaveLength(1);
        expect(twilio.messages).toHaveLength(1);
      });

      it('restarting the scheduler neither checks everything at once nor alerts again', async () => {
        await service.stop();
        const stored = await t.db.query<{ status: string; next_check: number }>(
          'SELECT status, next_check FROM monitors WHERE id = $1',
          [id],
        );
        expect(stored.rows[0]!.status).toBe('down');
        expect(Number(stored.rows[0]!.next_check)).toBeGreaterThan(Date.now() / 1000);
        service = new MonitoringService(t.deps, quiet, { flushMs: 200, syncMs: 200 });
        await service.start();
        service.current!.checkNow([id]);
        await new Promise((r) => setTimeout(r, 500));
        await service.current!.flush();
        const changes = await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM monitor_changes WHERE monitor_id = $1',
          [id],
        );
        expect(Number(changes.rows[0]!.n)).toBe(2);
        expect(smtp.mails).toHaveLength(1);
      });

      it('runs a check asked for together with an edit, seen in the same look', async () => {
        await service.current!.flush();
        const before = await t.db.query<{ last_check: number; version: number }>(
          'SELECT last_check, version FROM monitors WHERE id = $1',
          [id],
        );
        // Both land before the scheduler's next look: the edit bumps the version, the check is asked for.
        await t.db.query(
          `UPDATE monitors SET timeout = 14, version = version + 1, last_check = last_check - 100,
             check_requested_at = epoch_now(), updated_at = epoch_now() WHERE id = $1`,
          [id],
        );
        await service.current!.sync();
        await until('the requested check', async () => {
          await service.current!.flush();
          const r = await t.db.query<{ last_check: number }>(
            'SELECT last_check FROM monitors WHERE id = $1',
            [id],
          );
          return Number(r.rows[0]!.last_check) >= Number(before.rows[0]!.last_check) ? true : null;
        });
      });

      it('recovers on the first success, resolves the outage alert and says how long it lasted', async () => {
        siteStatus = 200;
        // An operator's 'check now' goes through the API; the scheduler picks it up at its next look.
        const asked = await t.call({ method: 'POST', url: `${PATH}/${id}/check`, headers: admin });
        expect(asked.status).toBe(200);
        const denied = await t.call({ method: 'POST', url: `${PATH}/${id}/check`, headers: viewer });
        expect(denied.status).toBe(403);
        const up = await until('the recovery', async () => {
          const d = await detail();
          return d.status === 'up' ? d : null;
        });
        expect(up.up_down_changes.map((c) => c.status)).toEqual(['up', 'down', 'up']);
        const alerts = await t.db.query<{ title: string; resolved: string }>(
          `SELECT title, resolved FROM notifications WHERE website_id = $1 AND type = 'ALERT' ORDER BY id`,
          [websiteId],
        );
        expect(alerts.rows).toEqual([
          { title: 'casino.example is down', resolved: 'yes' },
          { title: 'casino.example is back up', resolved: 'no' },
        ]);
        const mail = await until('the recovery e-mail', async () => smtp.mails[1]);
        expect(mail.subject).toMatch(/^\[Sitefleet\] UP: casino\.example \(was down for \d+ s\)$/);
        await until('the recovery SMS', async () => twilio.messages[1]);
      });

      it('retries a provider that is busy and gives up on a permanent refusal', async () => {
        twilio.script({
          status: 429,
          body: { code: 20429, message: 'Too Many Requests', status: 429 },
          headers: { 'retry-after': '1' },
        });
        siteStatus = 503;
        await t.db.query(
          `UPDATE monitors SET retries = 0, alert_phone_numbers = '{+4915112345678,+15005550001}' WHERE id = $1`,
          [id],
        );
        await t.db.query(
          `UPDATE monitors SET version = version + 1, updated_at = epoch_now() WHERE id = $1`,
          [id],
        );
        await service.current!.sync(true);
        service.current!.checkNow([id]);
        const rows = await until('the SMS deliveries settled', async () => {
          const r = await t.db.query<{
            recipient: string;
            state: string;
            attempts: number;
            last_error: string | null;
          }>(
            `SELECT recipient, state, attempts, last_error FROM monitor_alerts a JOIN monitor_changes c ON c.id = a.change_id
             WHERE c.monitor_id = $1 AND c.status = 'down' AND a.channel = 'sms' ORDER BY c.id DESC, a.recipient LIMIT 2`,
            [id],
          );
          return r.rows.length === 2 &&
            r.rows.some((x) => x.state !== 'pending') &&
            r.rows.some((x) => x.last_error)
            ? r.rows
            : null;
        });
        // One of the two met the scripted 429 and waits for its retry; the other was sent, or refused for good.
        const pending = rows.filter((r) => r.state === 'pending');
        expect(pending).toHaveLength(1);
        expect(pending[0]!.last_error).toMatch(/429|Too Many/);
      });
    });

    describe('the scheduler at scale, with a stand-in check', () => {
      it('spreads a restart over the interval and keeps each monitor on its slot', async () => {
        await t.db.query('DELETE FROM monitors');
        const now = Math.floor(Date.now() / 1000);
        // 300 monitors checked every 60 s, all overdue (the scheduler was down for a while).
        await t.db.query(
          `INSERT INTO monitors (url, type, interval, timeout, status, next_check)
           SELECT 'https://site-' || i || '.example/', 'http', 60, 10, 'up', $1 FROM generate_series(1, 300) AS i`,
          [now - 30],
        );
        const starts: number[] = [];
        const targets = new Set<string>();
        const check = async (target: CheckTarget): Promise<CheckResult> => {
          starts.push(Date.now());
          targets.add(target.url);
          return { up: true, message: 'HTTP 200', responseMs: 1 };
        };
        const scheduler = new MonitorScheduler({
          db: t.db,
          alerts: websiteAlertSink,
          check,
          concurrency: 64,
          log: quiet,
          flushMs: 500,
        });
        const begun = Date.now();
        await scheduler.start();
        await new Promise((r) => setTimeout(r, 3_000));
        await scheduler.stop();
        // The steady rate is 5 checks/s; a burst would have checked all 300 at once.
        expect(starts.length).toBeGreaterThan(5);
        expect(starts.length).toBeLessThan(40);
        const firstSecond = starts.filter((s) => s - begun < 1000).length;
        expect(firstSecond).toBeLessThan(15);
        expect(targets.size).toBe(starts.length);
        const changes = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitor_changes');
        expect(Number(changes.rows[0]!.n)).toBe(0);
        // The checks ran were written, with the next check one interval on.
        const written = await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM monitors WHERE last_check IS NOT NULL AND next_check >= $1',
          [now + 30],
        );
        expect(Number(written.rows[0]!.n)).toBe(starts.length);
      });

      it('survives a check that throws: it counts as a failed check', async () => {
        await t.db.query('DELETE FROM monitors');
        const r = await t.db.query<{ id: number }>(
          `INSERT INTO monitors (url, type, interval, retries, status) VALUES ('https://a.example/', 'http', 60, 0, 'up') RETURNING id`,
        );
        const mid = Number(r.rows[0]!.id);
        const scheduler = new MonitorScheduler({
          db: t.db,
          alerts: websiteAlertSink,
          check: () => {
            throw new Error('boom');
          },
          concurrency: 4,
          log: quiet,
        });
        await scheduler.start();
        await until('the failed check recorded', async () => {
          const m = await t.db.query<{ status: string; last_message: string }>(
            'SELECT status, last_message FROM monitors WHERE id = $1',
            [mid],
          );
          return m.rows[0]!.status === 'down' ? m.rows[0] : null;
        }).then((m) => expect(m.last_message).toBe('Check failed: boom'));
        expect(scheduler.stats().checks).toBeGreaterThanOrEqual(1);
        await scheduler.stop();
      });
    });
  });
}
