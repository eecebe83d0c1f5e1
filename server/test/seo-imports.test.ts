import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, daysOf, dayEpoch } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingDays } from '../src/services/dms/seo/imports.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import {
  ACCURANKER_TOKEN,
  startAccurankerServer,
  type LocalAccurankerServer,
} from './integrations/accuranker-server.js';
import { LAST_DAY, SEED_KEYWORDS, seededRank } from './integrations/accuranker-seed.js';
import { AHREFS_KEY, startAhrefsServer, type LocalAhrefsServer } from './integrations/ahrefs-server.js';
import {
  createTestServiceAccount,
  MISSING_GA4_DAYS,
  MISSING_GSC_DAY,
  PROPERTY,
  startGoogleServer,
  type LocalGoogleServer,
} from './integrations/google-server.js';

interface Run {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output: { key?: string; output: { message: string } }[];
  failed_job_output: { key?: string; output: { message: string } }[];
}

describe('import days', () => {
  it('fills the gap since the last day, 66 days back at most, or the range asked for', () => {
    expect(missingDays(null, '2026-11-25')).toEqual({ from: '2026-09-20', to: '2026-11-24' });
    expect(missingDays('2026-11-20', '2026-11-25')).toEqual({ from: '2026-11-21', to: '2026-11-24' });
    expect(missingDays('2026-11-24', '2026-11-25')).toBeNull();
    expect(missingDays('2025-01-01', '2026-11-25')).toEqual({ from: '2026-09-20', to: '2026-11-24' });
    expect(missingDays('2026-11-24', '2026-11-25', { from: '2026-10-01', until: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});

/**
 * The SEO imports against local servers of AccuRanker, Ahrefs, GA4 and Search Console (their documented
 * endpoints and errors): every site a unit, a refused one failing alone, re-runs writing the same rows,
 * a stopped import resuming without gap, a backfill across AccuRanker's 100-day period cap.
 */
describe.each(DATABASES)('SEO imports on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let accuranker: LocalAccurankerServer;
  let ahrefs: LocalAhrefsServer;
  let google: LocalGoogleServer;
  const ids: Record<string, number> = {};

  const run = (command: string, args: Record<string, unknown> = {}) =>
    runCommand<Run>(t, admin, 'dms', command, args, 60_000);
  const count = async (sql: string, params: unknown[]) =>
    Number((await t.db.query<{ n: number }>(sql, params)).rows[0]!.n);

  beforeAll(async () => {
    accuranker = await startAccurankerServer();
    ahrefs = await startAhrefsServer();
    google = await startGoogleServer();
    const account = createTestServiceAccount(google.tokenUrl);
    google.registerServiceAccount(account);
    t = await createTestApp(kind, {
      outboundAllowPrivate: true,
      jobsRetryDelaySeconds: 0,
      seo: {
        accurankerToken: ACCURANKER_TOKEN,
        accurankerUrl: accuranker.baseUrl,
        ahrefsKey: AHREFS_KEY,
        ahrefsUrl: `${ahrefs.origin}/v3`,
        googleServiceAccount: account.keyJson,
        googleTokenUrl: google.tokenUrl,
        ga4DataUrl: google.dataBaseUrl,
        ga4AdminUrl: google.adminBaseUrl,
        searchConsoleUrl: google.searchConsoleBaseUrl,
        chromePath: '/usr/bin/chromium',
      },
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    for (const host of ['example.com', 'fresh-site.nl']) {
      const res = await t.call<{ data: { id: number } }>({
        method: 'POST',
        url: '/dms/api/v1/websites',
        headers: admin,
        payload: { url: `https://${host}`, target_market: 'UK', type: 'MONEY' },
      });
      ids[host] = res.body.data.id;
    }
    await t.db.query(`UPDATE websites SET status = 'LIVE' WHERE id = ANY($1::bigint[])`, [
      Object.values(ids),
    ]);
    await t.db.query(
      `INSERT INTO ga_properties (name, display_name, website_id) VALUES ($1, 'Example', $2)`,
      [`properties/${PROPERTY.example}`, ids['example.com']],
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([accuranker?.close(), ahrefs?.close(), google?.close()]);
  });

  const ranksOf = (keywordId: number) =>
    count(
      `SELECT count(*)::int AS n FROM keyword_ranks r JOIN accuranker_keywords k ON k.id = r.keyword_id
       WHERE k.accuranker_id = $1`,
      [keywordId],
    );
  /** Days the seed checked a keyword in a range (ranked or not). */
  const seeded = (keywordId: number, from: string, to: string) =>
    daysOf({ start: from, end: to }).filter((d) => seededRank(keywordId, d) !== undefined).length;

  it('backfills ranks across the period cap, links domains to websites, fails a broken domain alone', async () => {
    const r = await run('seo:rankings', { from: '2025-01-01', until: LAST_DAY });
    expect(r.failed_count).toBeGreaterThanOrEqual(1);
    expect(r.failed_job_output.map((j) => j.output.message).join('\n')).toMatch(/rank/i);
    for (const kw of SEED_KEYWORDS.filter((k) => k.domainId === 42))
      expect([kw.id, await ranksOf(kw.id)]).toEqual([kw.id, seeded(kw.id, '2025-01-01', LAST_DAY)]);
    const linked = await t.db.query<{ website_id: number }>(
      'SELECT website_id FROM accuranker_domains WHERE accuranker_id = 42',
    );
    expect(Number(linked.rows[0]!.website_id)).toBe(ids['example.com']);
    // 181 days do not fit one AccuRanker period (100 days): the import asked in windows.
    const periods = accuranker.requests.filter((q) => q.path.includes('/keywords/')).length;
    expect(periods).toBeGreaterThanOrEqual(2);
    // A rank that was not in the top 100 is kept as such.
    const unranked = await count(
      `SELECT count(*)::int AS n FROM keyword_ranks r JOIN accuranker_keywords k ON k.id = r.keyword_id
       WHERE k.accuranker_id = 9002 AND r.rank IS NULL`,
      [],
    );
    expect(unranked).toBeGreaterThan(0);

    // The same range again writes the same rows, no more.
    const before = await count('SELECT count(*)::int AS n FROM keyword_ranks', []);
    await run('seo:rankings', { from: '2025-01-01', until: LAST_DAY });
    expect(await count('SELECT count(*)::int AS n FROM keyword_ranks', [])).toBe(before);
  });

  it('resumes from the last day imported, without gap or duplicate', async () => {
    await t.db.query('DELETE FROM keyword_ranks');
    await run('seo:rankings', { until: '2025-06-10' });
    const first = await ranksOf(9001);
    expect(first).toBe(seeded(9001, addDays('2025-06-10', -65), '2025-06-10'));
    await run('seo:rankings', { until: LAST_DAY });
    expect(await ranksOf(9001)).toBe(seeded(9001, addDays('2025-06-10', -65), LAST_DAY));
    const days = await t.db.query<{ min: number; max: number }>(
      `SELECT min(r.day) AS min, max(r.day) AS max FROM keyword_ranks r JOIN accuranker_keywords k ON k.id = r.keyword_id
       WHERE k.accuranker_id = 9001`,
    );
    expect(Number(days.rows[0]!.max)).toBe(dayEpoch(LAST_DAY));
    expect(Number(days.rows[0]!.min)).toBe(dayEpoch(addDays('2025-06-10', -65)));
  });

  it('imports Ahrefs figures of each money site, the first time with the days before', async () => {
    const r = await run('seo:backlinks', { until: LAST_DAY });
    expect(r.success_count + r.failed_count).toBe(2);
    const example = ids['example.com'];
    const today = await t.db.query<{ domain_rating: string; live: number }>(
      'SELECT domain_rating, live FROM ahrefs_metrics WHERE website_id = $1 AND day = $2',
      [example, dayEpoch(LAST_DAY)],
    );
    expect(today.rows).toHaveLength(1);
    expect(Number(today.rows[0]!.live)).toBeGreaterThan(0);
    expect(
      await count('SELECT count(*)::int AS n FROM ahrefs_metrics WHERE website_id = $1', [example]),
    ).toBeGreaterThan(1);
    const stats = await t.db.query<{ total: number; domains: number; tlds: Record<string, number> }>(
      'SELECT total, domains, tlds FROM backlink_stats WHERE website_id = $1 AND day = $2',
      [example, dayEpoch(LAST_DAY)],
    );
    expect(Object.keys(stats.rows[0]!.tlds).length).toBeGreaterThan(0);
    const links = await count('SELECT count(*)::int AS n FROM backlinks WHERE website_id = $1', [example]);
    expect(links).toBeGreaterThan(3);
    // Again: nothing missing, nothing added.
    const again = await run('seo:backlinks', { until: LAST_DAY });
    expect(again.job_output.map((j) => j.output.message).join('\n')).toMatch(/up to date/);
    expect(await count('SELECT count(*)::int AS n FROM backlinks WHERE website_id = $1', [example])).toBe(
      links,
    );
  });

  it('imports GA4 days of the linked property and Search Console days and pages', async () => {
    const ga = await run('seo:analytics', { until: LAST_DAY });
    expect(ga.failed_count).toBe(0);
    expect(ga.job_output.map((j) => j.output.message).join('\n')).toMatch(/no GA4 property linked/);
    const gaDays = await count('SELECT count(*)::int AS n FROM ga_daily WHERE website_id = $1', [
      ids['example.com'],
    ]);
    // 66 days back from 30 June: 26 April; the property has figures from 1 May, two days missing.
    expect(gaDays).toBe(daysOf({ start: '2025-05-01', end: LAST_DAY }).length - MISSING_GA4_DAYS.length);

    const gsc = await run('seo:search-console', { until: LAST_DAY });
    expect(gsc.success_count).toBeGreaterThanOrEqual(1);
    const gscDays = await count('SELECT count(*)::int AS n FROM gsc_daily WHERE website_id = $1', [
      ids['example.com'],
    ]);
    expect(gscDays).toBe(30 - 1);
    const missing = await count(
      'SELECT count(*)::int AS n FROM gsc_daily WHERE website_id = $1 AND day = $2',
      [ids['example.com'], dayEpoch(MISSING_GSC_DAY)],
    );
    expect(missing).toBe(0);
    expect(
      await count('SELECT count(*)::int AS n FROM gsc_pages WHERE website_id = $1', [ids['example.com']]),
    ).toBeGreaterThan(0);
  });

  it('imports the GA4 properties the account reads, keeping their links', async () => {
    const r = await run('seo:ga-properties');
    expect(r.failed_count).toBe(0);
    const rows = await t.db.query<{ name: string; website_id: number | null; display_name: string }>(
      'SELECT name, website_id, display_name FROM ga_properties ORDER BY name',
    );
    expect(rows.rows.length).toBeGreaterThan(1);
    const linked = rows.rows.find((p) => p.name === `properties/${PROPERTY.example}`)!;
    expect(Number(linked.website_id)).toBe(ids['example.com']);
    expect(linked.display_name).not.toBe('Example');
    await run('seo:ga-properties');
    expect((await t.db.query('SELECT 1 FROM ga_properties')).rows).toHaveLength(rows.rows.length);
  });

  it('refuses a bad range with field errors and starts nothing', async () => {
    for (const args of [
      { from: '2025-13-01' },
      { until: '2999-01-01' },
      { from: '2025-06-02', until: '2025-06-01' },
    ]) {
      const res = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: admin,
        payload: { command: 'seo:backlinks', arguments: args },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.error.fields)[0]).toMatch(/^arguments\./);
    }
  });
});

describe('SEO imports without configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { jobsRetryDelaySeconds: 0 });
    await t.deps.jobs.startWorkers();
  });
  afterAll(() => t?.close());

  it('say which variable to set and import nothing', async () => {
    const admin = await t.as('ADMIN');
    for (const [command, variable] of [
      ['seo:rankings', 'ACCURANKER_API_TOKEN'],
      ['seo:backlinks', 'AHREFS_API_KEY'],
      ['seo:analytics', 'GOOGLE_SERVICE_ACCOUNT'],
      ['seo:search-console', 'GOOGLE_SERVICE_ACCOUNT'],
      ['seo:ga-properties', 'GOOGLE_SERVICE_ACCOUNT'],
    ]) {
      const r = await runCommand<Run>(t, admin, 'dms', command!, {});
      expect(r.failed_count).toBe(1);
      expect(r.failed_job_output[0]!.output.message).toContain(variable!);
    }
  });
});

describe('seo:lighthouse', () => {
  let t: TestApp;
  let page: Server;
  beforeAll(async () => {
    page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
          '<meta name="description" content="A money site"><title>Money site</title></head>' +
          '<body><h1>Best offers</h1><p>Compare the offers.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    t = await createTestApp('pglite', { outboundAllowPrivate: true, jobsRetryDelaySeconds: 0 });
    await t.deps.jobs.startWorkers();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => page?.close(resolve));
  });

  it("scores each money site's home page on desktop and mobile in Chromium", async () => {
    const admin = await t.as('ADMIN');
    const { port } = page.address() as AddressInfo;
    const site = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: `http://127.0.0.1:${port}/`, target_market: 'UK', type: 'MONEY' },
    });
    const id = site.body.data.id;
    await t.db.query(`UPDATE websites SET status = 'LIVE' WHERE id = $1`, [id]);
    const r = await runCommand<Run>(t, admin, 'dms', 'seo:lighthouse', {}, 240_000);
    expect(r.failed_job_output).toEqual([]);
    expect(r.job_output[0]!.output.message).toMatch(
      /desktop performance \d+, SEO \d+; mobile performance \d+/,
    );
    const rows = await t.db.query<{
      device: string;
      performance: number;
      seo: number;
      lighthouse_version: string;
    }>(
      'SELECT device, performance, seo, lighthouse_version FROM lighthouse_runs WHERE website_id = $1 ORDER BY device',
      [id],
    );
    expect(rows.rows.map((x) => x.device)).toEqual(['desktop', 'mobile']);
    for (const row of rows.rows) {
      expect(row.performance).toBeGreaterThanOrEqual(0);
      expect(row.performance).toBeLessThanOrEqual(100);
      expect(row.seo).toBeGreaterThanOrEqual(80);
      expect(row.lighthouse_version).toMatch(/^13\./);
    }
  }, 300_000);
});
