import { afterEach, describe, expect, it } from 'vitest';
import {
  cpuPercent,
  memoryMb,
  RunCloudClient,
  RunCloudError,
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
