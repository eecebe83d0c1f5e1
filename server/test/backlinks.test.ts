import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseDisavowFile } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLedgerLink,
  ledgerLink,
  recordCheck,
  recordChecks,
} from '../src/services/dms/backlinks/checks.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { LAB_NETWORK, startRdapServer, type LocalRdapServer } from './integrations/rdap-server.js';

type Body = Record<string, unknown>;
const DAY = 86_400;

/**
 * The bought-backlink ledger (issue 18): the SPEC §4 form rules held by the server, link checks against
 * pages this test serves (evidence kept, a change raising one warning, IGNORE, a captcha never counted as a
 * lost link, a link lost in its paid period alerting its website until it is back), the bulk check command.
 */
describe.each(DATABASES)('external backlinks on %s', (kind) => {
  let t: TestApp;
  let site: LocalHttpServer;
  let rdap: LocalRdapServer;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let websiteId: number;
  /** What the publisher's page serves now: its HTML, or a status with a body. */
  let page: { status: number; body: string; headers?: Record<string, string> };
  const target = 'https://bonus-guide.example/casino-bonuses/';
  const withLink = (rel = '', anchor = 'best casino bonuses') =>
    `<html><head><title>Top picks</title></head><body><p>Our pick this month is
     <a href="${target}"${rel ? ` rel="${rel}"` : ''}>${anchor}</a>, tested for two weeks.</p></body></html>`;
  const call = <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Body,
    headers = admin,
  ) => t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    page = { status: 200, body: withLink() };
    site = await startHttpServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nDisallow: /private/\n');
        return;
      }
      res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
      res.end(page.body);
    });
    // The registry of the pages' address (loopback, looked up as outbound private addresses are allowed).
    rdap = await startRdapServer({ deadOrigin: site.origin });
    t = await createTestApp(kind, {
      outboundAllowPrivate: true,
      rdapBootstrapUrl: `${rdap.origin}/iana/dns.json`,
    });
    admin = await t.as('ADMIN');
    viewer = await t.as('VIEWER');
    const w = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
      url: 'https://bonus-guide.example',
      target_market: 'UK',
      type: 'MONEY',
    });
    websiteId = w.body.data.id;
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
    await rdap?.close();
  });

  const create = (body: Body) =>
    call<{ data: Body; error?: { fields: Body } }>('POST', '/dms/api/v1/external-backlinks', body);
  const bought = (extra: Body = {}) => ({
    backlink: `${site.origin}/blog/top-picks/`,
    url: target,
    anchor: 'best casino bonuses',
    rel_attribute: 'follow',
    price: 250,
    currency: 'GBP',
    start_date: 1_790_000_000 - (1_790_000_000 % DAY),
    duration: 365,
    contact: { name: 'Lena Fischer', email: 'Lena@Example.com', im: 'skype: lena' },
    ...extra,
  });

  it('holds the form rules: end date from start and duration, permanent and self-created links', async () => {
    const paid = await create(bought());
    expect(paid.status).toBe(201);
    const start = Number(paid.body.data.start_date);
    expect(paid.body.data).toMatchObject({
      end_date: start + 365 * DAY,
      website_id: websiteId,
      contact: { name: 'Lena Fischer', email: 'lena@example.com', im: 'skype: lena' },
      status: null,
    });
    const permanent = await create(bought({ permanent: true, duration: 90 }));
    expect(permanent.body.data).toMatchObject({ permanent: true, duration: null, end_date: null });
    const own = await create(bought({ self_created: true, permanent: true, price: null, currency: null }));
    expect(own.body.data).toMatchObject({ self_created: true, contact: null });
    const fields = async (body: Body) => {
      const res = await create(body);
      expect(res.status).toBe(422);
      return res.body.error!.fields;
    };
    expect(await fields(bought({ start_date: null, duration: null }))).toEqual({
      start_date: 'Enter when the paid period starts',
      duration: 'Enter how many days the link is paid for',
    });
    expect(await fields(bought({ currency: null }))).toEqual({ currency: 'Pick the currency of the price' });
    expect(await fields(bought({ contact: { phone: '1' } }))).toEqual({
      contact: 'Unknown contact field phone: only name, email and im',
    });
    expect(await fields(bought({ currency: 'XYZ' }))).toHaveProperty('currency');
    // Editing: marking it permanent drops the period.
    const upd = await call<{ data: Body }>(
      'PUT',
      `/dms/api/v1/external-backlinks/${String(paid.body.data.id)}`,
      {
        permanent: true,
        version: 1,
      },
    );
    expect(upd.body.data).toMatchObject({ permanent: true, duration: null, end_date: null, version: 2 });
  });

  it('checks a link, keeps the evidence, warns once on a change and lets staff ignore it', async () => {
    const link = await create(bought({ start_date: Math.floor(Date.now() / 1000) - 10 * DAY }));
    const id = Number(link.body.data.id);
    const check = () =>
      call<{ data: { check: Body & { evidence: Body }; has_captcha: boolean; warning_id: number | null } }>(
        'PUT',
        `/dms/api/v1/external-backlinks/check/${id}`,
      );
    page = { status: 200, body: withLink() };
    const ok = await check();
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ has_captcha: false, warning_id: null, check: { status: 'ok' } });
    expect(ok.body.data.check.evidence).toMatchObject({
      http_status: 200,
      link_found: true,
      found_anchor: 'best casino bonuses',
      robots_allowed: true,
    });
    expect(String(ok.body.data.check.evidence.snippet)).toContain('best casino bonuses');
    // The page's host: the address that answered and its network (Ahrefs is not configured here).
    expect(ok.body.data.check.evidence.ip).toBe('127.0.0.1');
    expect(
      (await call<{ data: Body }>('GET', `/dms/api/v1/external-backlinks/${id}`)).body.data,
    ).toMatchObject({
      ip_info: { ip: '127.0.0.1', country: LAB_NETWORK.country, org: LAB_NETWORK.org },
      domain_rating: null,
      referring_domains: null,
    });

    page = { status: 200, body: withLink('nofollow') };
    const changed = await check();
    expect(changed.body.data.check.status).toBe('wrong_rel');
    const warningId = changed.body.data.warning_id;
    expect(warningId).toEqual(expect.any(Number));
    // The same again: no second warning.
    expect((await check()).body.data.warning_id).toBeNull();
    const got = await call<{ data: Body }>('GET', `/dms/api/v1/external-backlinks/${id}`);
    expect(got.body.data).toMatchObject({ status: 'wrong_rel', open_warnings: 1 });
    const history = await call<{ data: Body[] }>('GET', `/dms/api/v1/external-backlinks/${id}/checks`);
    expect(history.body.data.map((c) => c.status)).toEqual(['wrong_rel', 'wrong_rel', 'ok']);

    expect(
      (
        await call(
          'PUT',
          `/dms/api/v1/external-backlink-status/ignore-warning/${warningId}`,
          undefined,
          viewer,
        )
      ).status,
    ).toBe(403);
    // The warning as its list shows it: what changed, row by row.
    const listed = await call<{ data: Array<Body & { data: { rows: Body[] } }> }>(
      'GET',
      `/dms/api/v1/external-backlink-status?filter=${encodeURIComponent(JSON.stringify({ external_backlink_id: id }))}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((w) => w.id)).toEqual([warningId]);
    expect(listed.body.data[0]!.data.rows[0]).toMatchObject({ field: expect.any(String) });
    const ignored = await call<{ data: Body }>(
      'PUT',
      `/dms/api/v1/external-backlink-status/ignore-warning/${warningId}`,
    );
    expect(ignored.status).toBe(200);
    expect(ignored.body.data.ignored_at).toEqual(expect.any(Number));
    expect(
      (await call<{ data: Body }>('GET', `/dms/api/v1/external-backlinks/${id}`)).body.data.open_warnings,
    ).toBe(0);
    // A warning of no backlink cannot be ignored.
    const orphan = await t.db.query<{ id: number }>(
      `INSERT INTO external_backlink_status (message) VALUES ('Provider list changed') RETURNING id`,
    );
    const refused = await call(
      'PUT',
      `/dms/api/v1/external-backlink-status/ignore-warning/${orphan.rows[0]!.id}`,
    );
    expect(refused.status).toBe(422);
    expect((await call('PUT', `/dms/api/v1/external-backlinks/check/${id}`, undefined, viewer)).status).toBe(
      403,
    );
  });

  it('never counts a captcha as lost; a link lost in its paid period alerts its website until it is back', async () => {
    const link = await create(bought({ start_date: Math.floor(Date.now() / 1000) - 10 * DAY }));
    const id = Number(link.body.data.id);
    const check = () =>
      call<{ data: { check: Body; has_captcha: boolean } }>(
        'PUT',
        `/dms/api/v1/external-backlinks/check/${id}`,
      );
    const openAlerts = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM notifications WHERE website_id = $1 AND resolved = 'no' AND title = 'A bought backlink is lost'`,
            [websiteId],
          )
        ).rows[0]!.n,
      );
    page = { status: 200, body: withLink() };
    await check();
    page = {
      status: 403,
      body: '<html><head><title>Just a moment...</title></head><body><div id="cf-chl-widget"></div></body></html>',
      headers: { 'cf-mitigated': 'challenge' },
    };
    const captcha = await check();
    expect(captcha.body.data).toMatchObject({ has_captcha: true, check: { status: 'unverifiable' } });
    expect(await openAlerts()).toBe(0);

    page = { status: 404, body: 'Not Found' };
    expect((await check()).body.data.check.status).toBe('page_gone');
    expect(await openAlerts()).toBe(1);
    // Still gone: the one alert stays the only one.
    await check();
    expect(await openAlerts()).toBe(1);
    page = { status: 200, body: withLink() };
    expect((await check()).body.data.check.status).toBe('ok');
    expect(await openAlerts()).toBe(0);
  });

  it('checks the selected links in one run, a unit per link', async () => {
    await t.deps.jobs.startWorkers();
    const a = await create(bought({ backlink: `${site.origin}/blog/a/` }));
    const b = await create(bought({ backlink: `${site.origin}/private/b/` }));
    page = { status: 200, body: withLink() };
    const run = await runCommand<{ remaining_jobs: number; success_count: number; failed_count: number }>(
      t,
      admin,
      'dms',
      'backlinks:check',
      { ids: `${String(a.body.data.id)}, ${String(b.body.data.id)}` },
    );
    expect(run).toMatchObject({ remaining_jobs: 0, success_count: 1, failed_count: 1 });
    const statuses = await t.db.query<{ id: number; status: string }>(
      'SELECT id, status FROM external_backlinks WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[a.body.data.id, b.body.data.id]],
    );
    expect(statuses.rows.map((r) => r.status)).toEqual(['ok', 'blocked_by_robots']);
  });

  it('refuses to record a check made against values the link no longer has', async () => {
    const made = await create(bought({ backlink: `${site.origin}/blog/edited/` }));
    const id = Number(made.body.data.id);
    page = { status: 200, body: withLink() };
    const planned = (await ledgerLink(t.db, id))!;
    const result = await checkLedgerLink(t.deps, planned);
    expect(result.status).toBe('ok');
    // Staff change the bought anchor while the page is being read (a bulk run planned the row before).
    const edit = await call('PUT', `/dms/api/v1/external-backlinks/${id}`, {
      ...made.body.data,
      anchor: 'casino bonus codes',
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await expect(t.db.transaction((tx) => recordCheck(tx, planned, result))).rejects.toThrow(
      /edited during its check \(anchor\)/,
    );
    const checks = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM external_backlink_checks WHERE external_backlink_id = $1',
      [id],
    );
    expect(checks.rows[0]!.n).toBe(0);
    // Read again, the check records, and the next one compares with it.
    const fresh = (await ledgerLink(t.db, id))!;
    const again = await checkLedgerLink(t.deps, fresh);
    expect(again.status).toBe('wrong_anchor');
    const first = await t.db.transaction((tx) => recordCheck(tx, fresh, again));
    expect(first.warningId).not.toBeNull();
    const second = await t.db.transaction((tx) => recordCheck(tx, fresh, again));
    expect(second.warningId).toBeNull();
  });

  it('records a group of checks in one go, refusing only the edited and the deleted link', async () => {
    page = { status: 200, body: withLink() };
    const ids: number[] = [];
    for (const path of ['one', 'two', 'three']) {
      const made = await create(bought({ backlink: `${site.origin}/blog/group-${path}/` }));
      ids.push(Number(made.body.data.id));
    }
    const planned = await Promise.all(ids.map(async (id) => (await ledgerLink(t.db, id))!));
    const results = await Promise.all(planned.map((link) => checkLedgerLink(t.deps, link)));
    const edited = await call<{ data: Body }>('GET', `/dms/api/v1/external-backlinks/${ids[1]}`);
    expect(
      (
        await call('PUT', `/dms/api/v1/external-backlinks/${ids[1]}`, {
          ...edited.body.data,
          anchor: 'other words',
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', `/dms/api/v1/external-backlinks/${ids[2]}`)).status).toBe(200);
    // The first link twice: both checks are recorded, the second compared with the first.
    const checks = [0, 1, 2, 0].map((i) => ({ link: planned[i]!, result: results[i]! }));
    const done = await t.db.transaction((tx) => recordChecks(tx, checks));
    expect(done[0]).toMatchObject({ id: expect.any(Number) });
    expect(done[1]).toEqual({ refused: 'The backlink was edited during its check (anchor); check it again' });
    expect(done[2]).toEqual({ refused: `The backlink ${ids[2]} was deleted during its check` });
    expect(done[3]).toMatchObject({ id: expect.any(Number), warningId: null });
    const written = await t.db.query<{ external_backlink_id: number; n: number }>(
      `SELECT external_backlink_id, count(*)::int AS n FROM external_backlink_checks
        WHERE external_backlink_id = ANY($1::bigint[]) GROUP BY 1 ORDER BY 1`,
      [ids],
    );
    expect(written.rows.map((r) => [Number(r.external_backlink_id), r.n])).toEqual([[ids[0], 2]]);
    const status = await t.db.query<{ status: string | null }>(
      'SELECT status FROM external_backlinks WHERE id = $1',
      [ids[1]],
    );
    expect(status.rows[0]!.status).not.toBe('ok');
  });

  it("keeps a disavow list per website, answers is-disavowed and exports it in Google's format", async () => {
    const add = (body: Body) =>
      call<{ data: Body; error?: { fields: Body } }>('POST', '/dms/api/v1/disavowed-domains', body);
    const domain = await add({
      value: 'https://www.Spam-Links.example/some/path',
      type: 'domain',
      website_id: websiteId,
    });
    expect(domain.status).toBe(201);
    expect(domain.body.data.value).toBe('spam-links.example');
    const url = await add({ value: 'https://Bad.example/page?id=2#top', type: 'url', website_id: websiteId });
    expect(url.body.data.value).toBe('https://bad.example/page?id=2');
    expect((await add({ value: 'spam-links.example', type: 'domain', website_id: websiteId })).status).toBe(
      409,
    );
    expect(
      (await add({ value: 'not a domain', type: 'domain', website_id: websiteId })).body.error!.fields,
    ).toEqual({
      value: 'Enter a domain name (example.com)',
    });
    expect((await add({ value: 'bad.example', type: 'domain' })).body.error!.fields).toEqual({
      website_id: 'Required',
    });

    const ask = (value: string) =>
      call<{ data: { domains: Body[]; urls: Body[] } }>(
        'GET',
        `/dms/api/v1/disavowed-domains/is-disavowed?value=${encodeURIComponent(value)}`,
      );
    expect((await ask('https://blog.spam-links.example/post-1')).body.data).toEqual({
      domains: [{ id: domain.body.data.id, website_id: websiteId }],
      urls: [],
    });
    expect((await ask('https://bad.example/page?id=2')).body.data).toEqual({
      domains: [],
      urls: [{ id: url.body.data.id, website_id: websiteId }],
    });
    expect((await ask('clean.example')).body.data).toEqual({ domains: [], urls: [] });

    const file = await t.app.inject({
      method: 'GET',
      url: `/dms/api/v1/websites/${websiteId}/disavow.txt`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="disavow-bonus-guide.example.txt"',
    );
    expect(parseDisavowFile(file.body)).toEqual({
      entries: [
        { type: 'domain', value: 'spam-links.example' },
        { type: 'url', value: 'https://bad.example/page?id=2' },
      ],
      invalid: [],
    });
  });

  it('recounts the anti-text diversity list whenever a link is written or deleted', async () => {
    const site = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
      url: 'https://anchors-site.example',
      target_market: 'UK',
      type: 'MONEY',
    });
    const add = (anchor: string) =>
      create(
        bought({
          url: 'https://anchors-site.example/',
          anchor,
          website_id: site.body.data.id,
          permanent: true,
        }),
      );
    const a = await add('Best Casino Bonuses');
    await add('casino bonuses UK');
    await add('click here');
    const stats = async () =>
      Object.fromEntries(
        (
          await call<{
            data: Array<{ word: string; count: number; total_links: number; percentage: number }>;
          }>(
            'GET',
            `/dms/api/v1/anchor-word-stats?perPage=100&filter=${encodeURIComponent(JSON.stringify({ website_id: site.body.data.id }))}`,
          )
        ).body.data.map((s) => [s.word, [s.count, s.total_links, Number(s.percentage)]]),
      );
    expect(await stats()).toMatchObject({
      casino: [2, 3, 66.67],
      bonuses: [2, 3, 66.67],
      best: [1, 3, 33.33],
      here: [1, 3, 33.33],
    });
    await call('PUT', `/dms/api/v1/external-backlinks/${String(a.body.data.id)}`, {
      anchor: 'slots guide',
      version: 1,
    });
    expect(await stats()).toMatchObject({ casino: [1, 3, 33.33], slots: [1, 3, 33.33] });
    expect((await stats()).best).toBeUndefined();
    await call('DELETE', `/dms/api/v1/external-backlinks/${String(a.body.data.id)}`);
    expect(await stats()).toMatchObject({ casino: [1, 2, 50] });
    expect((await stats()).slots).toBeUndefined();
  });

  it("sums each website's bought links in the Link Network Overview, with the domain-count filter", async () => {
    const lone = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
      url: 'https://lone-link.example',
      target_market: 'UK',
      type: 'MONEY',
    });
    await create(
      bought({
        url: 'https://lone-link.example/',
        website_id: lone.body.data.id,
        price: 100,
        currency: 'EUR',
      }),
    );
    const network = async (filter: Body) =>
      (
        await call<{ data: Body[] }>(
          'GET',
          `/dms/api/v1/link-network?perPage=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        )
      ).body.data;
    const all = await network({});
    const main = all.find((r) => r.id === websiteId)!;
    const stored = await t.db.query<{ n: number; ok: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'ok')::int AS ok
         FROM external_backlinks WHERE website_id = $1 AND NOT self_created`,
      [websiteId],
    );
    expect(main).toMatchObject({ backlinks_bought: stored.rows[0]!.n, backlinks_live: stored.rows[0]!.ok });
    expect(all.find((r) => r.id === lone.body.data.id)).toMatchObject({
      backlinks_bought: 1,
      spend_eur: 100,
    });
    const several = await network({ multiple_backlinks: true });
    expect(several.map((r) => r.id)).toContain(websiteId);
    expect(several.map((r) => r.id)).not.toContain(lone.body.data.id);
  });

  it('lists DM links on the website of their URL, once per page and URL', async () => {
    const body = {
      url: 'https://bonus-guide.example/casino-bonuses/',
      source_url: 'https://forum.example/thread/42',
      text: 'this bonus guide',
      status: 'live',
      source: 'search-console',
      publish_date: 1_790_000_000,
    };
    const created = await call<{ data: Body }>('POST', '/dms/api/v1/dm-links', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      website_id: websiteId,
      website_hostname: 'bonus-guide.example',
    });
    expect((await call('POST', '/dms/api/v1/dm-links', body)).status).toBe(409);
  });
});
