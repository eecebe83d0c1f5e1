import { addDays, dayEpoch, dayOf } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertDelivery } from '../src/monitoring/delivery.js';
import {
  freshSince,
  queueRankAlerts,
  rankAlertDeliveries,
  type RankAlertDelivery,
} from '../src/services/dms/seo/rank-alerts.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';
import { startDeliveryServers, until, type DeliveryServers } from './support/delivery.js';

type Body = Record<string, unknown>;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Rank notifications (issue 17, SPEC §3 and §7.5): created, changed and deleted under the domain's path and
 * through their own resource, each checked whole (keywords of the domain with a position, someone to tell);
 * the rank checks after an import set off one alert per notification and day (never twice), sent by e-mail
 * and SMS to the local SMTP and Twilio servers.
 */
describe.each(DATABASES)('rank notifications on %s', (kind) => {
  let t: TestApp;
  let servers: DeliveryServers;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let nobody: Record<string, string>;
  let domain: number;
  let otherDomain: number;
  const kw: Record<string, number> = {};
  const today = dayOf(Date.now());
  const day = (n: number) => dayEpoch(addDays(today, -n));
  const base = () => `/dms/api/v1/accuranker-domains/${domain}/notifications`;
  const call = <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Body,
    headers = admin,
  ) => t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });

  async function keyword(domainId: number, name: string, searchType: number, ranks: Array<number | null>) {
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_type, search_volume)
       VALUES ($1, (SELECT count(*) + 1 FROM accuranker_keywords), $2, $3, 5000) RETURNING id`,
      [domainId, name, searchType],
    );
    const id = Number(r.rows[0]!.id);
    // ranks[0] is the oldest day; the last one is yesterday.
    for (const [i, rank] of ranks.entries()) {
      await t.db.query('INSERT INTO keyword_ranks (keyword_id, day, rank) VALUES ($1, $2, $3)', [
        id,
        day(ranks.length - i),
        rank,
      ]);
    }
    kw[name] = id;
    return id;
  }

  beforeAll(async () => {
    servers = await startDeliveryServers();
    t = await createTestApp(kind, {
      // The local SMTP and Twilio servers listen on loopback.
      outboundAllowPrivate: true,
      publicUrl: 'https://console.example',
      ...servers.config,
    });
    admin = await t.as('ADMIN');
    viewer = await t.as('VIEWER');
    nobody = await t.as('NO-SEO');
    const d = await t.db.query<{ id: number }>(
      `INSERT INTO accuranker_domains (accuranker_id, domain, display_name)
       VALUES (501, 'bonus-guide.example', 'Bonus Guide'), (502, 'other.example', 'Other') RETURNING id`,
    );
    domain = Number(d.rows[0]!.id);
    otherDomain = Number(d.rows[1]!.id);
    await keyword(domain, 'casino bonus', 1, [4, 6, 8, 14]); // falls out of the top 10 yesterday
    await keyword(domain, 'free spins', 2, [30, 25, 12, 9]); // climbs into it yesterday
    await keyword(domain, 'no deposit', 1, [2, 2, 3, 2]); // steady
    await keyword(domain, 'live dealer', 1, [9, 9, 9, null]); // drops out of the results
    await keyword(otherDomain, 'sportsbook', 1, [5, 5, 5, 5]);
  });

  afterAll(async () => {
    await t?.close();
    await servers?.close();
  });

  it('creates one under the domain with the SPEC body, and lists it there and in its own resource', async () => {
    const res = await call<{ data: Body }>('POST', base(), {
      keywords: { [kw['casino bonus']!]: 10, [kw['free spins']!]: 10 },
      domain_id: domain,
      domain_name: 'bonus-guide.example',
      email: 'SEO@Example.com',
      phone_number: '+44 7700 900123',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      domain_id: domain,
      domain_name: 'bonus-guide.example',
      email: 'seo@example.com',
      phone_number: '+447700900123',
      keyword_count: 2,
      last_alert_at: null,
      version: 1,
    });
    const nested = await call<{ data: Body[]; meta: { total: number } }>('GET', base());
    expect(nested.status).toBe(200);
    expect(nested.body.data.map((n) => n.id)).toEqual([res.body.data.id]);
    const own = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/accuranker-notifications?filter=${encodeURIComponent(JSON.stringify({ domain_id: domain }))}`,
    );
    expect(own.body.data).toHaveLength(1);
    const other = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/accuranker-domains/${otherDomain}/notifications`,
    );
    expect(other.body.data).toEqual([]);
  });

  it('refuses an incomplete or foreign notification field by field, and writes nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accuranker_notifications');
    const refused = async (body: Body, url = base()) => {
      const res = await call<{ error: { fields?: Record<string, string> } }>('POST', url, body);
      expect(res.status).toBe(422);
      return res.body.error.fields ?? {};
    };
    expect(await refused({ keywords: { [kw['casino bonus']!]: 10 } })).toEqual({
      email: 'Enter an e-mail address or a phone number',
      phone_number: 'Enter a phone number or an e-mail address',
    });
    expect(await refused({ keywords: { [kw['sportsbook']!]: 10 }, email: 'a@example.com' })).toEqual({
      keywords: `Not accuranker keywords of this domain: ${kw['sportsbook']}`,
    });
    expect(await refused({ keywords: { [kw['casino bonus']!]: 0 }, email: 'a@example.com' })).toHaveProperty(
      'keywords',
    );
    expect(await refused({ keywords: { 'drop table': 10 }, email: 'a@example.com' })).toEqual({
      keywords: 'Has an invalid key: drop table',
    });
    expect(await refused({ keywords: {}, email: 'a@example.com' })).toEqual({
      keywords: 'Required',
    });
    expect(
      await refused({ keywords: { [kw['casino bonus']!]: 10 }, email: 'a@example.com', phone_number: '12' }),
    ).toEqual({ phone_number: 'Enter a phone number in international format (+4915112345678)' });
    expect(
      await refused({
        keywords: { [kw['casino bonus']!]: 10 },
        email: 'a@example.com',
        domain_id: otherDomain,
      }),
    ).toEqual({ domain_id: `Must be ${domain}, the accuranker domains in the path` });
    const missing = await call('POST', '/dms/api/v1/accuranker-domains/999999/notifications', {
      keywords: { [kw['casino bonus']!]: 10 },
      email: 'a@example.com',
    });
    expect(missing.status).toBe(404);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accuranker_notifications');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('updates with the version it read (a stale one is a 409) and deletes only under its own domain', async () => {
    const created = await call<{ data: Body }>('POST', base(), {
      keywords: { [kw['no deposit']!]: 3 },
      email: 'desk@example.com',
    });
    const id = Number(created.body.data.id);
    const put = await call<{ data: Body }>('PUT', `${base()}/${id}`, {
      keywords: { [kw['no deposit']!]: 1, [kw['live dealer']!]: 10 },
      email: null,
      phone_number: '+15550109999',
      version: 1,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      email: null,
      phone_number: '+15550109999',
      keyword_count: 2,
      version: 2,
    });
    const stale = await call('PUT', `${base()}/${id}`, { email: 'x@example.com', version: 1 });
    expect(stale.status).toBe(409);
    const elsewhere = await call(
      'DELETE',
      `/dms/api/v1/accuranker-domains/${otherDomain}/notifications/${id}`,
    );
    expect(elsewhere.status).toBe(404);
    const del = await call<{ data: Body }>('DELETE', `${base()}/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.id).toBe(id);
    const gone = await call('GET', `/dms/api/v1/accuranker-notifications/${id}`);
    expect(gone.status).toBe(404);
  });

  it('needs the permissions of the notifications resource itself', async () => {
    const denied = await call('GET', base(), undefined, nobody);
    expect(denied.status).toBe(403);
    const write = await call(
      'POST',
      base(),
      { keywords: { [kw['casino bonus']!]: 10 }, email: 'a@b.example' },
      viewer,
    );
    expect(write.status).toBe(403);
  });

  it('alerts once per notification and day on the keywords that crossed, by e-mail and SMS', async () => {
    const queued = await t.db.transaction((tx) => queueRankAlerts(tx, domain, freshSince(today)));
    expect(queued).toBe(1);
    const again = await t.db.transaction((tx) => queueRankAlerts(tx, domain, freshSince(today)));
    expect(again).toBe(0);
    const alerts = await t.db.query<{ day: number; changes: Body[] }>('SELECT day, changes FROM rank_alerts');
    expect(alerts.rows).toHaveLength(1);
    expect(Number(alerts.rows[0]!.day)).toBe(day(1));
    expect(alerts.rows[0]!.changes).toEqual([
      {
        keyword_id: kw['casino bonus'],
        keyword: 'casino bonus',
        device: 'Desktop',
        position: 10,
        previous_rank: 8,
        rank: 14,
        direction: 'dropped',
      },
      {
        keyword_id: kw['free spins'],
        keyword: 'free spins',
        device: 'Mobile',
        position: 10,
        previous_rank: 12,
        rank: 9,
        direction: 'recovered',
      },
    ]);

    const delivery = new AlertDelivery<RankAlertDelivery>({
      outbox: rankAlertDeliveries,
      db: t.db,
      mailer: t.deps.integrations.mailer,
      sms: t.deps.integrations.sms,
      publicUrl: 'https://console.example',
      log: quiet,
    });
    expect(await delivery.runOnce()).toBe(2);
    const mail = await until('the e-mail', async () => servers.smtp.mails[0]);
    expect(mail.to).toBe('seo@example.com');
    expect(mail.subject).toBe('[Sitefleet] Rankings bonus-guide.example: 1 keyword dropped, 1 recovered');
    expect(mail.text).toContain('"casino bonus" (Desktop) fell to #14 from #8, watching top 10');
    expect(mail.text).toContain('"free spins" (Mobile) is back at #9 (was #12), watching top 10');
    expect(mail.text).toContain(
      `https://console.example/#/dms/api/v1/accuranker-domains/${domain}/show/notifications`,
    );
    const sms = await until('the SMS', async () => servers.twilio.messages[0]);
    expect(sms).toMatchObject({ to: '+447700900123' });
    expect(String(sms.body)).toContain('bonus-guide.example: 1 keyword dropped, 1 recovered');
    // Sent once: nothing is due any more.
    expect(await delivery.runOnce()).toBe(0);
    const states = await t.db.query<{ state: string }>('SELECT state FROM rank_alert_deliveries ORDER BY id');
    expect(states.rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    const listed = await call<{ data: Body[] }>('GET', base());
    expect(listed.body.data[0]!.last_alert_at).toEqual(expect.any(Number));
    // The Notifications tab's alert list: what crossed and how each message went.
    const shown = await call<{ data: Array<Body & { deliveries: Body[] }> }>(
      'GET',
      `/dms/api/v1/accuranker-domains/${domain}/rank-alerts`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body.data).toHaveLength(1);
    expect(shown.body.data[0]).toMatchObject({ date: addDays(today, -1), changes: alerts.rows[0]!.changes });
    expect(shown.body.data[0]!.deliveries).toEqual([
      expect.objectContaining({ channel: 'email', recipient: 'seo@example.com', state: 'sent', attempts: 1 }),
      expect.objectContaining({ channel: 'sms', recipient: '+447700900123', state: 'sent', attempts: 1 }),
    ]);
    const hidden = await call(
      'GET',
      `/dms/api/v1/accuranker-domains/${domain}/rank-alerts`,
      undefined,
      nobody,
    );
    expect(hidden.status).toBe(403);
  });

  it('tells nobody about crossings older than the fresh window (a first backfill)', async () => {
    const old = await call<{ data: Body }>('POST', base(), {
      keywords: { [kw['live dealer']!]: 10 },
      email: 'late@example.com',
    });
    expect(old.status).toBe(201);
    // 'live dealer' fell out of the results yesterday: an alert now, none for a window that ended before.
    const stale = await t.db.transaction((tx) => queueRankAlerts(tx, domain, addDays(today, 0)));
    expect(stale).toBe(0);
    const fresh = await t.db.transaction((tx) => queueRankAlerts(tx, domain, freshSince(today)));
    expect(fresh).toBe(1);
    const r = await t.db.query<{ changes: Body[] }>(
      'SELECT changes FROM rank_alerts WHERE notification_id = $1',
      [old.body.data.id],
    );
    expect(r.rows[0]!.changes[0]).toMatchObject({ rank: null, previous_rank: 9, direction: 'dropped' });
  });
});
