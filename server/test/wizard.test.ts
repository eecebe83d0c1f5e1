import { IT_ROLE, READ_ONLY_ROLE, WIZARD_STEPS, type WizardDraft, type WizardInput } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateDraft } from '../src/services/dms/wizard/draft-repository.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';
import {
  CLOUDFLARE_ACCOUNT_ID,
  CLOUDFLARE_TOKEN,
  startCloudflareServer,
  type LocalCloudflareServer,
} from './integrations/cloudflare-server.js';
import { startDnsServer, type LocalDnsServer } from './integrations/dns-server.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import {
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_KEY,
  NAMECHEAP_USER,
  startNamecheapServer,
  TEST_CONTACT,
  type LocalNamecheapServer,
} from './integrations/namecheap-server.js';
import { startRdapServer, type LocalRdapServer } from './integrations/rdap-server.js';
import { RUNCLOUD_TOKEN } from './integrations/runcloud-data.js';
import { startRunCloudServer, type LocalRunCloudServer } from './integrations/runcloud-server.js';

type Headers = Record<string, string>;
interface Answer {
  data: WizardDraft;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

const DRAFTS = '/dms/api/v1/website-drafts';
const step = (key: (typeof WIZARD_STEPS)[number]['key']) => WIZARD_STEPS.findIndex((s) => s.key === key);

/**
 * The website creation wizard (issue 20, SPEC §2.6, docs/wizard.md) against local servers of Namecheap's
 * and Cloudflare's documented APIs, a local RDAP registry and DNS server, and a local site answering the
 * final check: a launch from the domain to a working site, a lost purchase answer retried without a second
 * purchase, stale and concurrent moves refused, back and reset, and refusals that change nothing.
 */
describe.each(DATABASES)('website creation wizard on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let nc: LocalNamecheapServer;
  let cf: LocalCloudflareServer;
  let rdap: LocalRdapServer;
  let dns: LocalDnsServer;
  let site: LocalHttpServer;
  let rc: LocalRunCloudServer;
  let siteHosts: string[];
  let serverId: number;
  let ipId: number;

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers = admin) =>
    t.call<Answer>({ method, url, headers, ...(payload ? { payload } : {}) });
  const start = async () => {
    const r = await call('POST', `${DRAFTS}/start`);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.data;
  };
  const advance = (d: WizardDraft, input: WizardInput = {}) =>
    call('POST', `${DRAFTS}/${d.id}/advance`, { step: d.current, version: d.version, input });
  /** Runs the current step, expecting it done. */
  const next = async (d: WizardDraft, input: WizardInput = {}) => {
    const r = await advance(d, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const last = r.body.data.steps.find((s) => s.step === d.current);
    expect(last?.state, last?.message).toBe('done');
    return r.body.data;
  };
  const row = async (id: number) =>
    (
      await t.db.query<{ version: number; step: number; running_step: number | null }>(
        'SELECT version, step, running_step FROM website_drafts WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  beforeAll(async () => {
    nc = await startNamecheapServer();
    cf = await startCloudflareServer();
    rdap = await startRdapServer({ deadOrigin: 'http://127.0.0.1:9' });
    dns = await startDnsServer({});
    rc = await startRunCloudServer();
    siteHosts = [];
    site = await startHttpServer((req, res) => {
      siteHosts.push(String(req.headers.host));
      res.writeHead(200, { 'content-type': 'text/html', server: 'nginx-rc' });
      res.end('<html><head><title>Just another WordPress site</title></head><body>Hello</body></html>');
    });
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.1'],
      rdapBootstrapUrl: `${rdap.origin}/iana/dns.json`,
      dnsServers: [`127.0.0.1:${dns.port}`],
      launchCheckPort: site.port,
      namecheap: {
        apiUser: NAMECHEAP_USER,
        apiKey: NAMECHEAP_KEY,
        userName: NAMECHEAP_USER,
        clientIp: NAMECHEAP_CLIENT_IP,
        baseUrl: nc.baseUrl,
        contact: JSON.stringify(TEST_CONTACT),
      },
      cloudflare: { token: CLOUDFLARE_TOKEN, accountId: CLOUDFLARE_ACCOUNT_ID, baseUrl: cf.baseUrl },
      runcloud: { token: RUNCLOUD_TOKEN, baseUrl: rc.baseUrl },
    });
    admin = await t.as('ADMIN');
    const server = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/servers',
      headers: admin,
      payload: { name: 'fra-web-07', type: 'Hosting', main_ip: '127.0.0.1' },
    });
    serverId = server.body.data.id;
    const ip = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/ip-addresses',
      headers: admin,
      payload: { ip_address: '127.0.0.1', server_id: serverId, provider: 'Hetzner', location: 'Falkenstein' },
    });
    ipId = ip.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([nc?.close(), cf?.close(), rdap?.close(), dns?.close(), site?.close(), rc?.close()]);
  });

  it('starts a draft at step 0 with ssl true', async () => {
    const d = await start();
    expect(d.path).toEqual([0]);
    expect(d.current).toBe(0);
    expect(d.status).toBe('in_progress');
    expect(d.info.ssl).toBe(true);
    expect(d.steps).toEqual([]);
  });

  it('refuses bad information field by field and changes nothing', async () => {
    const d = await start();
    for (const [hostname, message] of [
      ['', 'Enter the domain of the new site'],
      ['blog.fresh-idea.com', 'Enter the domain itself (fresh-idea.com), not a subdomain'],
      ['not a domain', 'Enter a domain name, such as example.com'],
    ] as const) {
      const r = await advance(d, { hostname });
      expect(r.status).toBe(422);
      expect(r.body.error?.fields?.hostname).toBe(message);
    }
    const user = await advance(d, { hostname: 'fresh-idea.com', user_id: 999_999 });
    expect(user.body.error?.fields?.user_id).toBe('Unknown user: 999999');
    expect(await row(d.id)).toMatchObject({ version: d.version, step: 0, running_step: null });
  });

  it('launches a domain end to end, and a lost purchase answer is retried without a second purchase', async () => {
    const host = `fresh-launch-${kind}.com`;
    let d = await start();
    d = await next(d, {
      hostname: `https://www.${host}/`,
      friendly_name: 'Fresh Launch',
      type: 'LINK',
      target_market: 'UK',
    });
    expect(d.info).toMatchObject({ hostname: host, type: 'LINK', target_market: 'UK', ssl: true });
    expect(d.path).toEqual([0, 1]);

    d = await next(d);
    expect(d.path).toEqual([0, 1, 2]);
    expect(d.steps.find((s) => s.step === 1)?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Registration (RDAP/WHOIS)', value: 'not registered' },
        { label: 'Namecheap', value: 'available' },
      ]),
    );
    expect(d.options.registrars.map((r) => [r.key, r.available])).toEqual([
      ['namecheap', true],
      ['manual', true],
    ]);

    d = await next(d, { registrar: 'namecheap', years: 2 });
    expect(d.current).toBe(step('buy'));

    const unconfirmed = await advance(d);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error?.fields?.confirm_purchase).toMatch(/^Confirm the purchase of/);

    // The registrar registers the domain, then the answer is lost.
    nc.failNext('create', 'drop_after_commit');
    const lost = await advance(d, { confirm_purchase: true });
    expect(lost.status).toBe(200);
    d = lost.body.data;
    const failed = d.steps.find((s) => s.step === step('buy'))!;
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/whether it went through is unknown/);
    expect(d.current).toBe(step('buy'));
    expect(nc.calls('create')).toBe(1);
    expect(nc.ownedDomains()).toContain(host);

    d = await next(d, { confirm_purchase: true });
    const bought = d.steps.find((s) => s.step === step('buy'))!;
    expect(bought.attempts).toBe(2);
    expect(bought.message).toMatch(/Not bought again/);
    expect(nc.calls('create')).toBe(1);
    expect(d.current).toBe(step('live'));

    d = await next(d);
    expect(d.steps.find((s) => s.step === step('live'))?.message).toMatch(/does not answer on the web yet/);

    d = await next(d);
    const zones = cf.zones().filter((z) => z.name === host);
    expect(zones).toHaveLength(1);
    expect(nc.domain(host)?.nameservers).toEqual(zones[0]!.nameServers);

    d = await next(d, { fresh_install: false });
    expect(d.current).toBe(step('server'));
    const offered = d.options.servers.find((s) => s.id === serverId)!;
    expect(offered.ip_addresses).toEqual([
      expect.objectContaining({
        id: ipId,
        ip: '127.0.0.1',
        sites: 0,
        subnet: '127.0.0.0/24',
        subnet_sites: 0,
      }),
    ]);

    const wrongIp = await advance(d, { server_id: serverId });
    expect(wrongIp.body.error?.fields?.ip_address_id).toBe('Choose an IP address of the server');
    d = await next(d, { server_id: serverId, ip_address_id: ipId });

    d = await next(d);
    expect(d.website_id).toEqual(expect.any(Number));
    const website = (
      await t.db.query<Record<string, unknown>>(
        'SELECT url, hostname, type, target_market, status, server_id, ip_address_id, domain_id FROM websites WHERE id = $1',
        [d.website_id],
      )
    ).rows[0]!;
    expect(website).toMatchObject({
      url: `https://${host}`,
      hostname: host,
      type: 'LINK',
      target_market: 'UK',
      status: 'PENDING_DEVELOPMENT',
    });
    expect(Number(website.server_id)).toBe(serverId);
    expect(Number(website.ip_address_id)).toBe(ipId);
    expect(Number(website.domain_id)).toBe(d.domain_id);
    const domain = (
      await t.db.query<{ name: string; website_id: number }>(
        'SELECT name, website_id FROM domains WHERE id = $1',
        [d.domain_id],
      )
    ).rows[0]!;
    expect(domain.name).toBe(host);
    expect(Number(domain.website_id)).toBe(d.website_id);

    d = await next(d);
    const records = cf.records(zones[0]!.id).map((r) => [r.type, r.name, r.content]);
    expect(records.sort()).toEqual([
      ['A', host, '127.0.0.1'],
      ['A', `www.${host}`, '127.0.0.1'],
    ]);

    d = await next(d, { note: 'Needs the <b>Astra</b> theme' });
    const note = (
      await t.db.query<{ title: string; message: string; role: string; link: string }>(
        'SELECT n.title, n.message, r.name AS role, n.link FROM notifications n JOIN roles r ON r.id = n.recipients WHERE n.id = $1',
        [d.notification_id],
      )
    ).rows[0]!;
    expect(note.title).toBe(`New website to set up: ${host}`);
    expect(note.role).toBe(IT_ROLE);
    expect(note.link).toBe(`#/dms/api/v1/websites/${d.website_id}/show`);
    expect(note.message).toContain('Needs the &lt;b&gt;Astra&lt;/b&gt; theme');
    expect(note.message).not.toContain('<b>');

    const last = await advance(d);
    expect(last.status).toBe(200);
    d = last.body.data;
    expect(d.status).toBe('completed');
    expect(d.steps.find((s) => s.step === step('working'))?.message).toBe(
      `${host} answers at 127.0.0.1 with HTTP 200 over HTTP; HTTPS is not served yet (its certificate may be pending)`,
    );
    expect(siteHosts.at(-1)).toBe(`${host}:${site.port}`);

    const again = await advance(d);
    expect(again.status).toBe(409);
    expect(nc.calls('create')).toBe(1);
  });

  it('sets up WordPress on the RunCloud server once, finding the web app whose creation answer was lost', async () => {
    const linked = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/servers',
      headers: admin,
      payload: { name: 'web-02', type: 'Hosting', main_ip: '203.0.113.20', runcloud_server_id: 1904 },
    });
    const linkedIp = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/ip-addresses',
      headers: admin,
      payload: { ip_address: '203.0.113.20', server_id: linked.body.data.id },
    });
    const host = `wp-install-${kind}.com`;
    let d = await start();
    d = await next(d, { hostname: host, friendly_name: 'WP Install' });
    d = await next(d);
    d = await next(d, { registrar: 'namecheap' });
    d = await next(d, { confirm_purchase: true });
    d = await next(d);
    d = await next(d);
    d = await next(d, { fresh_install: true });
    const notLinked = await advance(d, { server_id: serverId, ip_address_id: ipId });
    expect(notLinked.body.error?.fields?.server_id).toBe('A fresh install needs a server linked to RunCloud');
    expect(d.options.servers.find((s) => s.id === linked.body.data.id)?.runcloud).toBe(true);

    rc.faultCreates('drop-after-commit');
    const lost = await advance(d, { server_id: linked.body.data.id, ip_address_id: linkedIp.body.data.id });
    d = lost.body.data;
    expect(d.steps.find((s) => s.step === step('server'))?.message).toMatch(
      /whether the web app was created is unknown/,
    );
    const created = () => rc.created.filter((c) => c.name === 'wp-install-' + kind + '-com').length;
    expect(created()).toBe(1);

    d = await next(d, { server_id: linked.body.data.id, ip_address_id: linkedIp.body.data.id });
    expect(created()).toBe(1);
    const facts = Object.fromEntries(
      d.steps.find((s) => s.step === step('server'))!.facts.map((f) => [f.label, f.value]),
    );
    expect(facts.Found).toBe('created by the earlier attempt');
    expect(facts['RunCloud web app']).toMatch(new RegExp(`^wp-install-${kind}-com \\(#\\d+\\)$`));

    d = await next(d);
    const site = (
      await t.db.query<{ runcloud_server_id: number; runcloud_webapp_id: number }>(
        'SELECT runcloud_server_id, runcloud_webapp_id FROM websites WHERE id = $1',
        [d.website_id],
      )
    ).rows[0]!;
    expect(site.runcloud_server_id).toBe(1904);
    expect(site.runcloud_webapp_id).toEqual(expect.any(Number));
  });

  it('refuses a move on a version the caller did not see, and a step already running', async () => {
    const d = await start();
    const moved = await next(d, { hostname: `stale-${kind}.com` });
    const stale = await advance(d, { hostname: `stale-${kind}.com` });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toMatch(/moved by someone else/);

    await t.db.query(
      'UPDATE website_drafts SET running_step = step, running_since = epoch_now() WHERE id = $1',
      [moved.id],
    );
    const busy = await advance(moved);
    expect(busy.status).toBe(409);
    expect(busy.body.error?.message).toMatch(/is running for this launch/);
    // A marker left by a process that stopped mid-step no longer blocks.
    await t.db.query('UPDATE website_drafts SET running_since = epoch_now() - 600 WHERE id = $1', [moved.id]);
    expect((await advance(moved)).status).toBe(200);
  });

  it('goes back one step and resets to step 0, keeping what was done', async () => {
    let d = await start();
    d = await next(d, { hostname: `rewind-${kind}.com` });
    d = await next(d);
    expect(d.path).toEqual([0, 1, 2]);
    const back = await call('POST', `${DRAFTS}/${d.id}/back`, { step: d.current, version: d.version });
    expect(back.status).toBe(200);
    expect(back.body.data.path).toEqual([0, 1]);
    expect(back.body.data.steps.map((s) => s.step)).toEqual([0, 1]);
    const reset = await call('POST', `${DRAFTS}/${d.id}/reset`, { version: back.body.data.version });
    expect(reset.body.data.path).toEqual([0]);
    expect(reset.body.data.info.hostname).toBe(`rewind-${kind}.com`);
    const first = await call('POST', `${DRAFTS}/${d.id}/back`, { step: 0, version: reset.body.data.version });
    expect(first.status).toBe(422);
  });

  it('fails the availability check of a name someone else holds, and skips the purchase of one already ours', async () => {
    let d = await start();
    d = await next(d, { hostname: 'taken-example.com' });
    const taken = await advance(d);
    const r = taken.body.data.steps.find((s) => s.step === 1)!;
    expect(r.state).toBe('failed');
    expect(r.message).toMatch(/^taken-example.com is registered/);
    expect(taken.body.data.current).toBe(1);
    expect(taken.body.data.path).toEqual([0, 1]);

    const ours = `already-ours-${kind}.com`;
    nc.addOwned(ours);
    let o = await start();
    o = await next(o, { hostname: ours });
    o = await next(o);
    expect(o.path).toEqual([0, 1, step('live')]);
    expect(o.steps.find((s) => s.step === 1)?.message).toBe(
      `${ours} is already in the Namecheap account: no purchase needed`,
    );
  });

  it('offers a purchase by hand only when the name is registered, and says so', async () => {
    let d = await start();
    d = await next(d, { hostname: `by-hand-${kind}.com` });
    d = await next(d);
    d = await next(d, { registrar: 'manual' });
    const notYet = await advance(d);
    const r = notYet.body.data.steps.find((s) => s.step === step('buy'))!;
    expect(r.state).toBe('failed');
    expect(r.message).toBe(
      `by-hand-${kind}.com is not registered yet. Buy it at your registrar, then retry.`,
    );
  });

  it('answers a 409, not a 5xx, when the launch is discarded while its step runs', async () => {
    const d = await start();
    // The step's result is recorded after its outside work: a DELETE in between leaves no row to record on.
    const before = await updateDraft(t.db, d.id, { last_error: null });
    expect(before.version).toBe(d.version + 1);
    expect((await t.call({ method: 'DELETE', url: `${DRAFTS}/${d.id}`, headers: admin })).status).toBe(200);
    await expect(updateDraft(t.db, d.id, { running_step: null })).rejects.toMatchObject({
      status: 409,
      message: `Launch ${d.id} was discarded meanwhile; what its step did outside is kept`,
    });
  });

  it('lets only a role with the permission launch sites', async () => {
    const viewer = await t.as(READ_ONLY_ROLE);
    expect((await call('POST', `${DRAFTS}/start`, undefined, viewer)).status).toBe(403);
    const d = await start();
    expect(
      (await call('POST', `${DRAFTS}/${d.id}/advance`, { step: 0, version: d.version }, viewer)).status,
    ).toBe(403);
    const list = await t.call<{ data: Array<{ id: number; hostname: string | null; status: string }> }>({
      method: 'GET',
      url: `${DRAFTS}?filter=${encodeURIComponent(JSON.stringify({ status: 'in_progress' }))}`,
      headers: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.some((x) => x.id === d.id)).toBe(true);
  });
});
