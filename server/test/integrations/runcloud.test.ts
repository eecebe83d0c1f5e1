import { afterEach, describe, expect, it } from 'vitest';
import {
  cpuPercent,
  memoryMb,
  RunCloudClient,
  RunCloudError,
  webappNameFor,
  type RunCloudClientOptions,
} from '../../src/integrations/runcloud/index.js';
import {
  RUNCLOUD_TOKEN,
  rcServer,
  rcWebapp,
  sampleRunCloudData,
  startRunCloudServer,
  type Reply,
} from './runcloud-server.js';
import { failureOf, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(() => startRunCloudServer());
const waits: number[] = [];

afterEach(() => {
  local.server.clearScript();
  waits.splice(0);
});

const client = (options: Partial<RunCloudClientOptions> = {}) =>
  new RunCloudClient({
    token: RUNCLOUD_TOKEN,
    baseUrl: local.server.baseUrl,
    safeFetch: local.fetch,
    timeoutMs: 2_000,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });

const failure = failureOf(RunCloudError);
const since = (before: number) => local.server.requests.slice(before);
const auth = { authorization: `Bearer ${RUNCLOUD_TOKEN}` };

describe('the local RunCloud API', () => {
  it("answers Laravel's 401 without the token, and lists in RunCloud's envelope", async () => {
    const bare = await local.fetch(`${local.server.baseUrl}/servers`, { accept: 'application/json' });
    expect(bare.status).toBe(401);
    expect(bare.json()).toEqual({ message: 'Unauthenticated.' });
    const page = await local.fetch(`${local.server.baseUrl}/servers?perPage=2&page=2`, { headers: auth });
    const body = page.json<{ data: Array<{ id: number }>; meta: { pagination: Record<string, unknown> } }>();
    expect(body.data.map((s) => s.id)).toEqual([1905]);
    expect(body.meta.pagination).toMatchObject({
      total: 3,
      count: 1,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });
    expect(page.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('refuses a page of more than 40 and serves services keyed by slug, stopped ones in words', async () => {
    const big = await local.fetch(`${local.server.baseUrl}/servers/1903/webapps?perPage=41`, {
      headers: auth,
    });
    expect(big.status).toBe(422);
    expect(big.json()).toMatchObject({ errors: { perPage: [expect.stringContaining('40')] } });
    const services = await local.fetch(`${local.server.baseUrl}/servers/1903/services`, { headers: auth });
    const body = services.json<Record<string, Record<string, unknown>>>();
    expect(Array.isArray(body)).toBe(false);
    expect(body.memcached).toMatchObject({
      running: false,
      memory: 'Service stopped',
      cpu: 'Service stopped',
    });
    expect(body.nginx).toMatchObject({ realName: 'nginx-rc', running: true, memory: '54 MB' });
  });

  it('answers 429 with Retry-After beyond its per-minute limit', async () => {
    let clock = 1_000_000;
    const limited = await startRunCloudServer({ requestsPerMinute: 2, now: () => clock });
    try {
      const get = () => local.fetch(`${limited.baseUrl}/ping`, { headers: auth });
      expect((await get()).status).toBe(200);
      expect((await get()).headers['x-ratelimit-remaining']).toBe('0');
      const third = await get();
      expect(third.status).toBe(429);
      expect(third.json()).toEqual({ message: 'Too Many Attempts.' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      clock += 61_000;
      expect((await get()).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('RunCloudClient', () => {
  it('sends the bearer token and the JSON headers RunCloud requires', async () => {
    const before = local.server.requests.length;
    await client().ping();
    const [req] = since(before);
    expect(req).toMatchObject({
      method: 'GET',
      path: 'ping',
      authorization: `Bearer ${RUNCLOUD_TOKEN}`,
      accept: 'application/json',
      contentType: 'application/json',
    });
  });

  it('lists every server page by page and reads one with its stats, hardware and health', async () => {
    const before = local.server.requests.length;
    const servers = await client({ perPage: 2 }).listServers();
    expect(servers.map((s) => [s.id, s.name, s.ipAddress])).toEqual([
      [1903, 'web-01', '203.0.113.10'],
      [1904, 'web-02', '203.0.113.20'],
      [1905, 'web-09', '203.0.113.90'],
    ]);
    expect(since(before).map((r) => Object.fromEntries(r.query))).toEqual([
      { page: '1', perPage: '2' },
      { page: '2', perPage: '2' },
    ]);
    const c = client();
    const one = await c.server(1903);
    expect(one).toMatchObject({ id: 1903, online: true, connected: true, agentVersion: '2.8.7-1' });
    expect(await c.serverStats(1903)).toEqual({
      webApplications: 45,
      databases: 45,
      cronJobs: 3,
      supervisors: 0,
      country: 'Germany',
    });
    const hardware = await c.hardwareInfo(1903);
    expect(hardware.cpuCores).toBeGreaterThan(0);
    expect(hardware.totalMemoryGb).toBeGreaterThan(hardware.freeMemoryGb!);
    expect(hardware.uptime).toMatch(/^\d+h \d+m 0s$/);
    const health = await c.latestHealth(1903);
    expect(health.usedMemoryMb! + health.availableMemoryMb!).toBeCloseTo(health.totalMemoryMb!, 0);
    expect(health.updated).toMatch(/seconds ago$/);
  });

  it("pages through a server's 45 web apps 40 at a time and reads their domains", async () => {
    const before = local.server.requests.length;
    const apps = await client().listWebapps(1903);
    expect(apps).toHaveLength(45);
    expect(new Set(apps.map((a) => a.id)).size).toBe(45);
    expect(since(before).map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(since(before).every((r) => r.query.get('perPage') === '40')).toBe(true);
    const domains = await client().listDomains(1903, 5101);
    expect(domains.map((d) => [d.name, d.type])).toEqual([
      ['static.internal.example', 'primary'],
      ['links-beta.example', 'alias'],
      ['old-links-beta.example', 'redirect'],
    ]);
    expect(await client().webapp(1903, 5100)).toMatchObject({ name: 'links-alpha', phpVersion: 'php82rc' });
  });

  it('reads services as a list: stopped ones not running and without figures, sizes in MB', async () => {
    const services = await client().services(1903);
    const by = Object.fromEntries(services.map((s) => [s.slug, s]));
    expect(Object.keys(by)).toContain('php81rc');
    expect(by.nginx).toMatchObject({ realName: 'nginx-rc', running: true, memoryMb: 54, cpuPercent: 0.0076 });
    expect(by.memcached).toMatchObject({
      realName: 'memcached',
      running: false,
      memory: 'Service stopped',
      memoryMb: null,
      cpuPercent: null,
    });
    expect(by.php81rc!.memoryMb).toBe(1228.8);
    expect(by.php82rc!.memoryMb).toBe(0.5);
    expect([memoryMb('Service stopped'), memoryMb('8.5 MB'), cpuPercent('0.93%'), cpuPercent('x')]).toEqual([
      null,
      8.5,
      0.93,
      null,
    ]);
  });

  it('restarts a service by its realName with PATCH and reports RunCloud validation per field', async () => {
    const before = local.server.requests.length;
    const done = await client().serviceAction(1903, 'memcached', 'restart');
    expect(done.message).toBe('Service memcached has been restarted.');
    const [req] = since(before);
    expect(req).toMatchObject({ method: 'PATCH', path: 'servers/1903/services' });
    expect(req!.body).toEqual({ action: 'restart', realName: 'memcached' });
    expect((await client().services(1903)).find((s) => s.slug === 'memcached')?.running).toBe(true);

    const refused = await failure(client().serviceAction(1903, 'nginx', 'restart'));
    expect(refused.kind).toBe('invalid');
    expect(refused.status).toBe(422);
    expect(refused.fields).toEqual({ realName: 'The selected real name is invalid.' });
    expect(refused.message).toContain('realName: The selected real name is invalid.');

    const sent = local.server.requests.length;
    const bad = await failure(client().serviceAction(1903, 'nginx rc; rm', 'restart'));
    expect(bad.kind).toBe('invalid');
    expect(local.server.requests.length).toBe(sent);
  });

  it("force-deploys a web app's git (reading its git id first) and says when it has none", async () => {
    const git = await client().git(1903, 5100);
    expect(git).toMatchObject({ id: 88, branch: 'main', repository: 'acme/links-alpha', autoDeploy: true });
    const before = local.server.deploys.length;
    const deployed = await client().forceDeploy(1903, 5100);
    expect(deployed).toEqual({ gitId: 88, message: null });
    expect(local.server.deploys.slice(before)).toEqual([{ serverId: 1903, webappId: 5100, gitId: 88 }]);
    const last = local.server.requests.at(-1)!;
    expect(last).toMatchObject({ method: 'PUT', path: 'servers/1903/webapps/5100/git/88/script', body: {} });
    const none = await failure(client().forceDeploy(1903, 5000));
    expect(none.kind).toBe('not_found');
  });

  it('waits out a 429 Retry-After and asks again, within bounds', async () => {
    local.server.script(
      [429, { message: 'Too Many Attempts.' }, { 'retry-after': '3' }],
      [429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }],
    );
    const servers = await client().listServers();
    expect(servers).toHaveLength(3);
    expect(waits).toEqual([3000, 1000]);

    local.server.script([429, { message: 'Too Many Attempts.' }, { 'retry-after': '600' }]);
    const long = await failure(client().listServers());
    expect(long.kind).toBe('rate_limited');
    expect(long.retryAfterSeconds).toBe(600);
    expect(long.message).toContain('Too Many Attempts.');

    local.server.script(
      [429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }],
      [429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }],
      [429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }],
    );
    expect((await failure(client().services(1903))).kind).toBe('rate_limited');
  });

  it("classifies RunCloud's error answers and quotes their message without the token", async () => {
    const wrong = await failure(client({ token: 'rc-wrong-token' }).listServers());
    expect([wrong.kind, wrong.status]).toEqual(['auth', 401]);
    expect(wrong.message).toContain('Unauthenticated.');
    local.server.script([403, { message: 'Your plan does not include API access.' }]);
    expect((await failure(client().server(1903))).kind).toBe('forbidden');
    const missing = await failure(client().server(424242));
    expect([missing.kind, missing.message]).toEqual([
      'not_found',
      expect.stringContaining('Server not found.'),
    ]);
    local.server.script([503, { message: `Maintenance for ${RUNCLOUD_TOKEN}` }]);
    const down = await failure(client().services(1903));
    expect(down.kind).toBe('unavailable');
    expect(down.message).not.toContain(RUNCLOUD_TOKEN);
    local.server.script([200, '{"data": [']);
    expect((await failure(client().listServers())).kind).toBe('bad_response');
    local.server.script([200, { data: [{ name: 'no id' }] }]);
    expect((await failure(client().listServers())).kind).toBe('bad_response');
    const dead = await failure(client({ baseUrl: `${local.deadOrigin}/api/v3` }).ping());
    expect(dead.kind).toBe('network');
  });

  it('fails the calls of a server whose agent does not answer, and only those', async () => {
    local.server.failServer(1904);
    try {
      const agent = await failure(client().hardwareInfo(1904));
      expect([agent.kind, agent.status]).toEqual(['unavailable', 500]);
      expect(agent.message).toContain('Unable to connect to the RunCloud agent');
      expect((await client().hardwareInfo(1903)).cpuCores).toBeGreaterThan(0);
    } finally {
      local.server.healServer(1904);
    }
  });

  it('refuses paging that does not end', async () => {
    const endless = await startRunCloudServer({
      servers: [rcServer(1, 'a', '198.51.100.1', [rcWebapp(1, 'x', 'x.example')])],
    });
    try {
      endless.script(
        ...Array.from({ length: 3 }, (): Reply => [
          200,
          { data: [{ id: 1, name: 'a' }], meta: { pagination: { current_page: 1, total_pages: 9 } } },
        ]),
      );
      const c = client({ baseUrl: endless.baseUrl, maxPages: 3 });
      expect((await failure(c.listServers())).message).toContain('paging does not end');
    } finally {
      await endless.close();
    }
  });

  it('refuses a private address unless the configuration allows it', async () => {
    await withGuardedFetch(async (guarded) => {
      const refused = await failure(client({ safeFetch: guarded }).ping());
      expect(refused.kind).toBe('refused');
    });
    expect(sampleRunCloudData()).toHaveLength(3);
  });
});

describe('creating web apps on RunCloud', () => {
  // Its own server: these tests add web apps, which the listings above count.
  const own = useLocalProvider(() => startRunCloudServer());
  afterEach(() => own.server.clearScript());

  const rc = (options: Partial<RunCloudClientOptions> = {}) =>
    new RunCloudClient({
      token: RUNCLOUD_TOKEN,
      baseUrl: own.server.baseUrl,
      safeFetch: own.fetch,
      timeoutMs: 2_000,
      sleep: async () => undefined,
      ...options,
    });
  const posts = (path: string) => own.server.requests.filter((r) => r.method === 'POST' && r.path === path);
  const appsNamed = (serverId: number, name: string) =>
    own.server.servers.find((s) => s.id === serverId)!.webapps.filter((w) => w.name === name);
  const wordPress = {
    name: 'wp-fresh',
    domainName: 'wp-fresh.example',
    phpVersion: 'php82rc',
    siteTitle: 'Fresh',
    adminUsername: 'sitefleet',
    adminPassword: 'Adm1n-pass-4ever-long',
    adminEmail: 'ops@sitefleet.example',
    dbName: 'wp_fresh',
    dbUser: 'wp_fresh_u',
    dbPassword: 'Db-pass-9f3c71a2e8',
  };

  it("answers Laravel's 422 listing every field, and 405 for a GET of a creation route", async () => {
    const bare = await own.fetch(`${own.server.baseUrl}/servers/1904/webapps/custom`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bare.status).toBe(422);
    const body = bare.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toMatch(/^The name field is required\. \(and \d+ more errors\)$/);
    expect(body.errors).toMatchObject({
      name: ['The name field is required.'],
      domainName: ['The domain name field is required.'],
      user: ['The user field is required.'],
      processManager: ['The process manager field is required.'],
    });
    const get = await own.fetch(`${own.server.baseUrl}/servers/1904/webapps/wordpress`, { headers: auth });
    expect(get.status).toBe(405);
    expect(
      (await own.fetch(`${own.server.baseUrl}/servers/9/webapps/custom`, { headers: auth })).status,
    ).toBe(404);
  });

  it('creates a web app for a domain, installs WordPress in it and finds it again by name', async () => {
    const c = rc();
    expect((await c.systemUsers(1904)).map((u) => [u.id, u.username, u.deletable])).toEqual([
      [19041, 'runcloud', false],
      [19040, 'root', false],
    ]);
    const before = own.server.requests.length;
    // No PHP asked for: the server's command-line one (php82rc).
    const app = await c.createWebapp(1904, { name: 'fresh-example', domainName: 'Fresh.Example' });
    expect(app).toMatchObject({
      name: 'fresh-example',
      type: 'custom',
      serverUserId: 19041,
      rootPath: '/home/runcloud/webapps/fresh-example',
      phpVersion: 'php82rc',
      stack: 'hybrid',
      stackMode: 'production',
    });
    const [users, server, create] = own.server.requests.slice(before);
    expect([users!.path, users!.query.get('search')]).toEqual(['servers/1904/users', 'runcloud']);
    expect(server!.path).toBe('servers/1904');
    expect(create).toMatchObject({ method: 'POST', path: 'servers/1904/webapps/custom' });
    expect(create!.body).toMatchObject({
      name: 'fresh-example',
      domainName: 'fresh.example',
      user: 19041,
      phpVersion: 'php82rc',
      processManager: 'ondemand',
      openBasedir: '/home/runcloud/webapps/fresh-example:/var/lib/php/session:/tmp',
    });

    expect((await c.listWebapps(1904)).map((w) => w.name)).toContain('fresh-example');
    expect((await c.listDomains(1904, app.id)).map((d) => [d.name, d.type])).toEqual([
      ['fresh.example', 'primary'],
    ]);
    expect((await c.serverStats(1904)).webApplications).toBe(4);

    const installed = await c.installWordPress(1904, app.id);
    expect(installed).toMatchObject({ name: 'wordpress', realName: 'WordPress' });
    expect(posts(`servers/1904/webapps/${app.id}/installer`).map((r) => r.body)).toEqual([
      { name: 'wordpress' },
    ]);
    expect(await c.installer(1904, app.id)).toEqual(installed);
    const again = await failure(c.installWordPress(1904, app.id));
    expect([again.kind, again.fields?.name]).toEqual([
      'invalid',
      'A script has already been installed in this web application.',
    ]);
    expect((await failure(c.installer(1904, 6000))).kind).toBe('not_found');

    expect((await c.findWebapp(1904, 'FRESH-example'))?.id).toBe(app.id);
    // "fresh" matches "fresh-example" in RunCloud's search, but is not its name.
    expect(await c.findWebapp(1904, 'fresh')).toBeNull();
    expect(own.server.requests.at(-1)!.query.get('search')).toBe('fresh');
  });

  it('creates a WordPress web app in one call and keeps its passwords out of errors', async () => {
    const c = rc();
    const app = await c.createWordPressWebapp(1903, wordPress);
    expect(app).toMatchObject({ name: 'wp-fresh', type: 'wordpress', serverUserId: 19031 });
    const [sent] = posts('servers/1903/webapps/wordpress');
    expect(sent!.body).toEqual({
      name: 'wp-fresh',
      domainName: 'wp-fresh.example',
      siteTitle: 'Fresh',
      adminUsername: 'sitefleet',
      password: wordPress.adminPassword,
      adminEmail: 'ops@sitefleet.example',
      dbUser: 'wp_fresh_u',
      dbPassword: wordPress.dbPassword,
      dbName: 'wp_fresh',
      dbPrefix: 'wp_',
      user: 19031,
      publicPath: null,
      phpVersion: 'php82rc',
      stack: 'hybrid',
      stackMode: 'production',
    });
    const twice = await failure(c.createWordPressWebapp(1903, { ...wordPress, domainName: 'other.example' }));
    expect(twice.fields).toEqual({
      name: 'The name has already been taken.',
      dbName: 'The db name has already been taken.',
    });

    const { adminPassword, dbPassword } = wordPress;
    own.server.faultCreates({
      afterCommit: [
        422,
        { message: `Weak ${adminPassword}`, errors: { dbPassword: [`${dbPassword} is weak`] } },
      ],
    });
    const echoed = await failure(
      c.createWordPressWebapp(1903, {
        ...wordPress,
        name: 'wp-echo',
        dbName: 'wp_echo',
        domainName: 'echo.example',
      }),
    );
    expect(echoed.kind).toBe('invalid');
    expect(JSON.stringify([echoed.message, echoed.fields])).not.toMatch(
      new RegExp(`${adminPassword}|${dbPassword}`),
    );
    expect(echoed.fields?.dbPassword).toBe('*** is weak');
  });

  it("refuses a name or domain already taken, and a PHP the server lacks, with RunCloud's field messages", async () => {
    const c = rc();
    const count = own.server.servers[1]!.webapps.length;
    const name = await failure(
      c.createWebapp(1904, { name: 'shop', domainName: 'new-shop.example', phpVersion: 'php82rc' }),
    );
    expect([name.kind, name.status, name.fields]).toEqual([
      'invalid',
      422,
      { name: 'The name has already been taken.' },
    ]);
    expect(name.message).toContain('name: The name has already been taken.');
    const domain = await failure(
      c.createWebapp(1904, { name: 'shop-2', domainName: 'shop.example', phpVersion: 'php74rc' }),
    );
    expect(domain.fields).toEqual({
      domainName: 'The domain name has already been taken.',
      phpVersion: 'The selected php version is invalid.',
    });
    const user = await failure(
      c.createWebapp(1904, {
        name: 'shop-3',
        domainName: 'shop3.example',
        phpVersion: 'php82rc',
        userId: 424242,
      }),
    );
    expect([user.kind, user.fields?.user]).toEqual(['invalid', 'Server 1904 has no system user 424242']);
    expect(
      posts('servers/1904/webapps/custom').filter((r) =>
        String((r.body as { name?: unknown }).name).startsWith('shop-3'),
      ),
    ).toEqual([]);
    expect(
      (await failure(c.createWebapp(424242, { name: 'x', domainName: 'x.example', phpVersion: 'php82rc' })))
        .kind,
    ).toBe('not_found');
    expect(own.server.servers[1]!.webapps).toHaveLength(count);
  });

  it('never repeats a creation whose answer was lost: outcome_unknown, then findWebapp finds the one made', async () => {
    const c = rc();
    const input = { name: 'lost-answer', domainName: 'lost-answer.example', phpVersion: 'php81rc' };
    own.server.faultCreates('drop-after-commit');
    const made = own.server.created.length;
    const lost = await failure(c.createWebapp(1905, input));
    expect(lost.kind).toBe('outcome_unknown');
    expect(lost.message).toContain('findWebapp');
    expect(posts('servers/1905/webapps/custom')).toHaveLength(1);
    expect(own.server.created.slice(made)).toEqual([
      { serverId: 1905, kind: 'custom', webappId: expect.any(Number), name: 'lost-answer' },
    ]);
    const found = await c.findWebapp(1905, 'lost-answer');
    expect(found?.id).toBe(own.server.created.at(-1)!.webappId);
    expect(appsNamed(1905, 'lost-answer')).toHaveLength(1);

    // Dropped before anything was done: just as unknown to the client, and nothing to find.
    own.server.faultCreates('drop');
    expect(
      (await failure(c.createWebapp(1905, { ...input, name: 'never-made', domainName: 'nm.example' }))).kind,
    ).toBe('outcome_unknown');
    expect(await c.findWebapp(1905, 'never-made')).toBeNull();

    own.server.faultCreates(
      { afterCommit: [502, { message: 'Bad Gateway' }] },
      { afterCommit: [200, '{"id": 9'] },
      'stall-after-commit',
    );
    const gateway = await failure(
      c.createWebapp(1905, { ...input, name: 'gw-502', domainName: 'gw.example' }),
    );
    expect([gateway.kind, gateway.status]).toEqual(['outcome_unknown', 502]);
    const cut = await failure(
      c.createWebapp(1905, { ...input, name: 'cut-json', domainName: 'cut.example' }),
    );
    expect(cut.kind).toBe('outcome_unknown');
    const slow = await failure(
      rc({ timeoutMs: 300 }).createWebapp(1905, { ...input, name: 'slow', domainName: 'slow.example' }),
    );
    expect([slow.kind, (slow.cause as RunCloudError).kind]).toEqual(['outcome_unknown', 'timeout']);
    expect(['gw-502', 'cut-json', 'slow'].map((n) => appsNamed(1905, n).length)).toEqual([1, 1, 1]);

    own.server.faultCreates('drop-after-commit');
    const app = found!;
    expect((await failure(c.installWordPress(1905, app.id))).kind).toBe('outcome_unknown');
    expect((await c.installer(1905, app.id)).name).toBe('wordpress');

    // The POST goes where nothing listens: it never left, so the answer is known (no web app), unlike a drop.
    const refusedPosts: RunCloudClientOptions['safeFetch'] = (url, init) =>
      own.fetch(init?.method === 'POST' ? url.replace(own.server.origin, own.deadOrigin) : url, init);
    const dead = await failure(
      rc({ safeFetch: refusedPosts }).createWebapp(1905, { ...input, name: 'not-sent' }),
    );
    expect(dead.kind).toBe('network');
  });

  it('refuses bad input before sending anything', async () => {
    const c = rc();
    const base = { name: 'fine-name', domainName: 'fine.example', phpVersion: 'php82rc' };
    const before = own.server.requests.length;
    const cases: Array<[Promise<unknown>, string]> = [
      [c.createWebapp(1904, { ...base, name: 'bad name!' }), 'name'],
      [c.createWebapp(1904, { ...base, name: 'a'.repeat(41) }), 'name'],
      [c.createWebapp(1904, { ...base, name: '-leading' }), 'name'],
      [c.createWebapp(1904, { ...base, domainName: 'https://fine.example/path' }), 'domainName'],
      [c.createWebapp(1904, { ...base, domainName: 'localhost' }), 'domainName'],
      [c.createWebapp(1904, { ...base, phpVersion: '8.2' }), 'phpVersion'],
      [c.createWebapp(1904, { ...base, stack: 'apache' as never }), 'stack'],
      [c.createWebapp(1904, { ...base, userId: 1.5 }), 'user'],
      [c.createWebapp(1904, { ...base, publicPath: '../etc' }), 'publicPath'],
      [c.createWordPressWebapp(1904, { ...wordPress, adminPassword: 'short' }), 'password'],
      [c.createWordPressWebapp(1904, { ...wordPress, dbPassword: "quote'in-password" }), 'dbPassword'],
      [c.createWordPressWebapp(1904, { ...wordPress, adminEmail: 'nobody' }), 'adminEmail'],
      [c.createWordPressWebapp(1904, { ...wordPress, dbName: 'wp-fresh' }), 'dbName'],
      [c.findWebapp(1904, 'bad name'), 'name'],
    ];
    for (const [call, field] of cases) {
      const err = await failure(call);
      expect([err.kind, Object.keys(err.fields ?? {})]).toEqual(['invalid', [field]]);
    }
    expect(
      (await failure(c.createWordPressWebapp(1904, { ...wordPress, adminPassword: 'short' }))).message,
    ).not.toContain('short');
    expect((await failure(c.installWordPress(1904, 0))).kind).toBe('invalid');
    expect((await failure(c.createWebapp(-1, base))).kind).toBe('invalid');
    expect(own.server.requests.length).toBe(before);
    expect([webappNameFor('Shop.Example.COM'), webappNameFor(`${'a'.repeat(39)}.example`)]).toEqual([
      'shop-example-com',
      'a'.repeat(39),
    ]);
  });

  it('removes an installer with DELETE, as RunCloud documents', async () => {
    const c = rc();
    const app = await c.createWebapp(1904, { name: 'pma', domainName: 'pma.example', phpVersion: 'php82rc' });
    const made = await c.installWordPress(1904, app.id);
    const url = `${own.server.baseUrl}/servers/1904/webapps/${app.id}/installer/${made.id}`;
    const removed = await fetch(url, { method: 'DELETE', headers: { ...auth, accept: 'application/json' } });
    expect([removed.status, await removed.json()]).toEqual([
      200,
      expect.objectContaining({ id: made.id, name: 'wordpress' }),
    ]);
    expect((await failure(c.installer(1904, app.id))).kind).toBe('not_found');
  });
});
