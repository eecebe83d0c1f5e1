import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';
import { startFakeSite, type FakeSite } from './support/static-site-fake.js';
import { filesHolding, readableText } from './support/static-site-compare.js';
import { serveReleases, type ReleaseServer } from './support/static-release-server.js';

/**
 * Static link sites (SPEC §4, issue 19) end to end against a local WordPress-shaped site: convert from the API,
 * the gate, the release served by a static file server and crawled back page by page, a published change, a
 * rollback to the previous release and to WordPress, and a publish the gate stops (a bought link removed, an
 * affiliate redirect changed), with the reasons stored.
 */

interface Run {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output: { output: Record<string, unknown> & { message: string } }[];
  failed_job_output: { output: Record<string, unknown> & { message: string } }[];
}
type Body = Record<string, unknown>;
const PUBLIC = 'https://fake-link.example.com';

describe.each(DATABASES)('static link sites against a local WordPress-shaped site (%s)', (kind) => {
  let t: TestApp;
  let site: FakeSite;
  let admin: Record<string, string>;
  let id: number;
  let moneyId: number;
  let root: string;
  let served: ReleaseServer;
  const siteDir = () => path.join(root, 'fake-link.example.com');

  const get = <T = Body>(url: string) => t.call<T>({ method: 'GET', url, headers: admin });
  const post = <T = Body>(url: string, payload: Body) =>
    t.call<T>({ method: 'POST', url, headers: admin, payload });
  const run = async (op: 'convert-to-static' | 'publish-static' | 'rollback-static', query = '') => {
    const started = await get<{ cron_id: number; cron: { id: number }; success: boolean }>(
      `/dms/api/v1/websites/${op}/${id}${query}`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.cron.id).toBe(started.body.cron_id);
    return waitForRun<Run>(t, admin, 'dms', started.body.cron_id, 120_000);
  };
  const status = async () => (await get<{ data: Body }>(`/dms/api/v1/static-sites/${id}`)).body.data;
  const releases = async () =>
    (
      await get<{ data: Body[] }>(
        `/dms/api/v1/static-releases?sortBy=id&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ website_id: id }))}`,
      )
    ).body.data;
  const fromStatic = (p: string) => fetch(`${served.origin}${p}`, { redirect: 'manual' });
  const hostToPublic = (text: string) =>
    [site.origin, new URL(site.origin).host, new URL(site.origin).hostname].reduce(
      (out, from, i) => out.split(from).join(i === 0 ? PUBLIC : 'fake-link.example.com'),
      text,
    );

  beforeAll(async () => {
    site = await startFakeSite({ posts: 30 });
    root = mkdtempSync(path.join(tmpdir(), 'sitefleet-static-'));
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.0/8'],
      crawlerTimeoutMs: 10_000,
      jobsRetryDelaySeconds: 0,
      staticSitesRoot: root,
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    const created = await post<{ data: { id: number } }>('/dms/api/v1/websites', {
      url: PUBLIC,
      type: 'LINK',
      target_market: 'UK',
    });
    id = created.body.data.id;
    moneyId = (
      await post<{ data: { id: number } }>('/dms/api/v1/websites', {
        url: 'https://money.example.org',
        type: 'MONEY',
        target_market: 'UK',
      })
    ).body.data.id;
    for (const b of site.bought) {
      const r = await post('/dms/api/v1/external-backlinks', {
        backlink: `${PUBLIC}/post-${b.post}/`,
        url: b.url,
        anchor: b.anchor,
        rel_attribute: b.rel,
        website_id: moneyId,
        permanent: true,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    for (const a of site.affiliates) {
      const r = await post('/dms/api/v1/affiliate-links', {
        website_id: id,
        casino_name: a.permalink.split('/')[2]!,
        permalink: a.permalink,
        redirect_to: a.to,
        redirection_type: a.status,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    served = await serveReleases(siteDir());
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    await site?.close();
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses other website types, a rollback of a site on WordPress, a bad origin and a busy site', async () => {
    const money = await get<{ error: { message: string } }>(
      `/dms/api/v1/websites/convert-to-static/${moneyId}`,
    );
    expect(money.status).toBe(409);
    expect(money.body.error.message).toBe(
      'Static mode is for LINK websites only: money.example.org is a MONEY website',
    );
    const rollback = await get<{ error: { message: string } }>(`/dms/api/v1/websites/rollback-static/${id}`);
    expect(rollback.status).toBe(409);
    expect(rollback.body.error.message).toMatch(/served by WordPress: there is nothing to roll back/);
    const publish = await get<{ error: { message: string } }>(`/dms/api/v1/websites/publish-static/${id}`);
    expect(publish.status).toBe(409);
    expect(publish.body.error.message).toMatch(/convert it to static first/);
    const origin = await get<{ error: { fields: Record<string, string> } }>(
      `/dms/api/v1/websites/convert-to-static/${id}?origin=${encodeURIComponent('ftp://example.com/')}`,
    );
    expect(origin.status).toBe(422);
    expect(origin.body.error.fields.origin).toMatch(/http\(s\) address/);
    await t.db.query(
      'INSERT INTO static_sites (website_id, busy_run_id, busy_since) VALUES ($1, 999999, $2)',
      [id, Math.floor(Date.now() / 1000)],
    );
    const busy = await get<{ error: { message: string } }>(`/dms/api/v1/websites/convert-to-static/${id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/run #999999/);
    await t.db.query('UPDATE static_sites SET busy_run_id = NULL, busy_since = NULL WHERE website_id = $1', [
      id,
    ]);
    expect((await status()).static_state).toBe('wordpress');
  });

  it('converts: crawls WordPress, passes the gate and publishes a release that serves every page at its path', async () => {
    const done = await run('convert-to-static', `?origin=${encodeURIComponent(site.origin)}`);
    expect(done.failed_job_output).toEqual([]);
    const output = done.job_output[0]!.output;
    expect(output.message).toMatch(/release \S+ published: \d+ pages/);
    expect(output.gate_passed).toBe(true);

    const s = await status();
    expect(s).toMatchObject({
      static_state: 'static',
      gate: 'passed',
      releases: 1,
      origin_url: `${site.origin}/`,
    });
    expect(s.progress).toMatchObject({ phase: 'done' });
    expect(s.running_run_id).toBeNull();
    const [release] = await releases();
    expect(release).toMatchObject({
      status: 'live',
      operation: 'convert',
      gate_passed: true,
      sitemap_pages: 32,
    });
    expect(readlinkSync(path.join(siteDir(), 'current'))).toBe(`releases/${String(release!.release)}`);

    // Every page of the origin answers at the same path with the same content.
    const paths = site.pagePaths();
    expect(Number(release!.pages)).toBeGreaterThanOrEqual(paths.length);
    for (const p of paths) {
      const [origin, copy] = await Promise.all([fetch(`${site.origin}${p}`), fromStatic(p)]);
      expect(copy.status, p).toBe(200);
      expect(readableText(await copy.text()), p).toBe(readableText(await origin.text(), hostToPublic));
    }
    // Nothing of the origin's host is left, in any text file of the release.
    // (release.json, beside the web root and never served, records where the release was crawled from.)
    const current = path.join(siteDir(), 'current');
    const held = await filesHolding(current, '127.0.0.1');
    expect(held).toEqual(['release.json']);
  }, 120_000);

  it('keeps shortlinks, old slugs and affiliate redirects in the redirect map, feeds as XML, and the files pages use', async () => {
    const short = await fromStatic('/?p=3');
    expect([short.status, short.headers.get('location')]).toEqual([301, '/post-3/']);
    expect((await fromStatic('/old-post-3/')).headers.get('location')).toBe('/post-3/');
    const affiliate = await fromStatic('/go/lucky-spin/');
    expect([affiliate.status, affiliate.headers.get('location')]).toEqual([302, site.affiliates[0]!.to]);
    const feed = await fromStatic('/feed/');
    expect(feed.headers.get('content-type')).toMatch(/xml/);
    expect(await feed.text()).toContain(`<link>${PUBLIC}/post-30/</link>`);
    const sitemap = await (await fromStatic('/wp-sitemap-posts-post-1.xml')).text();
    expect(sitemap).toContain(`<loc>${PUBLIC}/post-1/</loc>`);
    for (const file of [
      '/wp-content/themes/fake/style.css',
      '/wp-content/themes/fake/print.css',
      '/wp-content/themes/fake/fonts/inter.woff2',
      '/wp-content/themes/fake/fonts/inter.woff',
      '/wp-content/themes/fake/img/hero.png',
      '/wp-content/themes/fake/img/paper.png',
      '/wp-content/uploads/2026/01/image-7.png',
      '/wp-content/uploads/2026/01/image-7-300x200.png',
      '/wp-content/uploads/2026/01/badge.png',
      '/wp-includes/js/wp-emoji-release.min.js',
      '/wp-sitemap.xsl',
      '/robots.txt',
    ])
      expect((await fromStatic(file)).status, file).toBe(200);
    const page = await (await fromStatic('/post-7/')).text();
    expect(page).toContain('Comments are closed on this page.');
    expect(page).not.toMatch(/commentform|search-form|xmlrpc|wp-json|replytocom|wp-login|\?ver=/);
    expect(page).toContain(`url=${encodeURIComponent(`${PUBLIC}/post-7/`)}`);
    expect(page).toContain('https&#58;&#47;&#47;fake-link.example.com&#47;post-1&#47;');
    expect(await (await fromStatic('/robots.txt')).text()).toContain(`Sitemap: ${PUBLIC}/wp-sitemap.xml`);
    // What a static copy leaves out was never asked for.
    expect(
      site.requests.filter((r) =>
        /wp-login|xmlrpc|wp-json|replytocom|[?&]s=|wp-admin|wp-comments-post/.test(r),
      ),
    ).toEqual([]);
  });

  it('publishes a change as a new release and keeps the previous one', async () => {
    site.retitle(2, 'A changed title');
    const done = await run('publish-static');
    expect(done.failed_job_output).toEqual([]);
    expect(await (await fromStatic('/post-2/')).text()).toContain('A changed title');
    const list = await releases();
    expect(list.map((r) => [r.operation, r.status])).toEqual([
      ['convert', 'previous'],
      ['publish', 'live'],
    ]);
    expect(Number(list[1]!.switch_ms)).toBeLessThan(100);
    expect(readlinkSync(path.join(siteDir(), 'current'))).toBe(`releases/${String(list[1]!.release)}`);
  }, 120_000);

  it('rolls back to the previous release', async () => {
    const done = await run('rollback-static');
    expect(done.job_output[0]!.output.message).toMatch(/rolled back from \S+ to \S+/);
    expect(await (await fromStatic('/post-2/')).text()).toContain('Post number 2');
    expect((await releases()).map((r) => r.status)).toEqual(['live', 'rolled_back']);
    expect(await status()).toMatchObject({ static_state: 'static', releases: 2 });
  }, 60_000);

  it('stops a publish whose gate fails, storing the reasons, and keeps serving the live release', async () => {
    site.dropBoughtLink(0);
    site.retitle(2, 'Never published');
    const other = await get<{ data: Body[] }>(
      `/dms/api/v1/affiliate-links?filter=${encodeURIComponent(JSON.stringify({ website_id: id }))}`,
    );
    const royal = other.body.data.find((a) => a.permalink === '/go/royal-bet/')!;
    const changed = await t.call({
      method: 'PUT',
      url: `/dms/api/v1/affiliate-links/${String(royal.id)}`,
      headers: admin,
      payload: { redirect_to: 'https://royalbet.example/new-offer', version: royal.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const done = await run('publish-static');
    expect(done.success_count).toBe(0);
    const message = done.failed_job_output[0]!.output.message;
    expect(message).toMatch(/gate failed, nothing published/);
    expect(message).toContain(
      'the bought link to https://money.example.org/best-casino/ ("best casino bonus") is missing from /post-1/',
    );
    expect(message).toContain(
      '/go/royal-bet/ redirects to https://royalbet.example/welcome?ref=sf, not https://royalbet.example/new-offer',
    );

    const list = await releases();
    const rejected = list[list.length - 1]!;
    expect(rejected).toMatchObject({ status: 'rejected', gate_passed: false });
    const gate = rejected.gate as { reasons: string[]; checks: Array<{ check: string; passed: boolean }> };
    expect(gate.checks.filter((c) => !c.passed).map((c) => c.check)).toEqual([
      'bought_links',
      'affiliate_redirects',
    ]);
    expect(gate.reasons.join('\n')).toContain('best casino bonus');
    const s = await status();
    expect(s).toMatchObject({ static_state: 'static', gate: 'failed', releases: 2, rejected: 1 });
    expect((s.gate_result as { reasons: string[] }).reasons).toEqual(gate.reasons);
    expect(await (await fromStatic('/post-2/')).text()).toContain('Post number 2');
    // Nothing of the rejected build is left on disk.
    expect(String(rejected.release)).toMatch(/^\d{8}T\d{6}Z-r\d+$/);
    expect(await fetch(`${served.origin}/post-2/`).then((r) => r.status)).toBe(200);
  }, 120_000);

  it('rolls back to WordPress when no earlier release is left', async () => {
    const done = await run('rollback-static');
    expect(done.job_output[0]!.output.message).toMatch(/rolled back to WordPress/);
    expect(await status()).toMatchObject({ static_state: 'wordpress', current_release: null });
    expect((await fromStatic('/post-2/')).status).toBe(404);
    // A site back on WordPress offers the conversion again (it has no RunCloud alias).
    const again = await get(`/dms/api/v1/websites/publish-static/${id}`);
    expect(again.status).toBe(409);
  }, 60_000);
});
