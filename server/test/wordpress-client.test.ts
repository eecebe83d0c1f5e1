import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../src/integrations/http/safe-fetch.js';
import { createWordPressClient, type WordPressClient } from '../src/integrations/wordpress/client.js';
import { WordPressError, type WordPressErrorKind } from '../src/integrations/wordpress/errors.js';
import { generateSsoKeyPair, mintSsoToken, type SsoStaff } from '../src/integrations/wordpress/sso.js';
import type { WordPressClientOptions } from '../src/integrations/wordpress/transport.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import {
  FAKE_PASSWORD,
  fakePostStat,
  startWordPressFake,
  type FakeSite,
  type FakeSiteConfig,
  type WordPressFake,
} from './support/wordpress-fake.js';

let fake: WordPressFake;
let fetch: SafeFetchClient;
let odd: LocalHttpServer;
let siteCount = 0;

beforeAll(async () => {
  fake = await startWordPressFake();
  fetch = createSafeFetch({ allowPrivate: true });
  // Answers the fake cannot give: JSON that is not WordPress's.
  odd = await startHttpServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/broken/wp-json/wp/v2/plugins')) {
      res.statusCode = 500;
      return res.end('["not an envelope"]');
    }
    if (req.url?.startsWith('/broken/wp-json/wp/v2/themes')) return res.end('[{"name":"no stylesheet"}]');
    if (req.url?.startsWith('/broken/wp-json/wp/v2/users?')) {
      res.setHeader('x-wp-totalpages', '5000');
      return res.end('[]');
    }
    res.end('{"namespaces":"wp/v2"}');
  });
});

afterAll(async () => {
  await fetch.close();
  await fake.close();
  await odd.close();
});

function addSite(config: FakeSiteConfig = {}): FakeSite {
  siteCount += 1;
  return fake.addSite(`site-${siteCount}`, config);
}

function connect(
  site: { url: string },
  extra: { password?: string; apiRoot?: string; username?: string } = {},
  options: Partial<WordPressClientOptions> = {},
): WordPressClient {
  return createWordPressClient(
    {
      url: site.url,
      username: extra.username ?? 'admin',
      applicationPassword: extra.password ?? FAKE_PASSWORD,
      ...(extra.apiRoot ? { apiRoot: extra.apiRoot } : {}),
    },
    { fetch, timeoutMs: 3_000, ...options },
  );
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof WordPressError) {
      expect(err.message).not.toContain(FAKE_PASSWORD);
      expect(err.message).not.toContain('wrong-secret');
      return err;
    }
    throw err;
  }
  throw new Error('expected a WordPressError');
}

