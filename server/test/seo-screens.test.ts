import { addDays, dayEpoch, dayOf } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Body = Record<string, unknown>;
interface List {
  data: Body[];
  meta: { total: number };
}

/**
 * The SEO data's resources (issue 17) through the generic calls on figures written here: lists, filters,
 * sorts and show pages read what was stored, the read-only ones refuse writes, a GA property links to one
 * site only, and an AccuRanker domain's History tab averages its keywords' ranks per day.
 */
describe.each(DATABASES)('SEO screens on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let money: number;
  let other: number;
  let domain: number;
  const today = dayOf(Date.now());
  const day = (n: number) => dayEpoch(addDays(today, -n));
  const filter = (f: Body) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
  const call = <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Body,
    headers = admin,
  ) => t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });

  async function website(name: string, type: string): Promise<number> {
    const res = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
      url: `https://${name}.example.com`,
      target_market: 'UK',
      type,
    });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    money = await website('seo-money', 'MONEY');
    other = await website('seo-other', 'MONEY');
    for (const [site, base] of [
      [money, 40],
      [other, 20],
    ] as const) {
      for (let n = 1; n <= 3; n++) {
        await t.db.query(
          `INSERT INTO ahrefs_metrics (website_id, day, domain_rating, live, all_time, live_refdomains,
             all_time_refdomains, org_keywords, org_keywords_1_3, org_traffic, org_cost, paid_keywords, paid_traffic,
             paid_cost, paid_pages)
           VALUES ($1, $2, $3, $4, $4 + 50, $5, $5 + 5, 300 + $6, 12, 1000 * $6, 123.45, 0, 0, 0, 0)`,
          [site, day(n), base + 0.5 - n, 1000 - n, 100 - n, base - n],
        );
        await t.db.query(
          `INSERT INTO conversions (website_id, day, clicks, signups, ftd) VALUES ($1, $2, $3, $4, $5)`,
          [site, day(n), base + n, n, n % 2],
        );
        for (const device of ['desktop', 'mobile']) {
          await t.db.query(
            `INSERT INTO lighthouse_runs (website_id, day, device, performance, accessibility, seo, best_practices,
               final_url, lighthouse_version)
             VALUES ($1, $2, $3, $4, 90, 95, 88, 'https://seo.example.com/', '12.1.0')`,
            [site, day(n), device, device === 'mobile' ? base + n : base + 30 + n],
          );
        }
      }
    }
    await t.db.query(
      `INSERT INTO ga_properties (name, display_name, parent, account_id, kind)
       VALUES ('properties/111', 'Money GA4', 'accounts/9', '9', 'analyticsAdmin#propertySummary'),
              ('properties/222', 'Other GA4', 'accounts/9', '9', 'analyticsAdmin#propertySummary')`,
    );
    const d = await t.db.query<{ id: string }>(
      `INSERT INTO accuranker_domains (accuranker_id, website_id, domain, display_name, last_scraped)
       VALUES (501, $1, 'seo-money.example.com', 'Money', $2) RETURNING id`,
      [money, day(1)],
    );
    domain = Number(d.rows[0]!.id);
    // Three keywords: ranks 3 and 15 two days ago, 2, 8 and unranked yesterday.
    const k = await t.db.query<{ id: string }>(
      `INSERT INTO accuranker_keywords (domain_id, accuranker_id, keyword, search_engine, search_type, search_volume)
       VALUES ($1, 1, 'best casino', 'Google', 1, 5400), ($1, 2, 'casino bonus', 'Google', 2, 2900),
              ($1, 3, 'free spins', 'Bing', 1, 880) RETURNING id`,
      [domain],
    );
    const [a, b, c] = k.rows.map((r) => Number(r.id));
    await t.db.query(
      `INSERT INTO keyword_ranks (keyword_id, day, rank) VALUES
         ($1, $4, 3), ($2, $4, 15), ($1, $5, 2), ($2, $5, 8), ($3, $5, NULL), ($1, $6, 1)`,
      [a, b, c, day(2), day(1), day(200)],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists Ahrefs metrics by website and day range, newest first, with every SPEC figure on show', async () => {
    const all = await call<List>('GET', '/dms/api/v1/ahrefs-metrics');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(6);
    expect(all.body.data[0]!.day).toBe(day(1));
    const res = await call<List>(
      'GET',
      `/dms/api/v1/ahrefs-metrics?${filter({ website_id: money, day: { min: day(2) } })}&sortBy=domain_rating&sortOrder=ASC`,
    );
    expect(res.body.data.map((r) => [r.day, r.domain_rating, r.website_hostname])).toEqual([
      [day(2), 38.5, 'seo-money.example.com'],
      [day(1), 39.5, 'seo-money.example.com'],
    ]);
    const one = await call<{ data: Body }>(
      'GET',
      `/dms/api/v1/ahrefs-metrics/${String(res.body.data[0]!.id)}`,
    );
    expect(one.body.data).toMatchObject({
      live: 998,
      all_time: 1048,
      live_refdomains: 98,
      all_time_refdomains: 103,
      org_keywords: 338,
      org_keywords_1_3: 12,
      org_traffic: 38000,
      org_cost: 123.45,
      paid_pages: 0,
    });
    expect(
      (await call('POST', '/dms/api/v1/ahrefs-metrics', { website_id: money, day: day(0) })).status,
    ).toBe(404);
  });

  it('lists Lighthouse runs per device and sorts by score', async () => {
    const res = await call<List>(
      'GET',
      `/dms/api/v1/lighthouse-metrics?${filter({ website_id: money, device: 'mobile' })}&sortBy=performance&sortOrder=DESC`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.performance)).toEqual([43, 42, 41]);
    expect(res.body.data[0]).toMatchObject({ seo: 95, best_practices: 88, lighthouse_version: '12.1.0' });
    const bad = await call('GET', `/dms/api/v1/lighthouse-metrics?${filter({ device: 'tablet' })}`);
    expect(bad.status).toBe(400);
  });

  it('lists earnings (the conversions) by site and day', async () => {
    const res = await call<List>(
      'GET',
      `/dms/api/v1/earnings?${filter({ website_id: other })}&sortBy=clicks&sortOrder=ASC`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => [r.clicks, r.signups, r.ftd])).toEqual([
      [21, 1, 1],
      [22, 2, 0],
      [23, 3, 1],
    ]);
    expect(typeof res.body.data[0]!.id).toBe('number');
    const id = String(res.body.data[0]!.id);
    expect((await call('DELETE', `/dms/api/v1/earnings/${id}`)).status).toBe(404);
  });

  it('links a GA property to one money site, and nothing else of it', async () => {
    const list = await call<List>('GET', `/dms/api/v1/ga-properties?${filter({ display_name: 'Money' })}`);
    const prop = list.body.data[0]!;
    expect(prop).toMatchObject({ name: 'properties/111', parent: 'accounts/9', website_id: null });
    const url = `/dms/api/v1/ga-properties/${String(prop.id)}`;
    const linked = await call<{ data: Body }>('PUT', url, { website_id: money, version: prop.version });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ website_id: money, website_hostname: 'seo-money.example.com' });
    // The import keeps the rest: a read-only field sent with the form is ignored.
    const renamed = await call<{ data: Body }>('PUT', url, { display_name: 'Renamed', version: 2 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ display_name: 'Money GA4', website_id: money, version: 3 });
    const second = (await call<List>('GET', `/dms/api/v1/ga-properties?${filter({ name: '222' })}`)).body
      .data[0]!;
    const taken = await call('PUT', `/dms/api/v1/ga-properties/${String(second.id)}`, {
      website_id: money,
      version: second.version,
    });
    expect(taken.status).toBe(409);
    // Only a money site: a link site is refused by field, and nothing changes.
    const linkSite = await website('seo-link', 'LINK');
    const refused = await call<{ error: { fields: Body } }>(
      'PUT',
      `/dms/api/v1/ga-properties/${String(second.id)}`,
      {
        website_id: linkSite,
        version: second.version,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ website_id: 'Pick a money site' });
    expect(
      (await call<{ data: Body }>('GET', `/dms/api/v1/ga-properties/${String(second.id)}`)).body.data,
    ).toMatchObject({ website_id: null, version: second.version });
    expect((await call('POST', '/dms/api/v1/ga-properties', { website_id: other })).status).toBe(404);
  });

  it("shows an AccuRanker domain's keywords with their latest rank and device", async () => {
    const d = await call<{ data: Body }>('GET', `/dms/api/v1/accuranker-domains/${domain}`);
    expect(d.body.data).toMatchObject({
      domain: 'seo-money.example.com',
      keyword_count: 3,
      website_id: money,
    });
    const res = await call<List>(
      'GET',
      `/dms/api/v1/accuranker-keywords?${filter({ domain_id: domain })}&sortBy=search_volume&sortOrder=DESC`,
    );
    expect(res.body.data.map((r) => [r.keyword, r.device, r.search_engine, r.latest_rank])).toEqual([
      ['best casino', 'Desktop', 'Google', 2],
      ['casino bonus', 'Mobile', 'Google', 8],
      ['free spins', 'Desktop', 'Bing', null],
    ]);
    const relinked = await call<{ data: Body }>('PUT', `/dms/api/v1/accuranker-domains/${domain}`, {
      website_id: other,
      domain: 'x.example.com',
      version: 1,
    });
    expect(relinked.body.data).toMatchObject({ website_id: other, domain: 'seo-money.example.com' });
    const keyword = await call('PUT', `/dms/api/v1/accuranker-keywords/${String(res.body.data[0]!.id)}`, {
      keyword: 'x',
      version: 1,
    });
    expect(keyword.status).toBe(404);
  });

  it("answers an AccuRanker domain's rank history over the last 90 days", async () => {
    const res = await call<{ data: Body[] }>('GET', `/dms/api/v1/accuranker-domains/${domain}/history`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { date: addDays(today, -2), average_rank: 9, top10: 1, checked: 2 },
      { date: addDays(today, -1), average_rank: 5, top10: 2, checked: 3 },
    ]);
    const year = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/accuranker-domains/${domain}/history?days=365`,
    );
    expect(year.body.data).toHaveLength(3);
    expect((await call('GET', '/dms/api/v1/accuranker-domains/99999999/history')).status).toBe(404);
    expect((await call('GET', `/dms/api/v1/accuranker-domains/${domain}/history?days=0`)).status).toBe(400);
    const nobody = await t.as('NOTHING');
    expect(
      (await call('GET', `/dms/api/v1/accuranker-domains/${domain}/history`, undefined, nobody)).status,
    ).toBe(403);
  });
});
