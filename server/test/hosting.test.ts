import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import {
  RUNCLOUD_TOKEN,
  startRunCloudServer,
  type LocalRunCloudServer,
} from './integrations/runcloud-server.js';
import {
  FAKE_PASSWORD,
  fakeOpcache,
  startWordPressFake,
  type WordPressFake,
} from './support/wordpress-fake.js';

/** The fake WordPress sites' address: allowed through the outbound guard like a customer's site would be. */
const WP_HOST = '127.0.0.7';

interface Run {
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  job_output: { key?: string; output: { message: string } & Record<string, unknown> }[];
  failed_job_output: { key?: string; output: { message: string } & Record<string, unknown> }[];
}

type Body = Record<string, unknown>;
interface Service {
  slug: string;
  realName: string;
  running: boolean;
  memory: string | null;
  memory_mb: number | null;
}
interface Services {
  source: string;
  read_at: number | null;
  message: string | null;
  services: Service[];
}

/**
 * The hosting panel against a local RunCloud API and the WordPress fake: runcloud:sync pairing servers and
 * websites and reporting what exists on one side only, its 429 retry and a server whose calls fail; the
 * services calls with their permission, audit and validation; opcache:collect through the companion.
 */
describe.each(DATABASES)('hosting panel on %s', (kind) => {
  let t: TestApp;
  let rc: LocalRunCloudServer;
  let wp: WordPressFake;
  let admin: Record<string, string>;
  const servers: Record<string, number> = {};
  const sites: Record<string, number> = {};

  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
    t.call<T>({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Body }) });
  const run = (command: string) => runCommand<Run>(t, admin, 'dms', command, {}, 60_000);
  const outputs = (r: Run) => [...r.job_output, ...r.failed_job_output].map((j) => j.output.message);

  async function create(path: string, payload: Body): Promise<number> {
    const res = await call<{ data: { id: number } }>('POST', `/dms/api/v1/${path}`, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id;
  }
  const website = (host: string, server: string | null, extra: Body = {}) =>
    create('websites', {
      url: `https://${host}`,
      target_market: 'UK',
      type: 'LINK',
      ...(server ? { server_id: servers[server] } : {}),
      ...extra,
    });
  const websiteRow = async (id: number) =>
    (
      await t.db.query<Record<string, number | null>>(
        'SELECT runcloud_server_id, runcloud_webapp_id, runcloud_alias_id FROM websites WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  beforeAll(async () => {
    rc = await startRunCloudServer();
    wp = await startWordPressFake(WP_HOST);
    wp.addSite('op-a');
    wp.addSite('op-b', { opcache: 'disabled' });
    wp.addSite('op-c', { companion: false });
    wp.addSite('op-d');
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.1', WP_HOST],
      jobsRetryDelaySeconds: 0,
      runcloud: { token: RUNCLOUD_TOKEN, baseUrl: rc.baseUrl },
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    servers.frankfurt = await create('servers', {
      name: 'Frankfurt 1',
      type: 'Hosting',
      main_ip: '203.0.113.10',
    });
    servers.web02 = await create('servers', { name: 'WEB-02', type: 'Hosting', main_ip: '198.51.100.2' });
    servers.legacy = await create('servers', {
      name: 'legacy-box',
      type: 'Hosting',
      main_ip: '198.51.100.3',
    });
    servers.analytics = await create('servers', { name: 'stats-box', type: 'Analytics' });
    sites.site3 = await website('site3.example', 'frankfurt');
    sites.site10 = await website('www.site10.example', 'frankfurt');
    sites.alpha = await website('links-alpha.example', 'frankfurt');
    sites.beta = await website('links-beta.example', 'frankfurt');
    sites.kept = await website('site5.example', 'frankfurt', { runcloud_alias_id: 4242 });
    sites.gone = await website('gone.example', 'frankfurt');
    sites.shop = await website('shop.example', 'web02');
    sites.blog = await website('blog-alias.example', null);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([rc?.close(), wp?.close()]);
  });

  it('links servers by IP and name and websites by their domains, and reports what exists on one side only', async () => {
    const before = rc.requests.length;
    const r = await run('runcloud:sync');
    expect(r.failed_count, JSON.stringify(r.failed_job_output)).toBe(0);
    const lines = outputs(r);
    expect(lines).toContainEqual(
      expect.stringMatching(/only in RunCloud: web-09 \(#1905, 203\.0\.113\.90\)/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/only in Sitefleet: legacy-box \(198\.51\.100\.3\)/));
    expect(lines.join('\n')).not.toContain('stats-box');

    const rows = await t.db.query<{ name: string; runcloud_server_id: number | null }>(
      'SELECT name, runcloud_server_id FROM servers ORDER BY id',
    );
    expect(rows.rows.map((s) => [s.name, s.runcloud_server_id])).toEqual([
      ['Frankfurt 1', 1903],
      ['WEB-02', 1904],
      ['legacy-box', null],
      ['stats-box', null],
    ]);

    // 45 web apps on web-01: two pages of 40, every domain list read.
    const mine = rc.requests.slice(before);
    expect(mine.filter((q) => q.path === 'servers/1903/webapps').map((q) => q.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(mine.filter((q) => /^servers\/1903\/webapps\/\d+\/domains$/.test(q.path))).toHaveLength(45);

    const alias = rc.servers[0]!.webapps.find((w) => w.id === 5101)!.domains.find((d) => d.type === 'alias')!;
    expect(await websiteRow(sites.site3!)).toEqual({
      runcloud_server_id: 1903,
      runcloud_webapp_id: 5003,
      runcloud_alias_id: null,
    });
    expect((await websiteRow(sites.site10!)).runcloud_webapp_id).toBe(5010);
    expect(await websiteRow(sites.alpha!)).toEqual({
      runcloud_server_id: 1903,
      runcloud_webapp_id: 5100,
      runcloud_alias_id: null,
    });
    expect(await websiteRow(sites.beta!)).toEqual({
      runcloud_server_id: 1903,
      runcloud_webapp_id: 5101,
      runcloud_alias_id: alias.id,
    });
    expect(await websiteRow(sites.kept!)).toEqual({
      runcloud_server_id: 1903,
      runcloud_webapp_id: 5005,
      runcloud_alias_id: 4242,
    });
    expect(await websiteRow(sites.gone!)).toEqual({
      runcloud_server_id: null,
      runcloud_webapp_id: null,
      runcloud_alias_id: null,
    });
    expect((await websiteRow(sites.shop!)).runcloud_webapp_id).toBe(6000);
    expect((await websiteRow(sites.blog!)).runcloud_webapp_id).toBe(6001);

    const frankfurt = r.job_output.find((j) => j.output.runcloud_server_id === 1903)!.output;
    expect(frankfurt.matched_by).toBe('ip');
    expect(frankfurt.only_sitefleet).toEqual(['gone.example']);
    expect(frankfurt.only_runcloud).toContain('site-0 (site0.example)');
    expect(frankfurt.message).toContain('aliases RunCloud does not list, kept: site5.example (#4242)');
    expect(frankfurt.stopped_services).toEqual(['memcached', 'beanstalkd']);
    const web02 = r.job_output.find((j) => j.output.runcloud_server_id === 1904)!.output;
    expect(web02.matched_by).toBe('name');
    expect(web02.only_runcloud).toEqual(['orphan-app (orphan.example)']);

    const snap = await call<{ data: Body }>('GET', `/dms/api/v1/servers/${servers.frankfurt}/runcloud`);
    expect(snap.status).toBe(200);
    expect(snap.body.data).toMatchObject({
      configured: true,
      runcloud_server_id: 1903,
      name: 'web-01',
      online: true,
      stats: { web_applications: 45, databases: 45, cron_jobs: 3 },
      last_error: null,
    });
    expect((snap.body.data.hardware as Body).cpu_cores).toBeGreaterThan(0);
    expect((snap.body.data.health as Body).updated).toMatch(/seconds ago/);

    // Again: nothing changes, no website's version moves.
    const versions = await t.db.query('SELECT id, version FROM websites ORDER BY id');
    await run('runcloud:sync');
    expect((await t.db.query('SELECT id, version FROM websites ORDER BY id')).rows).toEqual(versions.rows);
  });

  it("waits out RunCloud's 429 and finishes the run", async () => {
    const before = rc.requests.length;
    rc.script([429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }]);
    const r = await run('runcloud:sync');
    expect(r.failed_count).toBe(0);
    const listings = rc.requests.slice(before).filter((q) => q.path === 'servers');
    expect(listings.length).toBe(2);
  });

  it('fails only the unit of a server whose RunCloud calls fail, keeping its last figures', async () => {
    rc.failServer(1904);
    try {
      const r = await run('runcloud:sync');
      expect(r.failed_count).toBe(1);
      expect(r.failed_job_output[0]!.output.message).toMatch(
        /^WEB-02: .*Unable to connect to the RunCloud agent/,
      );
      expect(r.success_count).toBeGreaterThanOrEqual(2);
      const snap = await call<{ data: Body }>('GET', `/dms/api/v1/servers/${servers.web02}/runcloud`);
      expect(snap.body.data.last_error).toMatch(/HTTP 500/);
      expect(snap.body.data.name).toBe('web-02');
      expect(snap.body.data.synced_at).toBeGreaterThan(0);
    } finally {
      rc.healServer(1904);
    }
  });

  it("reads a server's services from RunCloud, stopped ones without figures; any reader may", async () => {
    const viewer = await t.as('VIEWER');
    const res = await call<{ data: Services }>(
      'GET',
      `/dms/api/v1/servers/${servers.frankfurt}/services`,
      undefined,
      viewer,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.source).toBe('runcloud');
    const memcached = res.body.data.services.find((s) => s.slug === 'memcached')!;
    expect(memcached).toMatchObject({ running: false, memory: 'Service stopped', memory_mb: null });
    const status = await call<{ data: Array<{ name: string; services: Service[] }> }>(
      'GET',
      '/dms/api/v1/servers/service-status',
    );
    expect(status.body.data.map((s) => s.name)).toEqual(['Frankfurt 1', 'legacy-box', 'stats-box', 'WEB-02']);
    expect(status.body.data[0]!.services.length).toBeGreaterThan(5);
    const unlinked = await call<{ data: Services }>('GET', `/dms/api/v1/servers/${servers.legacy}/services`);
    expect(unlinked.body.data).toMatchObject({ source: 'none', services: [] });
    expect(unlinked.body.data.message).toMatch(/not linked to RunCloud/);
  });

  it('restarts a service for IT with an audit row; refuses other roles and names not in the snapshot', async () => {
    const url = `/dms/api/v1/servers/${servers.frankfurt}/services`;
    const viewer = await t.as('VIEWER');
    const sent = rc.serviceActions.length;
    const refused = await call('POST', url, { realName: 'nginx-rc', action: 'restart' }, viewer);
    expect(refused.status).toBe(403);
    const unknown = await call<{ error: { fields: Record<string, string> } }>('POST', url, {
      realName: 'nginx',
      action: 'restart',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.realName).toMatch(
      /not a service of Frankfurt 1: one of nginx-rc, mysql/,
    );
    const stop = await call<{ error: { fields: Record<string, string> } }>('POST', url, {
      realName: 'nginx-rc',
      action: 'stop',
    });
    expect(stop.status).toBe(422);
    expect(stop.body.error.fields.action).toMatch(/restart/);
    const unlinked = await call('POST', `/dms/api/v1/servers/${servers.legacy}/services`, {
      realName: 'nginx-rc',
      action: 'restart',
    });
    expect(unlinked.status).toBe(422);
    expect(rc.serviceActions.length).toBe(sent);

    const it = await t.as('IT');
    const done = await call<{ data: { message: string; service: Service; services: Services } }>(
      'POST',
      url,
      { realName: 'memcached', action: 'restart' },
      it,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.message).toBe('Service memcached has been restarted.');
    expect(done.body.data.service).toMatchObject({ realName: 'memcached', running: true });
    expect(done.body.data.services.source).toBe('runcloud');
    expect(rc.serviceActions.slice(sent)).toEqual([
      { serverId: 1903, action: 'restart', realName: 'memcached' },
    ]);
    const audit = await t.db.query<{ action: string; target: string; detail: Body; actor_id: number }>(
      `SELECT a.action, a.target, a.detail, a.actor_id FROM audit_log a WHERE a.action = 'server.service_restart'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      target: `servers/${servers.frankfurt}`,
      detail: { realName: 'memcached', action: 'restart', ok: true },
    });
    const actor = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      audit.rows[0]!.actor_id,
    ]);
    expect(actor.rows[0]!.email).toMatch(/^it-/);

    // RunCloud refusing the name (the snapshot is older than the server) is a field error, audited too.
    rc.script([
      422,
      {
        message: 'The given data was invalid.',
        errors: { realName: ['The selected real name is invalid.'] },
      },
    ]);
    const gone = await call<{ error: { fields: Record<string, string> } }>(
      'POST',
      url,
      { realName: 'mysql', action: 'restart' },
      it,
    );
    expect(gone.status).toBe(422);
    expect(gone.body.error.fields.realName).toBe('The selected real name is invalid.');
    const failedAudit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'server.service_restart' AND detail->>'ok' = 'false'`,
    );
    expect(failedAudit.rows).toHaveLength(1);
  });

  it("reads OpCache through each server's connected sites, and says where a server has none", async () => {
    const connect = async (site: string, server: string) => {
      const id = await website(`${site}.opcache.example`, server);
      const res = await call<{ data: Body }>('POST', `/dms/api/v1/wordpress/${id}/connect`, {
        url: wp.site(site).url,
        username: 'admin',
        application_password: FAKE_PASSWORD,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return id;
    };
    const a = await connect('op-a', 'frankfurt');
    const b = await connect('op-b', 'frankfurt');
    await connect('op-c', 'frankfurt');
    await connect('op-d', 'web02');
    wp.site('op-d').config.mode = 'dead';

    const r = await run('opcache:collect');
    expect(r.failed_count).toBe(1);
    expect(r.failed_job_output[0]!.output.message).toMatch(/^WEB-02: 0 of 1 sites read/);
    const lines = outputs(r).join('\n');
    expect(lines).toMatch(/No connected WordPress site, so no OpCache figures: legacy-box, stats-box/);
    expect(lines).toMatch(/Frankfurt 1: 2 of 3 sites read/);
    expect(lines).toMatch(/op-c.*companion is not installed/);

    const expected = fakeOpcache(wp.site('op-a'));
    const overview = await call<{ data: Array<Record<string, unknown>> }>(
      'GET',
      '/dms/api/v1/servers/opcache',
    );
    expect(overview.status).toBe(200);
    const byName = Object.fromEntries(overview.body.data.map((s) => [s.name, s]));
    expect(byName['Frankfurt 1']).toMatchObject({
      connected_sites: 3,
      sites_read: 2,
      php_versions: ['8.2.29'],
      memory_used: expected.memory!.used,
      memory_free: expected.memory!.free,
      cached_scripts: expected.statistics!.cached_scripts,
      oom_restarts: expected.statistics!.oom_restarts,
      message: null,
    });
    expect(byName['Frankfurt 1']!.hit_rate).toBeCloseTo(expected.statistics!.hit_rate, 1);
    expect(byName['legacy-box']).toMatchObject({ connected_sites: 0, memory_used: null });
    expect(String(byName['legacy-box']!.message)).toMatch(/No connected WordPress site/);
    expect(String(byName['WEB-02']!.message)).toMatch(/No site answered yet/);

    const one = await call<{ data: { summary: Body; sites: Array<Record<string, unknown>> } }>(
      'GET',
      `/dms/api/v1/servers/${servers.frankfurt}/opcache`,
    );
    const site = (id: number) => one.body.data.sites.find((s) => s.website_id === id)!;
    expect(site(a)).toMatchObject({ enabled: true, hits: expected.statistics!.hits, error: null });
    expect(site(b)).toMatchObject({
      available: true,
      enabled: false,
      reason: 'OpCache is not enabled for fpm-fcgi',
    });
    expect(one.body.data.sites.some((s) => String(s.error).includes('companion is not installed'))).toBe(
      true,
    );

    // A site that dies keeps its figures beside the error.
    wp.site('op-a').config.mode = 'dead';
    await run('opcache:collect');
    const again = await call<{ data: { sites: Array<Record<string, unknown>> } }>(
      'GET',
      `/dms/api/v1/servers/${servers.frankfurt}/opcache`,
    );
    const dead = again.body.data.sites.find((s) => s.website_id === a)!;
    expect(dead.hits).toBe(expected.statistics!.hits);
    expect(String(dead.error)).toBeTruthy();
    wp.site('op-a').config.mode = 'ok';
  });
});