const labelOf = (site: FakeSite) => site.url.replace(/^http:\/\//, '').replace(/\/$/, '');

describe('discovery', () => {
  it('finds the REST root at {site}/wp-json/ and the companion by its namespace', async () => {
    const site = addSite();
    const client = connect(site);
    const found = await client.discover();
    expect(found).toMatchObject({
      apiRoot: `${site.url}wp-json/`,
      companion: true,
      home: site.url.slice(0, -1),
    });
    expect(found.namespaces).toContain('wp/v2');
    expect(client.companion).toBe(true);
  });

  it('falls back to ?rest_route=/ when the site has no pretty permalinks, and uses it for every call', async () => {
    const site = addSite({ prettyPermalinks: false, companion: false });
    const client = connect(site);
    const found = await client.discover();
    expect(found).toMatchObject({ apiRoot: `${site.url}?rest_route=/`, companion: false });
    expect((await client.plugins()).map((p) => p.file)).toContain('akismet/akismet.php');
    expect(await client.posts('post')).toHaveLength(10);
  });

  it('discovers once when several first calls start together', async () => {
    const site = addSite();
    const client = connect(site);
    await Promise.all([client.plugins(), client.themes(), client.settings(), client.companionStatus()]);
    expect(site.requests).toBe(5);
  });

  it('skips discovery when the stored root and companion flag are given', async () => {
    const site = addSite({ posts: 3, pages: 0 });
    const client = createWordPressClient(
      {
        url: site.url,
        username: 'admin',
        applicationPassword: FAKE_PASSWORD,
        apiRoot: `${site.url}?rest_route=/`,
        companion: false,
      },
      { fetch },
    );
    await client.settings();
    expect(site.requests).toBe(1);
    expect((await client.postStatistics()).source).toBe('content');
    expect(site.requests).toBe(3);
  });
});

describe('core REST', () => {
  it('verifies an administrator and refuses a user without manage_options', async () => {
    const admin = await connect(addSite()).verify();
    expect(admin).toMatchObject({ id: 1, username: 'admin', roles: ['administrator'] });
    expect(admin.capabilities).toContain('manage_options');
    const site = addSite({ role: 'editor' });
    const err = await failure(connect(site).verify());
    expect(err.kind).toBe('auth');
    expect(err.message).toBe(
      `${labelOf(site)}: the user admin lacks manage_options; use an administrator's application password`,
    );
  });

  it('reads a 10,000-post site in 100 pages, a few at a time', async () => {
    // The delay keeps requests open long enough for the fake to see how many overlap.
    const site = addSite({ posts: 10_000, delayMs: 5 });
    const client = connect(site, {}, { pageConcurrency: 4 });
    const posts = await client.posts('post');
    expect(posts).toHaveLength(10_000);
    expect(new Set(posts.map((p) => p.id)).size).toBe(10_000);
    expect(posts[9_999]).toMatchObject({
      id: 10_000,
      type: 'post',
      slug: 'post-10000',
      title: 'Title 10000',
    });
    expect(posts[0]?.contentHtml).toContain('<a href=');
    expect(site.requests).toBe(101);
    expect(site.peakInFlight).toBeLessThanOrEqual(4);
    expect(site.peakInFlight).toBeGreaterThan(1);
  });

  it('reads users and pages through every page', async () => {
    const site = addSite({ users: 250, pages: 101 });
    const client = connect(site);
    const users = await client.users();
    expect(users.map((u) => u.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(users[1]).toMatchObject({ username: 'user-2', email: 'user-2@example.com', roles: ['editor'] });
    expect((await client.posts('page')).every((p) => p.type === 'page')).toBe(true);
  });

  it('lists, activates, deactivates and deletes plugins', async () => {
    const site = addSite({ plugins: 3 });
    const client = connect(site);
    const plugins = await client.plugins();
    expect(plugins[0]).toMatchObject({
      plugin: 'akismet/akismet',
      file: 'akismet/akismet.php',
      name: 'Akismet Anti-spam',
      status: 'active',
    });
    expect((await client.deactivatePlugin('akismet/akismet.php')).status).toBe('inactive');
    expect((await client.activatePlugin('plugin-1/plugin-1')).status).toBe('active');
    const refused = await failure(client.deletePlugin('plugin-1/plugin-1'));
    expect(refused).toMatchObject({
      kind: 'wordpress',
      status: 400,
      wpCode: 'rest_cannot_delete_active_plugin',
    });
    expect(refused.message).toBe(
      `${labelOf(site)}: Cannot delete an active plugin. Please deactivate it first. (400 rest_cannot_delete_active_plugin)`,
    );
    await client.deletePlugin('akismet/akismet');
    expect((await client.plugins()).map((p) => p.file)).toEqual([
      'plugin-1/plugin-1.php',
      'plugin-2/plugin-2.php',
    ]);
  });

  it('reads themes and settings', async () => {
    const site = addSite({ themes: 3 });
    const client = connect(site);
    const themes = await client.themes();
    expect(themes).toHaveLength(3);
    expect(themes[0]).toMatchObject({
      stylesheet: 'theme-0',
      name: 'Theme 0',
      version: '2.0',
      status: 'active',
    });
    expect(await client.settings()).toMatchObject({ title: `Fake ${site.name}`, url: site.url.slice(0, -1) });
  });

  it('uploads media as the raw body with its type and file name', async () => {
    const site = addSite();
    const client = connect(site);
    const data = Buffer.alloc(70_000, 7);
    const media = await client.uploadMedia({
      data,
      filename: '../Été "photo".png',
      contentType: 'image/png',
    });
    expect(media).toMatchObject({ mimeType: 'image/png' });
    expect(media.sourceUrl).toBe(`${site.url}wp-content/uploads/2026/11/Ete _photo_.png`);
    expect(site.media).toEqual([
      { id: media.id, filename: 'Ete _photo_.png', contentType: 'image/png', bytes: 70_000 },
    ]);
    const err = await failure(
      client.uploadMedia({ data, filename: 'x.exe', contentType: 'application/x-msdownload' }),
    );
    expect(err).toMatchObject({ kind: 'wordpress', wpCode: 'rest_upload_sideload_error', status: 500 });
  });
});

describe('the companion', () => {
  it('reads the status: real core version, updates and the SSO key id', async () => {
    const site = addSite({ plugins: 4 });
    const status = await connect(site).companionStatus();
    expect(status).toMatchObject({
      companion: '1.0.0',
      home: site.url.slice(0, -1),
      core: { version: '6.1.1', update: '6.4.2', managedBy: null },
      php: '8.2.29',
      database: { server: 'MariaDB', version: '10.11.14' },
      theme: { stylesheet: 'theme-0', name: 'Theme 0', version: '2.0' },
      generator: { public: '6.1.1', override: null },
      sso: { keyId: null },
    });
    expect(status.updates.plugins).toEqual([
      { plugin: 'akismet/akismet.php', version: '1.0.0', newVersion: '1.0.1' },
      { plugin: 'plugin-3/plugin-3.php', version: '1.3.0', newVersion: '1.3.1' },
    ]);
  });

  it('sets and removes the generator override, and reports a refused version with its field', async () => {
    const site = addSite();
    const client = connect(site);
    expect(await client.setGenerator('5.9.3')).toEqual({ public: '5.9.3', override: '5.9.3' });
    const err = await failure(client.setGenerator('6.4<script>'));
    expect(err).toMatchObject({ kind: 'wordpress', wpCode: 'sitefleet_invalid', status: 400 });
    expect(Object.keys(err.params ?? {})).toEqual(['version']);
    expect(site.generatorOverride).toBe('5.9.3');
    expect(await client.setGenerator('')).toEqual({ public: '6.1.1', override: null });
  });

  it('updates core, and names the package manager when it owns core', async () => {
    expect(await connect(addSite()).updateCore()).toEqual({ from: '6.1.1', to: '6.4.2' });
    const site = addSite({ coreManaged: true });
    const err = await failure(connect(site).updateCore());
    expect(err).toMatchObject({ kind: 'wordpress', wpCode: 'sitefleet_core_managed', status: 409 });
    expect(err.message).toBe(
      `${labelOf(site)}: WordPress core is managed by the package manager: update through the package manager (409 sitefleet_core_managed)`,
    );
  });

  it('updates and installs plugins', async () => {
    const site = addSite();
    const client = connect(site);
    expect(await client.updatePlugin('akismet/akismet')).toEqual({
      plugin: 'akismet/akismet.php',
      from: '1.0.0',
      to: '1.0.1',
    });
    expect(await client.installPlugin('https://downloads.example.org/hello-dolly.1.7.2.zip')).toEqual({
      plugin: 'hello-dolly/hello-dolly.php',
      version: '1.0.0',
    });
    expect((await client.plugins()).find((p) => p.file === 'hello-dolly/hello-dolly.php')?.status).toBe(
      'inactive',
    );
    expect((await failure(client.updatePlugin('nope/nope.php'))).wpCode).toBe('sitefleet_not_found');
  });

  it('reads post statistics page by page', async () => {
    const site = addSite({ posts: 230, pages: 20 });
    const stats = await connect(site).postStatistics();
    expect(stats.source).toBe('companion');
    expect(stats.items).toHaveLength(250);
    expect(stats.items[6]).toEqual({ id: 7, wordCount: fakePostStat(7).word_count, outboundLinks: 3 });
  });

  it('computes the same statistics from the content when the companion is missing', async () => {
    const site = addSite({ posts: 230, pages: 20, companion: false });
    const stats = await connect(site).postStatistics();
    expect(stats.source).toBe('content');
    const expected = stats.items.map((s) => fakePostStat(s.id));
    expect(stats.items).toHaveLength(250);
    expect(stats.items.map((s) => [s.id, s.wordCount, s.outboundLinks])).toEqual(
      expected.map((s) => [s.id, s.word_count, s.outbound_links]),
    );
  });
});

describe('errors name the site and the cause', () => {
  const expectError = async (
    promise: Promise<unknown>,
    kind: WordPressErrorKind,
    message: string | RegExp,
  ) => {
    const err = await failure(promise);
    if (process.env.SHOW_WP_MESSAGES) console.log(err.kind, err.message);
    expect(err.kind).toBe(kind);
    if (typeof message === 'string') expect(err.message).toBe(message);
    else expect(err.message).toMatch(message);
    return err;
  };

  it('wrong password: auth', async () => {
    const site = addSite();
    const err = await expectError(
      connect(site, { password: 'wrong-secret pass' }).discover(),
      'auth',
      `${labelOf(site)}: wrong user or application password (401 incorrect_password)`,
    );
    expect(err).toMatchObject({ status: 401, wpCode: 'incorrect_password' });
    await expectError(connect(site, { username: 'nobody' }).plugins(), 'auth', /401 invalid_username/);
  });

  it('an HTML page instead of JSON: not_json', async () => {
    const site = addSite({ mode: 'html' });
    await expectError(
      connect(site).discover(),
      'not_json',
      `${labelOf(site)} answered HTML instead of JSON (HTTP 200)`,
    );
  });

  it('a companion route on a bare site: companion_missing, with or without discovery first', async () => {
    const site = addSite({ companion: false });
    const message = `${labelOf(site)}: the Sitefleet companion is not installed: update-status needs it`;
    await expectError(connect(site).companionStatus(), 'companion_missing', message);
    const client = connect(site);
    await client.discover();
    const before = site.requests;
    await expectError(client.companionStatus(), 'companion_missing', message);
    await expectError(client.updateCore(), 'companion_missing', /update-core needs it$/);
    expect(site.requests).toBe(before);
  });

  it('nothing listening: unreachable', async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const client = connect({ url: `${closed.origin}/blog/` });
    await expectError(
      client.discover(),
      'unreachable',
      /^127\.0\.0\.1:\d+\/blog could not be reached: .*ECONNREFUSED/,
    );
  });

  it('a site that drops the connection: unreachable', async () => {
    const site = addSite({ mode: 'dead' });
    await expectError(
      connect(site).discover(),
      'unreachable',
      `${labelOf(site)} closed the connection without answering`,
    );
  });

  it('a site that never answers, or answers too late: timeout', async () => {
    const hung = addSite({ mode: 'hang' });
    const started = Date.now();
    await expectError(
      connect(hung, {}, { timeoutMs: 300 }).discover(),
      'timeout',
      `${labelOf(hung)} did not answer within 300 ms`,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    const slow = addSite({ delayMs: 400 });
    await expectError(
      connect(slow, {}, { timeoutMs: 150 }).settings(),
      'timeout',
      `${labelOf(slow)} did not answer within 150 ms`,
    );
    expect((await connect(slow, {}, { timeoutMs: 2_000 }).settings()).title).toBe(`Fake ${slow.name}`);
  });

  it('JSON that is not WordPress: http for a bare error status, malformed for a wrong shape', async () => {
    const client = connect({ url: `${odd.origin}/broken/` }, { apiRoot: `${odd.origin}/broken/wp-json/` });
    await expectError(client.plugins(), 'http', /^127\.0\.0\.1:\d+\/broken answered HTTP 500$/);
    await expectError(
      client.themes(),
      'malformed',
      /answered an unexpected body: theme\.stylesheet is not a string/,
    );
    await expectError(client.users(), 'malformed', /lists 5000 pages of wp\/v2\/users/);
    await expectError(
      connect({ url: `${odd.origin}/broken/` }).discover(),
      'malformed',
      /namespaces is not a list/,
    );
  });
});

describe('one-click login against the fake companion', () => {
  const staff: SsoStaff = { id: 17, email: 'ana@example.com', name: 'Ana Ruiz', role: 'administrator' };
  const keys = generateSsoKeyPair();

  async function login(client: WordPressClient, token: string) {
    const res = await fetch(client.ssoLoginUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      maxRedirects: 0,
    });
    return { status: res.status, sso: res.headers['x-sitefleet-sso'], location: res.headers.location };
  }

  it('installs the key, logs in once, refuses replay, tampering, expiry and another site, and audits all', async () => {
    const site = addSite();
    const client = connect(site);
    expect(
      await client.installSsoKey({ keyId: keys.keyId, publicKey: keys.publicKey, siteId: '42' }),
    ).toEqual({
      keyId: keys.keyId,
    });
    expect((await client.companionStatus()).sso.keyId).toBe(keys.keyId);
    const mint = (over: { siteId?: string; now?: number } = {}) =>
      mintSsoToken({
        keyId: keys.keyId,
        siteId: '42',
        audience: site.url.slice(0, -1),
        staff,
        privateKeyPem: keys.privateKeyPem,
        ...over,
      }).token;

    const token = mint();
    expect(await login(client, token)).toEqual({ status: 302, sso: 'ok', location: `${site.url}wp-admin/` });
    expect(await login(client, token)).toMatchObject({ status: 403, sso: 'refused; reason=replayed' });
    const [head, sig] = mint().split('.');
    const forged = JSON.parse(Buffer.from(head!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${Buffer.from(JSON.stringify({ ...forged, site: '42', sub: 'sitefleet-1' })).toString('base64url')}.${sig}`;
    expect((await login(client, tampered)).sso).toBe('refused; reason=bad_signature');
    expect((await login(client, mint({ now: Math.floor(Date.now() / 1000) - 120 }))).sso).toBe(
      'refused; reason=expired',
    );
    expect((await login(client, mint({ siteId: '43' }))).sso).toBe('refused; reason=wrong_site');
    expect((await login(client, 'garbage')).sso).toBe('refused; reason=malformed');

    const audit = await client.ssoAudit();
    expect(audit.map((e) => [e.result, e.reason])).toEqual([
      ['ok', null],
      ['refused', 'replayed'],
      ['refused', 'bad_signature'],
      ['refused', 'expired'],
      ['refused', 'wrong_site'],
      ['refused', 'malformed'],
    ]);
    expect(audit[0]).toMatchObject({ staffId: 17, userLogin: 'sitefleet-17' });
    expect((await client.ssoAudit({ after: 4 })).map((e) => e.id)).toEqual([5, 6]);
  });
});
