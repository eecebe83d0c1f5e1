import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  generateSsoKeyPair,
  mintSsoToken,
  type SsoPayloadInput,
} from '../src/integrations/wordpress/index.js';
import { currentSsoKey } from '../src/services/dms/wordpress/sso-keys.js';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';
import { bringUpWordPress, realWordPressAvailable, type RealSite } from './support/wordpress-real.js';

/**
 * Every WordPress action, the sync, merge, bulk actions, media, the generator and one-click login against real
 * WordPress sites from Debian's packages (scripts/wordpress/up.sh): two with the companion, one without.
 */

interface Run {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output: { output: { message: string } }[];
  failed_job_output: { output: { message: string } }[];
}
type Body = Record<string, unknown>;

const BIG_POSTS = 10_000;
const kind = DATABASES[DATABASES.length - 1]!;

describe.skipIf(!realWordPressAvailable)(`real WordPress on ${kind}`, () => {
  let t: TestApp;
  let wp: RealSite[];
  let admin: Record<string, string>;
  const ids: number[] = [];

  const call = <T = Body>(method: 'GET' | 'POST', url: string, payload?: unknown, headers = admin) =>
    t.call<T>({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Body }) });
  const run = (id: number) => waitForRun<Run>(t, admin, 'dms', id, 180_000);
  const filter = (f: Body) => encodeURIComponent(JSON.stringify(f));
  const sso = (site: RealSite, token: string) =>
    fetch(`${site.url}/wp-login.php?action=sitefleet_sso`, {
      method: 'POST',
      body: new URLSearchParams({ token }),
      redirect: 'manual',
    });

  beforeAll(async () => {
    wp = bringUpWordPress({ WP_SITES: '3', WP_BIG_POSTS: String(BIG_POSTS) });
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.0/8'],
      wordpressTimeoutMs: 60_000,
      crawlerTimeoutMs: 30_000,
      jobsRetryDelaySeconds: 0,
      jobsSuperviseSeconds: 1,
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    for (const [i, site] of wp.entries()) {
      const res = await call<{ data: { id: number } }>('POST', '/dms/api/v1/websites', {
        url: `https://real-${i + 1}.example.com`,
        target_market: 'UK',
        type: 'MONEY',
      });
      ids.push(res.body.data.id);
      const conn = await call<{ data: Body }>('POST', `/dms/api/v1/wordpress/${res.body.data.id}/connect`, {
        url: site.url,
        username: site.user,
        application_password: site.app_password,
      });
      expect(conn.status, JSON.stringify(conn.body)).toBe(200);
      expect(conn.body.data.companion).toBe(site.companion);
    }
  }, 900_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a wrong application password with a field error', async () => {
    const res = await call<{ error: { fields: Record<string, string> } }>(
      'POST',
      `/dms/api/v1/wordpress/${ids[0]}/connect`,
      { url: wp[0]!.url, username: wp[0]!.user, application_password: 'aaaa bbbb cccc dddd eeee ffff' },
    );
    expect(res.status).toBe(422);
    expect(res.body.error.fields.application_password).toBeTruthy();
  });

  it(`syncs the fleet, reading the ${BIG_POSTS.toLocaleString('en')}-post site page by page`, async () => {
    const started = Date.now();
    const start = await call<{ cron_id: number }>('POST', '/dms/api/v1/wordpress/sync', { ids });
    const done = await run(start.body.cron_id);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `real WordPress: ${ids.length} sites synced in ${seconds.toFixed(1)} s (${(seconds / ids.length).toFixed(1)} s per site, site 1 with ${BIG_POSTS} posts)`,
    );
    expect(done.failed_job_output).toEqual([]);
    const conn = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/wp-sites?filter=${filter({ website_id: ids[0] })}`,
    );
    expect(conn.body.data[0]).toMatchObject({ state: 'connected', core_managed_by: 'package-manager' });
    expect(String(conn.body.data[0]!.core_version)).toMatch(/^\d+\.\d+/);
    expect(String(conn.body.data[0]!.php_version)).toMatch(/^\d+\.\d+/);
    const posts = await call<{ meta: { total: number } }>(
      'GET',
      `/dms/api/v1/posts?exact=true&filter=${filter({ website_id: ids[0] })}`,
    );
    expect(posts.body.meta.total).toBeGreaterThan(BIG_POSTS);
    const fixture = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/plugins?filter=${filter({ slug: 'sitefleet-fixture' })}`,
    );
    expect(fixture.body.data[0]).toMatchObject({ total_installs: 3 });
    const users = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/wp-users?filter=${filter({ website_id: ids[1] })}`,
    );
    expect(users.body.data.map((u) => u.user_login)).toContain('admin');
  }, 600_000);

  it('runs every update WP data action as a cron run', async () => {
    for (const action of [
      'update-status',
      'update-sitemap',
      'update-statistics',
      'refresh-outbound-links',
      'update-posts',
    ]) {
      const res = await call<{ success: boolean; cron: { id: number } }>(
        'GET',
        `/dms/api/v1/wordpress/${ids[1]}/${action}`,
      );
      expect(res.body.success, action).toBe(true);
      const done = await run(res.body.cron.id);
      expect(done.failed_job_output, action).toEqual([]);
    }
    const sitemaps = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/sitemaps?filter=${filter({ website_id: ids[1] })}`,
    );
    expect(sitemaps.body.data.map((s) => s.url)).toContain(`${wp[1]!.url}/wp-sitemap.xml`);
    const core = await call<{ cron: { id: number } }>('GET', `/dms/api/v1/wordpress/${ids[1]}/update-core`);
    expect((await run(core.body.cron.id)).job_output[0]!.output.message).toMatch(
      /update through the package manager/,
    );
    // Without the companion: the status says what it needs, statistics are computed from content.
    const bare = await call<{ cron: { id: number } }>('GET', `/dms/api/v1/wordpress/${ids[2]}/update-status`);
    expect((await run(bare.body.cron.id)).job_output[0]!.output.message).toMatch(
      /companion is not installed/,
    );
    const stats = await call<{ cron: { id: number } }>(
      'GET',
      `/dms/api/v1/wordpress/${ids[2]}/update-statistics`,
    );
    expect((await run(stats.body.cron.id)).job_output[0]!.output.message).toMatch(/computed from content/);
  }, 300_000);

  it('sets the public generator, which the home page then shows, and refuses a bad version', async () => {
    const bad = await call(
      'GET',
      `/dms/api/v1/wordpress/${ids[1]}/update-the-generator?version=${encodeURIComponent('6.4<script>')}`,
    );
    expect(bad.status).toBe(400);
    const ok = await t.call<string>({
      method: 'GET',
      url: `/dms/api/v1/wordpress/${ids[1]}/update-the-generator?version=5.9.3`,
      headers: admin,
    });
    expect(ok.status).toBe(200);
    const home = await (await fetch(`${wp[1]!.url}/`)).text();
    expect(home).toContain('content="WordPress 5.9.3"');
    await t.call({
      method: 'GET',
      url: `/dms/api/v1/wordpress/${ids[1]}/update-the-generator?version=`,
      headers: admin,
    });
    expect(await (await fetch(`${wp[1]!.url}/`)).text()).not.toContain('WordPress 5.9.3');
  });

  it('uploads an image to the media library and answers its link', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = 'sf-real-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.call<{ status: string }>({
      method: 'POST',
      url: `/dms/api/v1/wordpress/${ids[0]}/insert-media`,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const image = await fetch(res.body.status);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('bulk-deactivates and activates a plugin on two sites, and updates it safely', async () => {
    const fixture = (
      await call<{ data: { id: number }[] }>(
        'GET',
        `/dms/api/v1/plugins?filter=${filter({ slug: 'sitefleet-fixture' })}`,
      )
    ).body.data[0]!;
    for (const operation of ['deactivate', 'activate']) {
      const res = await call<{ cron_id: number }>('POST', `/dms/api/v1/plugins/${fixture.id}/bulk`, {
        operation,
        website_ids: [ids[0], ids[1]],
      });
      const done = await run(res.body.cron_id);
      expect(done.success_count, JSON.stringify(done.failed_job_output)).toBe(2);
    }
    const update = await call<{ cron_id: number }>('POST', `/dms/api/v1/plugins/${fixture.id}/bulk`, {
      operation: 'update',
      website_ids: [ids[1]],
    });
    const done = await run(update.body.cron_id);
    expect(done.failed_job_output).toEqual([]);
    expect(done.job_output[0]!.output.message).toMatch(/updated from 1\.0\.0 to 1\.1\.0; home page 200/);
    const installs = await call<{ data: Body[] }>(
      'GET',
      `/dms/api/v1/installed-plugins?filter=${filter({ plugin_id: fixture.id, website_id: ids[1] })}`,
    );
    expect(installs.body.data[0]).toMatchObject({ installed_version: '1.1.0', update_version: null });
  }, 300_000);

  it('merges a duplicate: installs move to the kept plugin and stay there after a sync', async () => {
    const list = async (slug: string) =>
      (
        await call<{ data: { id: number; slug: string; total_installs: number }[] }>(
          'GET',
          `/dms/api/v1/plugins?filter=${filter({ slug })}`,
        )
      ).body.data.find((p) => p.slug === slug);
    const akismet = (await list('akismet'))!;
    expect(akismet.total_installs).toBe(3);
    const kept = await call<{ data: { id: number } }>('POST', '/dms/api/v1/plugins', {
      name: 'Akismet Anti-spam: Spam Protection',
      slug: 'akismet-anti-spam',
    });
    expect(kept.status).toBe(201);
    const merged = await call<{ meta: { moved_installs: number } }>(
      'POST',
      `/dms/api/v1/plugins/${kept.body.data.id}/merge?ids=${akismet.id}`,
    );
    expect(merged.body.meta.moved_installs).toBe(3);
    const sync = await call<{ cron_id: number }>('POST', '/dms/api/v1/wordpress/sync', { ids: [ids[1]] });
    expect((await run(sync.body.cron_id)).failed_job_output).toEqual([]);
    expect(await list('akismet')).toBeUndefined();
    expect((await list('akismet-anti-spam'))!.total_installs).toBe(3);
  }, 120_000);

  describe('one-click admin login', () => {
    let payloadBase: Omit<SsoPayloadInput, 'now'> & { privateKeyPem: string };
    beforeAll(async () => {
      const key = await currentSsoKey(t.db, t.deps.secrets);
      payloadBase = {
        keyId: key.kid,
        siteId: String(ids[0]),
        audience: wp[0]!.url,
        staff: { id: 990001, email: 'tester@example.com', name: 'Test Er', role: 'editor' },
        privateKeyPem: key.privateKeyPem,
      };
    });

    it('lands in wp-admin as the staff member’s own user; the token works once', async () => {
      const res = await call<{ data: { url: string; token: string; user_login: string } }>(
        'POST',
        `/dms/api/v1/wordpress/${ids[0]}/admin-login`,
      );
      expect(res.status).toBe(200);
      const login = await sso(wp[0]!, res.body.data.token);
      expect(login.headers.get('x-sitefleet-sso')).toBe('ok');
      expect(login.status).toBe(302);
      const cookies = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const dashboard = await fetch(`${wp[0]!.url}/wp-admin/`, {
        headers: { cookie: cookies },
        redirect: 'manual',
      });
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain(res.body.data.user_login);
      const replay = await sso(wp[0]!, res.body.data.token);
      expect(replay.status).toBe(403);
      expect(replay.headers.get('x-sitefleet-sso')).toBe('refused; reason=replayed');
    });

    it('refuses expired, other-site, other-user, tampered and unknown-key tokens with their reason', async () => {
      const reason = async (token: string) => (await sso(wp[0]!, token)).headers.get('x-sitefleet-sso');
      const now = Math.floor(Date.now() / 1000);
      expect(await reason(mintSsoToken({ ...payloadBase, now: now - 120 }).token)).toBe(
        'refused; reason=expired',
      );
      expect(await reason(mintSsoToken({ ...payloadBase, siteId: String(ids[1]) }).token)).toBe(
        'refused; reason=wrong_site',
      );
      const first = mintSsoToken(payloadBase);
      expect(await reason(first.token)).toBe('ok');
      // The WordPress user sitefleet-990001 now belongs to staff 990001: a token naming it for another is refused.
      const other = mintSsoToken({ ...payloadBase, staff: { ...payloadBase.staff, id: 990002 } });
      const [head] = other.token.split('.');
      const forged = JSON.parse(Buffer.from(head!, 'base64url').toString()) as Body;
      forged.sub = 'sitefleet-990001';
      const { signSsoToken } = await import('../src/integrations/wordpress/sso.js');
      expect(await reason(signSsoToken(forged as never, payloadBase.privateKeyPem))).toBe(
        'refused; reason=wrong_user',
      );
      const good = mintSsoToken(payloadBase).token;
      const [h, sig] = good.split('.');
      const tampered = JSON.parse(Buffer.from(h!, 'base64url').toString()) as { staff: { role: string } };
      tampered.staff.role = 'administrator';
      expect(await reason(`${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${sig}`)).toBe(
        'refused; reason=bad_signature',
      );
      const stranger = generateSsoKeyPair();
      expect(
        await reason(
          mintSsoToken({ ...payloadBase, keyId: stranger.keyId, privateKeyPem: stranger.privateKeyPem })
            .token,
        ),
      ).toBe('refused; reason=unknown_key');
      expect(await reason('not-a-token')).toBe('refused; reason=malformed');
    });

    it('lets exactly one of 8 parallel uses of a token through, 20 rounds', async () => {
      for (let round = 0; round < 20; round++) {
        const { token } = mintSsoToken(payloadBase);
        const answers = await Promise.all(Array.from({ length: 8 }, () => sso(wp[0]!, token)));
        const results = answers.map((a) => a.headers.get('x-sitefleet-sso'));
        expect(
          results.filter((r) => r === 'ok'),
          `round ${round}: ${results.join(', ')}`,
        ).toHaveLength(1);
        expect(results.filter((r) => r === 'refused; reason=replayed')).toHaveLength(7);
      }
    }, 300_000);

    it('keeps an append-only audit on the site of every attempt', async () => {
      const key = await currentSsoKey(t.db, t.deps.secrets);
      expect(key.kid).toBe(payloadBase.keyId);
      const res = await fetch(`${wp[0]!.url}/wp-json/sitefleet/v1/sso/audit?after=0&limit=100`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${wp[0]!.user}:${wp[0]!.app_password}`).toString('base64')}`,
        },
      });
      const body = (await res.json()) as { items: { result: string; reason: string | null }[] };
      expect(body.items.some((i) => i.result === 'ok')).toBe(true);
      expect(body.items.some((i) => i.reason === 'replayed')).toBe(true);
    });

    it('will not mint a login for a disabled staff member', async () => {
      const itStaff = await t.as('IT');
      await t.db.query(
        `UPDATE roles SET permissions = ARRAY(SELECT id FROM permissions WHERE route LIKE '/dms/api/v1/wordpress/%' OR route LIKE '/dms/api/v1/websites%') WHERE name = 'IT'`,
      );
      expect(
        (await call('POST', `/dms/api/v1/wordpress/${ids[1]}/admin-login`, undefined, itStaff)).status,
      ).toBe(200);
      await t.db.query("UPDATE users SET disabled = true WHERE email LIKE 'it-%'");
      t.deps.principals.clear();
      const refused = await call('POST', `/dms/api/v1/wordpress/${ids[1]}/admin-login`, undefined, itStaff);
      expect(refused.status).toBe(401);
    });
  });
});
