import { addDays, comparisonPeriod, dayEpoch, dayOf, daysOf, type Comparison } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';

type Body = Record<string, unknown>;
interface Total {
  current: number | null;
  previous: number | null;
  change: number | null;
}

/**
 * The dashboard's calls (SPEC §7.3) on figures written here day by day with known values: every total,
 * window and change is checked against arithmetic done in the test, for each comparison.
 */
describe.each(DATABASES)('money-site dashboard on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let full: number;
  let empty: number;
  const today = dayOf(Date.now());
  // Day i (0 = yesterday, 1 = the day before…) has figures that name it.
  const days = Array.from({ length: 70 }, (_, i) => addDays(today, -1 - i));
  const sessions = (day: string) => 100 + ((dayEpoch(day) / 86_400) % 50);
  const clicks = (day: string) => 10 + ((dayEpoch(day) / 86_400) % 7);

  const get = <T = Body>(url: string, headers = admin) => t.call<T>({ method: 'GET', url, headers });

  async function website(name: string): Promise<number> {
    const res = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: `https://${name}.example.com`, target_market: 'UK', type: 'MONEY' },
    });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    full = await website('dash-full');
    empty = await website('dash-empty');
    const rows = days.map((d) => ({ day: dayEpoch(d), s: sessions(d), c: clicks(d) }));
    const json = JSON.stringify(rows);
    await t.db.query(
      `INSERT INTO ga_daily (website_id, day, active_users, new_users, sessions, bounce_rate, average_session_duration, event_count)
       SELECT $1, x.day, x.s - 10, x.s / 2, x.s, 0.5, 60, x.s * 3 FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, s int)`,
      [full, json],
    );
    await t.db.query(
      `INSERT INTO gsc_daily (website_id, day, clicks, impressions, ctr, position)
       SELECT $1, x.day, x.c, x.c * 20, 0.05, 7 FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, c int)`,
      [full, json],
    );
    await t.db.query(
      `INSERT INTO gsc_pages (website_id, day, page, clicks, impressions, ctr, position)
       SELECT $1, x.day, 'https://dash-full.example.com/' || p.n, x.c * p.n, x.c * p.n * 10, 0.1, p.n
       FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, c int) CROSS JOIN generate_series(1, 12) AS p(n)`,
      [full, json],
    );
    await t.db.query(
      `INSERT INTO conversions (website_id, day, clicks, signups, ftd)
       SELECT $1, x.day, x.c, 2, 1 FROM jsonb_to_recordset($2::jsonb) AS x(day bigint, c int)`,
      [full, json],
    );
    // Backlinks: 1000 + one a day; the day 9 days ago is missing, the day 5 ago had no figures.
    await t.db.query(
      `INSERT INTO backlink_stats (website_id, day, total, domains, average_domain_rating, tlds, internal, external, no_data)
       SELECT $1, x.day, 1000 + (x.day / 86400)::int % 1000, 100, 41.5, '{"com": 50, "net": 30, "de": 15, "io": 5}', 10, 990,
         x.day = $3
       FROM jsonb_to_recordset($2::jsonb) AS x(day bigint) WHERE x.day <> $4`,
      [full, json, dayEpoch(addDays(today, -5)), dayEpoch(addDays(today, -9))],
    );
    await t.db.query(
      `INSERT INTO backlinks (website_id, source_url, target_url, anchor, domain_rating, first_seen, source_host, source_tld)
       SELECT $1, 'https://ref' || n || '.net/a', 'https://dash-full.example.com/', 'anchor ' || n, 30, $2::bigint - n * 86400,
         'ref' || n || '.net', 'net'
       FROM generate_series(1, 12) AS n`,
      [full, dayEpoch(today)],
    );
    const domain = await t.db.query<{ id: number }>(
      `INSERT INTO accuranker_domains (accuranker_id, website_id, domain) VALUES (7, $1, 'dash-full.example.com') RETURNING id`,
      [full],
    );
    // Keywords k1..k14 on desktop (search_type 1) and mobile (2); volume 500 for k1 (under the floor).
    const keywords = await t.db.query<{ id: number; accuranker_id: number }>(
      `INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_type, search_volume)
       SELECT $1, n * 10 + s, 'k' || n, s, CASE WHEN n = 1 THEN 500 ELSE 1000 + n END
       FROM generate_series(1, 14) AS n CROSS JOIN generate_series(1, 2) AS s RETURNING id, accuranker_id`,
      [domain.rows[0]!.id],
    );
    // Rank of keyword n on day d: n + (age of the day in days); k14 unranked yesterday.
    for (const k of keywords.rows) {
      const n = Math.floor(Number(k.accuranker_id) / 10);
      await t.db.query(
        `INSERT INTO keyword_ranks (keyword_id, day, rank, page)
         SELECT $1, $2::bigint - a * 86400, CASE WHEN $3 = 14 AND a = 1 THEN NULL ELSE $3 + a END, 'https://dash-full.example.com/p'
         FROM generate_series(1, 40) AS a`,
        [k.id, dayEpoch(today), n],
      );
    }
    await t.db.query(
      `INSERT INTO ga_properties (name, display_name, website_id) VALUES ('properties/42', 'Dash', $1)`,
      [full],
    );
    await t.db.query(
      `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live, org_traffic, org_keywords, live_refdomains)
       SELECT $1, $2::bigint - w * 7 * 86400, 40 + w, 900 + w, 5000 - w, 300, 150 FROM generate_series(0, 10) AS w`,
      [full, dayEpoch(addDays(today, -1))],
    );
  });
  afterAll(() => t?.close());

  const sum = (range: { start: string; end: string }, f: (d: string) => number) =>
    daysOf(range).reduce((s, d) => s + f(d), 0);

  it.each(['yesterday', 'seven-days', 'thirty-days', 'month-to-date'] as Comparison[])(
    'sums GA and Search Console over the %s window and the one before',
    async (comparison) => {
      const p = comparisonPeriod(comparison, today);
      const ga = await get<{
        data: {
          property: string;
          period: Body;
          metrics: { metric: string; rows: unknown[]; total: Total }[];
        };
      }>(`/analytics/api/v1/google-analytics/report/${full}?comparison=${comparison}`);
      expect(ga.status).toBe(200);
      expect(ga.body.data.period).toEqual(p);
      expect(ga.body.data.property).toBe('properties/42');
      const bySessions = ga.body.data.metrics.find((m) => m.metric === 'sessions')!;
      expect(bySessions.total.current).toBe(sum(p.window, sessions));
      expect(bySessions.total.previous).toBe(sum(p.previous, sessions));
      expect(bySessions.rows).toHaveLength(daysOf({ start: p.previous.start, end: p.end }).length);
      expect(ga.body.data.metrics.find((m) => m.metric === 'bounceRate')!.total.current).toBeCloseTo(0.5);
      expect(ga.body.data.metrics.map((m) => m.metric)).toHaveLength(6);

      const gsc = await get<{ data: { clicks: Total; impressions: Total; rows: { keys: string[] }[] } }>(
        `/analytics/api/v1/google-analytics/search-report/${full}?comparison=${comparison}`,
      );
      expect(gsc.body.data.clicks.current).toBe(sum(p.window, clicks));
      expect(gsc.body.data.impressions.previous).toBe(sum(p.previous, clicks) * 20);
      expect(gsc.body.data.rows.at(-1)!.keys).toEqual([p.end]);

      const conv = await get<{ data: { clicks: Total; signups: Total; ftd: Total } }>(
        `/dms/api/v1/websites/${full}/daily-conversion-metrics?comparison=${comparison}`,
      );
      const n = daysOf(p.window).length;
      expect(conv.body.data.signups).toEqual({ current: 2 * n, previous: 2 * n, change: 0 });
      expect(conv.body.data.clicks.current).toBe(sum(p.window, clicks));
    },
  );

  it('lists the top pages of the window by clicks, ten by default', async () => {
    const res = await get<{ data: { rows: { keys: string[]; clicks: number }[] } }>(
      `/analytics/api/v1/google-analytics/search-report/${full}?comparison=seven-days&dimensions=page`,
    );
    const p = comparisonPeriod('seven-days', today);
    expect(res.body.data.rows).toHaveLength(10);
    expect(res.body.data.rows[0]).toMatchObject({
      keys: ['https://dash-full.example.com/12'],
      clicks: sum(p.window, clicks) * 12,
    });
  });

  it('ranks keywords by device over the volume floor, with the places gained since the start day', async () => {
    const res = await get<{ data: Body[]; meta: { tracked: number } }>(
      `/dms/api/v1/websites/keywords?website_id=${full}&comparison=seven-days&device=mobile`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.tracked).toBe(28);
    // k1 is under the floor, k14 unranked yesterday: k2..k11, rank n + 1, 7 days ago n + 7.
    expect(res.body.data.map((r) => r.keyword)).toEqual([
      'k2',
      'k3',
      'k4',
      'k5',
      'k6',
      'k7',
      'k8',
      'k9',
      'k10',
      'k11',
    ]);
    expect(res.body.data[0]).toMatchObject({
      rank: 3,
      previous_rank: 9,
      change: 6,
      search_type: 2,
      search_volume: 1002,
    });
    const desktop = await get<{ data: Body[] }>(`/dms/api/v1/websites/keywords?website_id=${full}&limit=3`);
    expect(desktop.body.data.map((r) => [r.keyword, r.search_type, r.previous_rank])).toEqual([
      ['k2', 1, 4],
      ['k3', 1, 5],
      ['k4', 1, 6],
    ]);
  });

  it('compares backlinks with the start day and flags a missing start day and a day without figures', async () => {
    const week = await get<{ data: Body & { current: Body; previous: Body | null; trend: unknown[] } }>(
      `/dms/api/v1/websites/statistics?website_id=${full}&comparison=seven-days`,
    );
    expect(week.status).toBe(200);
    expect(week.body.data.current).toMatchObject({
      day: addDays(today, -1),
      domains: 100,
      average_domain_rating: 41.5,
      tlds: { com: 50, net: 30, de: 15, io: 5 },
      source: { internal: 10, external: 990 },
      no_data: false,
    });
    expect(week.body.data.missing_previous).toBe(false);
    expect(week.body.data.trend).toHaveLength(29);
    // 30-Days starts 32 days ago (present); a window starting 9 days ago would miss: craft it via no_data.
    const fiveAgo = await t.db.query<{ no_data: boolean }>(
      'SELECT no_data FROM backlink_stats WHERE website_id = $1 AND day = $2',
      [full, dayEpoch(addDays(today, -5))],
    );
    expect(fiveAgo.rows[0]!.no_data).toBe(true);
    await t.db.query('DELETE FROM backlink_stats WHERE website_id = $1 AND day = $2', [
      full,
      dayEpoch(addDays(today, -7)),
    ]);
    const missing = await get<{ data: { missing_previous: boolean; previous: null } }>(
      `/dms/api/v1/websites/statistics?website_id=${full}&comparison=seven-days`,
    );
    expect(missing.body.data).toMatchObject({ missing_previous: true, previous: null });
  });

  it('answers the newest 8 links, the TLD split and the Ahrefs history', async () => {
    const res = await get<{ data: { recent: Body[]; tlds: Body[] } }>(
      `/dms/api/v1/websites/${full}/backlinks/profile`,
    );
    expect(res.body.data.recent).toHaveLength(8);
    expect(res.body.data.recent[0]).toMatchObject({
      source_host: 'ref1.net',
      first_seen: addDays(today, -1),
    });
    expect(res.body.data.tlds).toEqual([
      { tld: 'com', count: 50 },
      { tld: 'net', count: 30 },
      { tld: 'others', count: 20 },
    ]);
    const ahrefs = await get<{ data: { doc: { date: string; domain_rating: number; history: unknown[] } } }>(
      '/dms/api/v1/ahrefs-metrics/by-hostname/DASH-FULL.example.com',
    );
    expect(ahrefs.status).toBe(200);
    expect(ahrefs.body.data.doc).toMatchObject({ date: addDays(today, -1), domain_rating: 40 });
    expect(ahrefs.body.data.doc.history).toHaveLength(11);
    expect((await get('/dms/api/v1/ahrefs-metrics/by-hostname/nowhere.example')).status).toBe(404);
  });

  it('answers empty figures for a site without data, and refuses bad input and other users', async () => {
    const ga = await get<{ data: { property: null; metrics: { rows: unknown[]; total: Total }[] } }>(
      `/analytics/api/v1/google-analytics/report/${empty}`,
    );
    expect(ga.body.data.property).toBeNull();
    expect(ga.body.data.metrics.every((m) => m.rows.length === 0 && m.total.current === null)).toBe(true);
    const kw = await get<{ data: unknown[]; meta: { tracked: number } }>(
      `/dms/api/v1/websites/keywords?website_id=${empty}`,
    );
    expect(kw.body).toMatchObject({ data: [], meta: { tracked: 0 } });
    const stats = await get<{ data: Body }>(`/dms/api/v1/websites/statistics?website_id=${empty}`);
    expect(stats.body.data).toMatchObject({
      current: null,
      previous: null,
      missing_previous: true,
      trend: [],
    });
    const profile = await get<{ data: Body }>(`/dms/api/v1/websites/${empty}/backlinks/profile`);
    expect(profile.body.data).toMatchObject({ recent: [], tlds: [] });

    const bad = await get<{ error: { code: string; fields?: Record<string, string> } }>(
      `/analytics/api/v1/google-analytics/report/${full}?metric=sessions,pageViews`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields?.metric).toMatch(/pageViews/);
    expect((await get(`/dms/api/v1/websites/keywords?website_id=${full}&comparison=fortnight`)).status).toBe(
      400,
    );
    expect((await get(`/dms/api/v1/websites/keywords?website_id=abc`)).status).toBe(400);
    expect((await get(`/dms/api/v1/websites/statistics?website_id=99999999`)).status).toBe(404);
    const nobody = await t.as('NOTHING');
    expect((await get(`/dms/api/v1/websites/${full}/backlinks/profile`, nobody)).status).toBe(403);
    const viewer = await t.as('VIEWER');
    expect((await get(`/dms/api/v1/websites/${full}/backlinks/profile`, viewer)).status).toBe(200);
  });
});

