import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseDomain } from '../src/integrations/rdap/name.js';
import { parseWhois } from '../src/integrations/whois/parse.js';
import { applyWhois } from '../src/services/dms/domain-whois.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';

type Headers = Record<string, string>;

const DAY = 86_400;
const COMMAND = 'domains:expiration-alerts';

interface Run {
  status: string;
  job_count: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output: Array<{ key: string; output: { message: string } }>;
  failed_job_output: Array<{ key: string; output: { message: string } }>;
}
interface AlertRow {
  id: number;
  title: string;
  message: string;
  type: string;
  link: string | null;
  website_id: number | null;
  recipients: number | null;
  importance: string | null;
  resolved: string;
  alert_key: string;
  data: { domain: string; threshold: number; expiration_date: number; cron_run_id: number };
}

const now = () => Math.floor(Date.now() / 1000);

for (const kind of DATABASES) {
  describe(`domain expiration alerts (${kind})`, () => {
    let t: TestApp;
    let admin: Headers;
    let adminRole: number;
    let site: number;
    let otherSite: number;
    const domains: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp(kind, { jobsSuperviseSeconds: 1, jobsRetryDelaySeconds: 0 });
      await t.deps.jobs.startWorkers();
      admin = await t.as('ADMIN');
      adminRole = Number(
        (await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'ADMIN'")).rows[0]!.id,
      );
      const w = async (hostname: string) =>
        Number(
          (
            await t.db.query<{ id: number }>(
              `INSERT INTO websites (url, hostname, target_market) VALUES ($1, $2, 'UK') RETURNING id`,
              [`https://${hostname}/`, hostname],
            )
          ).rows[0]!.id,
        );
      site = await w('site.example');
      otherSite = await w('other.example');
      const t0 = now();
      const add = async (name: string, expires: number | null, websiteId: number | null, alerts = true) => {
        const r = await t.db.query<{ id: number }>(
          `INSERT INTO domains (name, unicode_name, expiration_date, website_id, expiration_alerts)
           VALUES ($1, $1, $2, $3, $4) RETURNING id`,
          [name, expires, websiteId, alerts],
        );
        domains[name] = Number(r.rows[0]!.id);
      };
      await add('in40.example', t0 + 40 * DAY, site);
      await add('in25.example', t0 + 25 * DAY, site);
      await add('in10.example', t0 + 10 * DAY, otherSite);
      await add('in5.example', t0 + 5 * DAY, null);
      await add('in3h.example', t0 + 3 * 3600, null);
      await add('gone3.example', t0 - 3 * DAY, site);
      await add('quiet.example', t0 + 5 * DAY, site, false);
      await add('undated.example', null, otherSite);
    });
    afterAll(async () => t?.close());

    const run = () => runCommand<Run>(t, admin, 'dms', COMMAND);
    const alerts = async () =>
      (
        await t.db.query<AlertRow>(
          `SELECT id, title, message, type, link, website_id, recipients, importance, resolved, alert_key, data
           FROM notifications WHERE alert_key LIKE 'domain:%:expires:%' ORDER BY id`,
        )
      ).rows.map((a) => ({
        ...a,
        id: Number(a.id),
        website_id: a.website_id === null ? null : Number(a.website_id),
        recipients: a.recipients === null ? null : Number(a.recipients),
      }));
    const alertCount = async (websiteId: number) =>
      Number(
        (await t.db.query<{ alerts: number }>('SELECT alerts FROM websites WHERE id = $1', [websiteId]))
          .rows[0]!.alerts,
      );

    it('is a listed, scheduled dms command', async () => {
      const r = await t.call<{
        data: Array<{ command: string; schedule: string | null; arguments: unknown[] }>;
      }>({
        method: 'GET',
        url: '/dms/api/v1/artisan',
        headers: admin,
      });
      expect(r.status).toBe(200);
      expect(r.body.data.find((c) => c.command === COMMAND)).toMatchObject({
        schedule: '0 6 * * *',
        arguments: [],
      });
    });

    it('raises one alert per domain at the tightest threshold reached', async () => {
      const r = await run();
      expect(r).toMatchObject({ status: 'completed', job_count: 5, success_count: 5, failed_count: 0 });
      expect(r.job_output.map((j) => j.key).sort()).toEqual(
        ['gone3.example', 'in10.example', 'in25.example', 'in3h.example', 'in5.example'].sort(),
      );
      expect(r.job_output.find((j) => j.key === 'in25.example')!.output.message).toBe(
        'in25.example expires in 25 days (30-day threshold)',
      );
      const list = await alerts();
      const byDomain = new Map(list.map((a) => [a.data.domain, a]));
      expect(list).toHaveLength(5); // one each: none for in40, quiet (alerts off) or undated
      expect(byDomain.size).toBe(5);
      expect(Object.fromEntries([...byDomain].map(([d, a]) => [d, a.data.threshold]))).toEqual({
        'in25.example': 30,
        'in10.example': 14,
        'in5.example': 7,
        'in3h.example': 1,
        'gone3.example': 1,
      });
      for (const a of list) {
        expect(a).toMatchObject({ type: 'ALERT', resolved: 'no' });
        expect(a.link).toBe(`#/dms/api/v1/domains/${domains[a.data.domain]}/show`);
        expect(a.importance).toBe(a.data.threshold <= 7 ? 'high' : 'normal');
        expect(a.message).toContain(`<strong>${a.data.domain}</strong>`);
      }
      expect(byDomain.get('in25.example')).toMatchObject({
        website_id: site,
        recipients: null,
        title: 'in25.example expires in 25 days',
      });
      expect(byDomain.get('gone3.example')).toMatchObject({
        website_id: site,
        title: 'gone3.example expired 3 days ago',
      });
      expect(byDomain.get('in10.example')).toMatchObject({ website_id: otherSite, recipients: null });
      // Domains without a website alert the admins.
      expect(byDomain.get('in5.example')).toMatchObject({ website_id: null, recipients: adminRole });
      expect(byDomain.get('in3h.example')).toMatchObject({
        website_id: null,
        recipients: adminRole,
        title: 'in3h.example expires in 1 day',
      });
      expect(await alertCount(site)).toBe(2);
      expect(await alertCount(otherSite)).toBe(1);
      // The admins see all of them in the bell drawer.
      const me = await t.call<{ data: Array<{ id: number }> }>({
        method: 'GET',
        url: '/nms/api/v1/notifications/me',
        headers: admin,
      });
      const visible = new Set(me.body.data.map((n) => n.id));
      for (const a of list) expect(visible.has(a.id), a.data.domain).toBe(true);
    });

    it('raises nothing new on later runs, even after the alerts were resolved', async () => {
      const before = await alerts();
      const second = await run();
      expect(second.success_count).toBe(5);
      expect(await alerts()).toEqual(before);
      for (const a of before) {
        const one = await t.call<{ data: { version: number } }>({
          method: 'GET',
          url: `/nms/api/v1/notifications/${a.id}`,
          headers: admin,
        });
        if (a.website_id !== null) {
          const r = await t.call({
            method: 'PUT',
            url: `/dms/api/v1/websites/${a.website_id}/notifications/${a.id}`,
            headers: admin,
            payload: { resolved: 'yes', version: one.body.data.version },
          });
          expect(r.status).toBe(200);
        } else {
          const r = await t.call({
            method: 'PUT',
            url: `/nms/api/v1/notifications/${a.id}`,
            headers: admin,
            payload: { resolved: 'yes', version: one.body.data.version },
          });
          expect(r.status).toBe(200);
        }
      }
      expect(await alertCount(site)).toBe(0);
      const third = await run();
      expect(third.failed_count).toBe(0);
      const after = await alerts();
      expect(after).toHaveLength(before.length);
      expect(after.every((a) => a.resolved === 'yes')).toBe(true);
      expect(await alertCount(site)).toBe(0);
    });

    it('raises exactly one more when a domain reaches a tighter threshold', async () => {
      const before = await alerts();
      // Time passes: in25 is now 10 days from expiry (the 14-day threshold).
      await t.db.query('UPDATE domains SET expiration_date = $2 WHERE id = $1', [
        domains['in25.example'],
        now() + 10 * DAY,
      ]);
      const r = await run();
      expect(r.failed_count).toBe(0);
      const after = await alerts();
      expect(after).toHaveLength(before.length + 1);
      const fresh = after.at(-1)!;
      expect(fresh).toMatchObject({
        website_id: site,
        resolved: 'no',
        title: 'in25.example expires in 10 days',
      });
      expect(fresh.data).toMatchObject({ domain: 'in25.example', threshold: 14 });
      expect(await alertCount(site)).toBe(1);
      // Nothing more on the next run.
      await run();
      expect(await alerts()).toHaveLength(after.length);
    });

    it('stops alerting for a renewed domain or one whose alerts are turned off', async () => {
      const before = await alerts();
      await t.db.query('UPDATE domains SET expiration_date = $2 WHERE id = $1', [
        domains['in10.example'],
        now() + 365 * DAY,
      ]);
      await t.db.query('UPDATE domains SET expiration_alerts = false WHERE id = $1', [
        domains['in5.example'],
      ]);
      // Turning alerts on for a domain already near expiry alerts once.
      await t.db.query('UPDATE domains SET expiration_alerts = true WHERE id = $1', [
        domains['quiet.example'],
      ]);
      const r = await run();
      expect(r.job_output.map((j) => j.key)).not.toContain('in10.example');
      expect(r.job_output.map((j) => j.key)).not.toContain('in5.example');
      const after = await alerts();
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)!.data).toMatchObject({ domain: 'quiet.example', threshold: 7 });
    });

    it('never alerts on an expiry date the WHOIS answer left uncertain', async () => {
      // An earlier read stored a guess 5 days out; the new answer's 11-07-2026 could be July or November.
      const id = Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO domains (name, unicode_name, expiration_date, expiration_alerts)
             VALUES ('guessed.example', 'guessed.example', $1, true) RETURNING id`,
            [now() + 5 * DAY],
          )
        ).rows[0]!.id,
      );
      const answer =
        'Domain Name: guessed.example\nRegistrar: Example Registrar Ltd\nExpiry Date: 11-07-2026\n';
      const info = parseWhois(answer, normaliseDomain('guessed.example'), 'whois.nic.example');
      expect(info.uncertain).toEqual([{ field: 'expirationDate', raw: '11-07-2026' }]);
      const summary = await t.db.transaction((tx) => applyWhois(tx, id, info));
      expect(summary).toBe(
        'WHOIS (WHOIS from whois.nic.example): registrar Example Registrar Ltd, expires unknown, 0 nameservers; ' +
          'expiration date "11-07-2026" left empty: day and month order unknown for whois.nic.example',
      );
      const stored = await t.db.query<{ expiration_date: number | null }>(
        'SELECT expiration_date FROM domains WHERE id = $1',
        [id],
      );
      expect(stored.rows[0]!.expiration_date).toBeNull();
      const r = await run();
      expect(r.failed_count).toBe(0);
      expect(r.job_output.map((j) => j.key)).not.toContain('guessed.example');
      expect((await alerts()).filter((a) => a.data.domain === 'guessed.example')).toEqual([]);
    });
  });
}
