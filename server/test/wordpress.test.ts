import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';
import { connectedWebsites } from '../src/services/dms/wordpress/site-repository.js';
import { FAKE_PASSWORD, startWordPressFake, type WordPressFake } from './support/wordpress-fake.js';

/** The fake's address: allowed through the outbound guard like a customer's site would be. */
const HOST = '127.0.0.5';

interface Run {
  remaining_jobs: number;
  failed_count: number;
  success_count: number;
  job_output: { output: { message: string } }[];
  failed_job_output: { output: { message: string } }[];
}

type Body = Record<string, unknown>;

describe.each(DATABASES)('WordPress fleet on %s (against the local fake)', (kind) => {
  let t: TestApp;
  let fake: WordPressFake;
  let admin: Record<string, string>;
  const sites: Record<string, number> = {};

  const call = <T = Body>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = admin,
  ) => t.call<T>({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Body }) });

  async function website(name: string, type = 'MONEY'): Promise<number> {
    const res = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
      url: `https://${name}.example.com`,
      target_market: 'UK',
      type,
    });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  const connect = (id: number, site: string, over: Body = {}) =>
    call<{ data: Body; error?: { message: string; fields?: Record<string, string> } }>(
      'POST',
      `/dms/api/v1/wordpress/${id}/connect`,
      { url: fake.site(site).url, username: 'admin', application_password: FAKE_PASSWORD, ...over },
    );

  const run = (id: number) => waitForRun<Run>(t, admin, 'dms', id, 60_000);

  beforeAll(async () => {
    fake = await startWordPressFake(HOST);
    fake.addSite('main', { posts: 30, pages: 4 });
    fake.addSite('second', { plugins: 3 });
    fake.addSite('bare', { companion: false, prettyPermalinks: false });
    fake.addSite('managed', { coreManaged: true });
    fake.addSite('editor', { role: 'editor' });
    fake.addSite('maintenance', { mode: 'html' });
    fake.addSite('dead', { mode: 'dead' });
    fake.addSite('big', { posts: 10_000, pages: 0, plugins: 1 });
    fake.addSite('fragile', { breakOnUpdate: true });
    t = await createTestApp(kind, {
      outboundAllowHosts: [HOST],
      wordpressTimeoutMs: 15_000,
      crawlerTimeoutMs: 2000,
      jobsRetryDelaySeconds: 0,
      jobsSuperviseSeconds: 1,
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    for (const name of ['main', 'second', 'bare', 'managed', 'dead', 'big', 'fragile'])
      sites[name] = await website(name);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses bad credentials, a non-admin user, HTML and a dead site with a field error, storing nothing', async () => {
    const id = await website('refused');
    const wrong = await connect(id, 'main', { application_password: 'wrong pass word' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error!.fields!.application_password).toMatch(/password/i);
    expect(JSON.stringify(wrong.body)).not.toContain('wrong pass word');
    const editor = await connect(id, 'editor');
    expect(editor.status).toBe(422);
    expect(editor.body.error!.fields!.username).toMatch(/manage_options/);
    const html = await connect(id, 'maintenance');
    expect(html.status).toBe(422);
    expect(html.body.error!.fields!.url).toMatch(/HTML instead of JSON/);
    const dead = await connect(id, 'dead');
    expect(dead.status).toBe(422);
    expect(dead.body.error!.fields!.url).toBeTruthy();
    const stored = await call<{ data: unknown[] }>(
      'GET',
      `/dms/api/v1/wp-sites?filter=${encodeURIComponent(JSON.stringify({ website_id: id }))}`,
    );
    expect(stored.body.data).toEqual([]);
  });

  it('connects after verifying, seals the password, installs the login key and syncs the site', async () => {
    const res = await connect(sites.main!, 'main');
    expect(res.status).toBe(200);
    expect(res.body.data.companion).toBe(true);
    expect(res.body.data.application_password_set).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(FAKE_PASSWORD);
    expect(fake.site('main').ssoKey?.keyId).toBeTruthy();
    expect(fake.site('main').siteId).toBe(String(sites.main));
    const raw = await t.db.query<{ application_password: string }>(
      'SELECT application_password FROM wp_sites WHERE website_id = $1',
      [sites.main],
    );
    expect(raw.rows[0]!.application_password).not.toContain(FAKE_PASSWORD);
    for (const name of ['second', 'bare', 'managed', 'dead', 'big', 'fragile']) {
      // The dead site is connected while it answers, then goes dead.
      if (name === 'dead') fake.site('dead').config.mode = 'ok';
      const res = await connect(sites[name]!, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (name === 'dead') fake.site('dead').config.mode = 'dead';
    }
  });

  it('syncs the fleet: every site a unit, the dead one failing alone with its reason', async () => {
    const start = await call<{ cron_id: number }>('POST', '/dms/api/v1/wordpress/sync', {
      ids: [sites.main, sites.second, sites.bare, sites.dead],
    });
    expect(start.status).toBe(200);
    const done = await run(start.body.cron_id);
    expect(done.success_count).toBe(3);
    expect(done.failed_count).toBe(1);
    expect(done.failed_job_output[0]!.output.message).toMatch(/dead/);
    const conn = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/wp-sites?filter=${encodeURIComponent(JSON.stringify({ website_id: sites.dead }))}`,
    );
    expect(conn.body.data[0]!.state).toBe('error');
    expect(String(conn.body.data[0]!.last_error)).toMatch(/dead/);
    // the next run starts with the site that failed, so its timeout runs beside the others
    const next = await connectedWebsites(t.db, [sites.main!, sites.second!, sites.bare!, sites.dead!]);
    expect(next.map((s) => s.website_id)).toEqual([sites.dead, sites.main, sites.second, sites.bare]);
    const main = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/wp-sites?filter=${encodeURIComponent(JSON.stringify({ website_id: sites.main }))}`,
    );
    expect(main.body.data[0]).toMatchObject({
      state: 'connected',
      core_version: '6.1.1',
      core_update: '6.4.2',
    });
    const posts = await call<{ meta: { total: number } }>(
      'GET',
      `/dms/api/v1/posts?filter=${encodeURIComponent(JSON.stringify({ website_id: sites.main }))}`,
    );
    expect(posts.body.meta.total).toBe(34);
    const akismet = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/plugins?filter=${encodeURIComponent(JSON.stringify({ slug: 'akismet' }))}`,
    );
    // Connecting started a sync of each site too: the counts are those of every install recorded.
    const installs = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/installed-plugins?perPage=100&filter=${encodeURIComponent(JSON.stringify({ plugin_id: akismet.body.data[0]!.id }))}`,
    );
    expect(akismet.body.data[0]!.total_installs).toBe(installs.body.data.length);
    expect(installs.body.data.length).toBeGreaterThanOrEqual(3);
    expect(akismet.body.data[0]!.updates_available).toBe(
      installs.body.data.filter((i) => i.update_version === '1.0.1').length,
    );
    // Without the companion the posts' statistics are computed from their content.
    const bare = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/posts?perPage=1&filter=${encodeURIComponent(JSON.stringify({ website_id: sites.bare }))}`,
    );
    expect(bare.body.data[0]!.word_count).toEqual(expect.any(Number));
  });

  it('reads a 10,000-post site page by page', async () => {
    const start = await call<{ cron_id: number }>('POST', '/dms/api/v1/wordpress/sync', { ids: [sites.big] });
    const done = await run(start.body.cron_id);
    expect(done.failed_job_output).toEqual([]);
    const posts = await call<{ meta: { total: number } }>(
      'GET',
      `/dms/api/v1/posts?exact=true&filter=${encodeURIComponent(JSON.stringify({ website_id: sites.big }))}`,
    );
    expect(posts.body.meta.total).toBe(10_000);
  });

  it('runs the update WP data actions as cron runs and answers SPEC §7.6', async () => {
    const status = await call<{ success: boolean; message: string; cron: { id: number } }>(
      'GET',
      `/dms/api/v1/wordpress/${sites.second}/update-status`,
    );
    expect(status.status).toBe(200);
    expect(status.body.success).toBe(true);
    expect((await run(status.body.cron.id)).failed_job_output).toEqual([]);
    const core = await call<{ cron: { id: number } }>(
      'GET',
      `/dms/api/v1/wordpress/${sites.managed}/update-core`,
    );
    const coreRun = await run(core.body.cron.id);
    expect(coreRun.job_output[0]!.output.message).toMatch(/update through the package manager/);
    const stats = await call<{ cron: { id: number } }>(
      'GET',
      `/dms/api/v1/wordpress/${sites.main}/update-statistics`,
    );
    expect((await run(stats.body.cron.id)).job_output[0]!.output.message).toMatch(
      /34 posts read \(companion\)/,
    );
    const unconnected = await website('unconnected');
    const refused = await call<{ error: { message: string } }>(
      'GET',
      `/dms/api/v1/wordpress/${unconnected}/update-posts`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/no WordPress connection/);
    const statusOfDead = await call<{ cron: { id: number } }>(
      'GET',
      `/dms/api/v1/wordpress/${sites.dead}/update-posts`,
    );
    expect((await run(statusOfDead.body.cron.id)).failed_count).toBe(1);
  });

  it('sets the fake generator and refuses a version that is not one', async () => {
    const bad = await call(
      'GET',
      `/dms/api/v1/wordpress/${sites.main}/update-the-generator?version=${encodeURIComponent('6.4<script>')}`,
    );
    expect(bad.status).toBe(400);
    expect(fake.site('main').generatorOverride).toBeNull();
    const ok = await t.call<string>({
      method: 'GET',
      url: `/dms/api/v1/wordpress/${sites.main}/update-the-generator?version=5.9.3`,
      headers: admin,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/plain/);
    expect(ok.body).toContain('WordPress 5.9.3');
    expect(ok.body).toContain('Real WordPress version (read from the companion): 6.1.1');
    expect(fake.site('main').generatorOverride).toBe('5.9.3');
  });

  it('uploads media re-encoded under a server-chosen name, refusing a wrong type', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const form = (name: string, type: string, bytes: Buffer) => {
      const boundary = 'x-sitefleet-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
      return {
        payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const ok = await t.call<{ status: string }>({
      method: 'POST',
      url: `/dms/api/v1/wordpress/${sites.main}/insert-media`,
      ...form('../../evil name.png', 'image/png', png),
    });
    expect(ok.status).toBe(400); // a path in the name is refused
    const good = await t.call<{ status: string }>({
      method: 'POST',
      url: `/dms/api/v1/wordpress/${sites.main}/insert-media`,
      ...form('hero.png', 'image/png', png),
    });
    expect(good.status).toBe(200);
    expect(good.body.status).toMatch(
      /^http:\/\/127\.0\.0\.5:\d+\/main\/wp-content\/uploads\/.*[0-9a-f]{32}\.png$/,
    );
    const html = await t.call<{ error: { code: string } }>({
      method: 'POST',
      url: `/dms/api/v1/wordpress/${sites.main}/insert-media`,
      ...form('page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')),
    });
    expect(html.status).toBe(422);
  });

  it('mints one-time admin logins: the site accepts it once, as the staff member’s own user', async () => {
    const res = await call<{ data: { url: string; token: string; user_login: string; expires_at: number } }>(
      'POST',
      `/dms/api/v1/wordpress/${sites.main}/admin-login`,
    );
    expect(res.status).toBe(200);
    const { url, token, user_login, expires_at } = res.body.data;
    expect(url).toBe(`${fake.site('main').url}wp-login.php?action=sitefleet_sso`);
    expect(expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    expect(url).not.toContain(admin.authorization!.replace(/^Bearer /, ''));
    const post = () =>
      fetch(url, { method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual' });
    const first = await post();
    expect(first.headers.get('x-sitefleet-sso')).toBe('ok');
    expect(fake.site('main').ssoUsers.get(user_login)).toBeGreaterThan(0);
    const again = await post();
    expect(again.headers.get('x-sitefleet-sso')).toBe('refused; reason=replayed');
  });

  it('keeps one-click login from third-party sites for staff without IT or ADMIN, and without the companion', async () => {
    const third = await website('partner', 'THIRD_PARTY');
    expect((await connect(third, 'second')).status).toBe(200);
    const seo = await t.as('SEO');
    await t.db.query(
      `UPDATE roles SET permissions = ARRAY(SELECT id FROM permissions WHERE route LIKE '/dms/api/v1/wordpress/%' OR route LIKE '/dms/api/v1/websites%') WHERE name = 'SEO'`,
    );
    const refused = await call<{ error: { message: string } }>(
      'POST',
      `/dms/api/v1/wordpress/${third}/admin-login`,
      undefined,
      seo,
    );
    expect(refused.status).toBe(403);
    const allowed = await call('POST', `/dms/api/v1/wordpress/${sites.second}/admin-login`, undefined, seo);
    expect(allowed.status).toBe(200);
    const bare = await call<{ error: { message: string } }>(
      'POST',
      `/dms/api/v1/wordpress/${sites.bare}/admin-login`,
    );
    expect(bare.status).toBe(403);
    expect(bare.body.error.message).toMatch(/companion/);
    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'wordpress.admin-login%' ORDER BY id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['wordpress.admin-login', 'wordpress.admin-login.refused']),
    );
  });

  it('merges plugins (installs move, the merged slug stays merged after a sync) and bulk-deactivates', async () => {
    const list = async (slug: string) =>
      (
        await call<{ data: { id: number; slug: string; total_installs: number }[] }>(
          'GET',
          `/dms/api/v1/plugins?filter=${encodeURIComponent(JSON.stringify({ slug }))}`,
        )
      ).body.data.find((p) => p.slug === slug);
    const keep = (await list('akismet'))!;
    const other = (await list('plugin-1'))!;
    const merged = await call<{ meta: { moved_installs: number } }>(
      'POST',
      `/dms/api/v1/plugins/${keep.id}/merge?ids=${other.id}`,
    );
    expect(merged.status).toBe(200);
    expect(merged.body.meta.moved_installs).toBe(other.total_installs);
    expect(await list('plugin-1')).toBeUndefined();
    const sync = await call<{ cron_id: number }>('POST', '/dms/api/v1/wordpress/sync', {
      ids: [sites.second],
    });
    await run(sync.body.cron_id);
    expect(await list('plugin-1')).toBeUndefined();
    // Bulk: deactivate Akismet on two sites; each site answers for itself.
    const bulk = await call<{ cron_id: number }>('POST', `/dms/api/v1/plugins/${keep.id}/bulk`, {
      operation: 'deactivate',
      website_ids: [sites.main, sites.second],
    });
    expect(bulk.status).toBe(200);
    const done = await run(bulk.body.cron_id);
    expect(done.success_count).toBe(2);
    for (const name of ['main', 'second'])
      expect(fake.site(name).plugins.find((p) => p.file === 'akismet/akismet.php')!.status).toBe('inactive');
  });

  it('marks, alerts and fails a site a plugin update broke, with before/after evidence', async () => {
    const plugins = await call<{ data: { id: number; slug: string }[] }>(
      'GET',
      `/dms/api/v1/plugins?perPage=100&filter=${encodeURIComponent(JSON.stringify({ slug: 'plugin-3' }))}`,
    );
    const plugin = plugins.body.data.find((p) => p.slug === 'plugin-3')!;
    const bulk = await call<{ cron_id: number }>('POST', `/dms/api/v1/plugins/${plugin.id}/bulk`, {
      operation: 'update',
      website_ids: [sites.fragile, sites.main],
    });
    const done = await t.call<{ data: Run & { failed_job_output: { output: Body }[] } }>({
      method: 'GET',
      url: `/dms/api/v1/cron-jobs/${(await run(bulk.body.cron_id)) && bulk.body.cron_id}`,
      headers: admin,
    });
    expect(done.body.data.success_count, JSON.stringify(done.body.data)).toBe(1);
    const failed = done.body.data.failed_job_output[0]!.output;
    expect(String(failed.message)).toMatch(
      /updated from 1\.3\.0 to 1\.3\.1, but the site broke: home page before 200, "Fake fragile" found, after 500/,
    );
    expect(failed).toMatchObject({ before: { status: 200, found: true }, after: { status: 500 } });
    const alerts = await call<{ data: { title: string; type: string }[] }>(
      'GET',
      `/dms/api/v1/websites/${sites.fragile}/notifications`,
    );
    expect(alerts.body.data.map((a) => a.title)).toContain(
      'fragile.example.com broke after updating Plugin 3',
    );
  });
});