describe('seo:drop-alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobsRetryDelaySeconds: 0 });
    await t.deps.jobs.startWorkers();
  });
  afterAll(() => t?.close());

  it('raises one alert per drop with its numbers, once a day', async () => {
    const admin = await t.as('ADMIN');
    const today = dayOf(Date.now());
    const p = comparisonPeriod('seven-days', today);
    const created = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: 'https://dropping.example.com', target_market: 'UK', type: 'MONEY' },
    });
    const id = created.body.data.id;
    await t.db.query(`UPDATE websites SET status = 'LIVE' WHERE id = $1`, [id]);
    const days = [...daysOf(p.previous), ...daysOf(p.window)];
    // Clicks halve in the window; sessions hold steady.
    for (const d of days) {
      const inWindow = d >= p.window.start;
      await t.db.query(
        'INSERT INTO gsc_daily (website_id, day, clicks, impressions) VALUES ($1, $2, $3, 1000)',
        [id, dayEpoch(d), inWindow ? 50 : 100],
      );
      await t.db.query('INSERT INTO ga_daily (website_id, day, sessions) VALUES ($1, $2, 400)', [
        id,
        dayEpoch(d),
      ]);
    }
    const domain = await t.db.query<{ id: number }>(
      `INSERT INTO accuranker_domains (accuranker_id, website_id, domain) VALUES (1, $1, 'dropping.example.com') RETURNING id`,
      [id],
    );
    const kw = await t.db.query<{ id: number }>(
      `INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_type, search_volume)
       VALUES ($1, 1, 'best bonus', 2, 5000), ($1, 2, 'steady term', 1, 5000) RETURNING id`,
      [domain.rows[0]!.id],
    );
    await t.db.query(
      `INSERT INTO keyword_ranks (keyword_id, day, rank) VALUES ($1, $3, 4), ($1, $4, 14), ($2, $3, 3), ($2, $4, 2)`,
      [kw.rows[0]!.id, kw.rows[1]!.id, dayEpoch(p.start), dayEpoch(p.end)],
    );
    await t.db.query(
      `INSERT INTO lighthouse_runs (website_id, day, device, performance) VALUES ($1, $2, 'mobile', 35), ($1, $2, 'desktop', 88)`,
      [id, dayEpoch(p.end)],
    );
    const first = await runCommand<{ remaining_jobs: number; job_output: { output: { drops: number } }[] }>(
      t,
      admin,
      'dms',
      'seo:drop-alerts',
    );
    expect(first.job_output[0]!.output.drops).toBe(3);
    const alerts = await t.db.query<{ title: string; message: string }>(
      `SELECT title, message FROM notifications WHERE website_id = $1 AND type = 'ALERT' ORDER BY title`,
      [id],
    );
    expect(alerts.rows.map((a) => a.title)).toEqual([
      'dropping.example.com: 1 keyword left the top 10',
      'dropping.example.com: Lighthouse performance under 50',
      'dropping.example.com: Search Console clicks down 50%',
    ]);
    expect(alerts.rows[0]!.message).toContain('"best bonus" (mobile) 4 → 14');
    expect(alerts.rows[1]!.message).toContain('mobile 35');
    expect(alerts.rows[2]!.message).toContain(
      `fell from ${100 * daysOf(p.previous).length} to ${50 * daysOf(p.window).length}`,
    );
    // The same day again: nothing new.
    await runCommand(t, admin, 'dms', 'seo:drop-alerts');
    const again = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE website_id = $1 AND type = 'ALERT'`,
      [id],
    );
    expect(again.rows[0]!.n).toBe(3);
  });
});

describe.each(DATABASES)('conversions on %s: postbacks and report imports', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let id: number;
  const day = async (d: string) =>
    (
      await t.db.query<{ clicks: number; signups: number; ftd: number }>(
        'SELECT clicks, signups, ftd FROM conversions WHERE website_id = $1 AND day = $2',
        [id, dayEpoch(d)],
      )
    ).rows[0] ?? null;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    const res = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: 'https://converting.example.com', target_market: 'UK', type: 'MONEY' },
    });
    id = res.body.data.id;
  });
  afterAll(() => t?.close());

  it('counts postbacks signed with the site secret, a retried transaction once', async () => {
    const key = await t.call<{ data: { url: string; secret: string } }>({
      method: 'POST',
      url: `/dms/api/v1/websites/${id}/conversion-postback`,
      headers: admin,
    });
    expect(key.status).toBe(200);
    const { secret, url } = key.body.data;
    expect(url).toContain(`/dms/api/v1/conversions/postback/${id}?secret=${secret}&event={event}`);
    const stored = await t.db.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM conversion_postback_keys WHERE website_id = $1',
      [id],
    );
    expect(stored.rows[0]!.secret_hash).not.toContain(secret);
    const post = (q: string) =>
      t.call<{ ok?: boolean; counted?: boolean }>({
        method: 'GET',
        url: `/dms/api/v1/conversions/postback/${id}?${q}`,
      });
    const d = '2026-10-01';
    expect((await post(`secret=${secret}&event=signup&date=${d}&txid=A1`)).body).toEqual({
      ok: true,
      counted: true,
    });
    expect((await post(`secret=${secret}&event=signup&date=${d}&txid=A1`)).body).toEqual({
      ok: true,
      counted: false,
    });
    expect((await post(`secret=${secret}&event=click&date=${d}&count=40`)).body.counted).toBe(true);
    expect((await post(`secret=${secret}&event=ftd&date=${d}&txid=A1`)).body.counted).toBe(true);
    expect(await day(d)).toEqual({ clicks: 40, signups: 1, ftd: 1 });
    // A wrong secret, another site, a bad event: refused, nothing counted.
    expect((await post(`secret=${'x'.repeat(32)}&event=click&date=${d}`)).status).toBe(404);
    const other = await t.call({
      method: 'GET',
      url: `/dms/api/v1/conversions/postback/${id + 1000}?secret=${secret}&event=click&date=${d}`,
    });
    expect(other.status).toBe(404);
    expect((await post(`secret=${secret}&event=deposit&date=${d}`)).status).toBe(400);
    expect(await day(d)).toEqual({ clicks: 40, signups: 1, ftd: 1 });
    // A new URL retires the old secret.
    await t.call({ method: 'POST', url: `/dms/api/v1/websites/${id}/conversion-postback`, headers: admin });
    expect((await post(`secret=${secret}&event=click&date=${d}`)).status).toBe(404);
    const nobody = await t.as('NOTHING');
    const refused = await t.call({
      method: 'POST',
      url: `/dms/api/v1/websites/${id}/conversion-postback`,
      headers: nobody,
    });
    expect(refused.status).toBe(403);
  });

  it('imports a report with the chosen columns, replacing its days, refusing a bad file whole', async () => {
    const importCsv = (csv: string, columns: Record<string, string>, date_format?: string) =>
      t.call<{ data: { days: number; rows: number; from: string }; error?: { fields: { csv: string } } }>({
        method: 'POST',
        url: `/dms/api/v1/websites/${id}/conversions/import`,
        headers: admin,
        payload: { csv, columns, ...(date_format ? { date_format } : {}) },
      });
    const bad = await importCsv('Day,Clicks\n2026-09-01,10\n2026-09-31,4\n', {
      date: 'Day',
      clicks: 'Clicks',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error!.fields.csv).toBe('line 3: "2026-09-31" is not a date (YYYY-MM-DD)');
    expect(await day('2026-09-01')).toBeNull();

    const ok = await importCsv(
      'Date;Campaign;Clicks;Regs;FTDs\n01/09/2026;a;10;2;1\n01/09/2026;b;5;1;0\n02/09/2026;a;7;0;1\n',
      { date: 'Date', clicks: 'Clicks', signups: 'Regs', ftd: 'FTDs' },
      'DD/MM/YYYY',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ days: 2, rows: 3, from: '2026-09-01', to: '2026-09-02' });
    expect(await day('2026-09-01')).toEqual({ clicks: 15, signups: 3, ftd: 1 });
    // A clicks-only report replaces the clicks and keeps the rest.
    await importCsv('Date,Clicks\n2026-09-01,99\n', { date: 'Date', clicks: 'Clicks' });
    expect(await day('2026-09-01')).toEqual({ clicks: 99, signups: 3, ftd: 1 });
  });
});

describe.each(DATABASES)('analytics requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('counts a known site’s pages by host and path, keeping no query string, refusing other hosts', async () => {
    const admin = await t.as('ADMIN');
    await t.call({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: 'https://reqs.example.com', target_market: 'UK', type: 'MONEY' },
    });
    const collect = (href: string) =>
      t.call<{ ok?: boolean }>({
        method: 'GET',
        url: `/analytics/api/v1/requests/collect?href=${encodeURIComponent(href)}`,
      });
    for (const href of [
      'https://reqs.example.com/guides/bonus?utm_source=mail&email=someone@example.com',
      'https://reqs.example.com/guides/bonus',
      'https://reqs.example.com/',
    ])
      expect((await collect(href)).body).toEqual({ ok: true });
    expect((await collect('https://elsewhere.example.org/page')).status).toBe(404);
    expect((await collect('javascript:alert(1)')).status).toBe(422);
    const list = await t.call<{ data: { id: number; hostname: string; count: number }[] }>({
      method: 'GET',
      url: '/analytics/api/v1/requests',
      headers: admin,
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ hostname: 'reqs.example.com', count: 3 });
    const byPath = await t.call<{ data: { paths: { path: string; count: number }[] } }>({
      method: 'GET',
      url: `/analytics/api/v1/requests/show-by-href/${list.body.data[0]!.id}`,
      headers: admin,
    });
    expect(byPath.body.data.paths.map((p) => [p.path, p.count])).toEqual([
      ['/guides/bonus', 2],
      ['/', 1],
    ]);
    const stored = await t.db.query<{ path: string }>('SELECT path FROM analytics_paths');
    expect(stored.rows.every((r) => !r.path.includes('email'))).toBe(true);
    const nobody = await t.as('NOTHING');
    const refused = await t.call({
      method: 'GET',
      url: `/analytics/api/v1/requests/show-by-href/${list.body.data[0]!.id}`,
      headers: nobody,
    });
    expect(refused.status).toBe(403);
  });
});
