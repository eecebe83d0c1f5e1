import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import type { Answer } from 'dns-packet';
import { isServiceUp } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient } from '../src/integrations/dns/client.js';
import { resolveHost, type HostResolution } from '../src/integrations/dns/resolve.js';
import { proposeServices } from '../src/services/dms/service-discovery/discover.js';
import {
  normaliseHost,
  normaliseRecordName,
  normaliseServiceUrl,
} from '../src/services/dms/service-discovery/names.js';
import {
  dnsRecordVerdict,
  probeVerdict,
  reachVerdict,
  retryWithGet,
} from '../src/services/dms/service-discovery/verify.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import { startDnsServer, type LocalDnsServer, type Zone } from './integrations/dns-server.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';

type Body = Record<string, unknown>;
const PATH = '/dms/api/v1/service-discovery';

const host = (name: string, addresses: string[], cnames: string[] = []): HostResolution => ({
  name,
  cnames,
  addresses,
  nxdomain: false,
});
const gone = (name: string): HostResolution => ({ name, cnames: [], addresses: [], nxdomain: true });

describe('service discovery: the decisions of a check', () => {
  it('keeps host names and addresses in one form, and refuses what is neither', () => {
    expect(normaliseHost('WWW.Example.COM.', false)).toBe('www.example.com');
    expect(normaliseHost('bücher.example', false)).toBe('xn--bcher-kva.example');
    expect(normaliseHost('127.0.0.1', true)).toBe('127.0.0.1');
    expect(normaliseHost('[::1]', true)).toBe('::1');
    expect(normaliseHost('127.0.0.1', false)).toBeNull();
    expect(normaliseHost('localhost', false)).toBeNull();
    expect(normaliseHost('two words.example', false)).toBeNull();
    expect(normaliseHost('-bad.example', false)).toBeNull();
    expect(normaliseRecordName('https://Cdn.Example.com/img/')).toBe('cdn.example.com');
    expect(normaliseRecordName('example.com:53')).toBe('example.com');
    expect(normaliseServiceUrl('staging.example.com/login#x')).toEqual({
      url: 'https://staging.example.com/login',
      host: 'staging.example.com',
    });
    expect(normaliseServiceUrl('ftp://example.com/')).toEqual({
      error: 'Only http and https URLs can be fetched, not ftp:',
    });
    expect(normaliseServiceUrl('http://example.com:22/')).toEqual({ error: 'Port 22 is not allowed' });
  });

  it('verifies a DNS record only when it names the host and the host resolves', () => {
    const mx = host('aspmx.l.google.com', ['142.250.27.26']);
    const found = { names: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'], nxdomain: false };
    expect(dnsRecordVerdict('MX', 'example.com', 'aspmx.l.google.com', found, mx)).toEqual({
      verified: true,
      message: 'example.com MX includes aspmx.l.google.com, which resolves to 142.250.27.26',
    });
    expect(
      dnsRecordVerdict('MX', 'example.com', 'mx.zoho.eu', found, host('mx.zoho.eu', ['1.2.3.4'])),
    ).toEqual({
      verified: false,
      message: "example.com's MX records name aspmx.l.google.com, alt1.aspmx.l.google.com, not mx.zoho.eu",
    });
    expect(
      dnsRecordVerdict(
        'NS',
        'example.com',
        'ns1.gone.example',
        { names: ['ns1.gone.example'], nxdomain: false },
        gone('ns1.gone.example'),
      ),
    ).toEqual({ verified: false, message: 'ns1.gone.example does not exist in DNS' });
    expect(
      dnsRecordVerdict(
        'CNAME',
        'cdn.example.com',
        'ex.b-cdn.net',
        { names: ['old.b-cdn.net'], nxdomain: false },
        mx,
      ),
    ).toEqual({
      verified: false,
      message: 'cdn.example.com is a CNAME of old.b-cdn.net, not of ex.b-cdn.net',
    });
    expect(
      dnsRecordVerdict('NS', 'nowhere.example', 'a.example', { names: [], nxdomain: true }, mx).message,
    ).toBe('nowhere.example does not exist in DNS');
    expect(
      dnsRecordVerdict('MX', 'example.com', 'a.example', { names: [], nxdomain: false }, mx).message,
    ).toBe('example.com has no MX record');
  });

  it('lets a URL be requested only when its host leads to the hostname', () => {
    const origin = host('origin.example', ['192.0.2.1']);
    expect(reachVerdict('origin.example', 'origin.example', origin, origin)).toBeNull();
    expect(
      reachVerdict(
        'www.example.com',
        'origin.example',
        origin,
        host('www.example.com', ['192.0.2.1'], ['origin.example']),
      ),
    ).toBeNull();
    expect(
      reachVerdict('example.com', 'origin.example', origin, host('example.com', ['192.0.2.1'])),
    ).toBeNull();
    expect(
      reachVerdict('example.com', 'origin.example', origin, host('example.com', ['198.51.100.7'])),
    ).toEqual({
      verified: false,
      message: 'example.com resolves to 198.51.100.7, not to origin.example (192.0.2.1)',
    });
    expect(reachVerdict('x.example', 'x.example', gone('x.example'), gone('x.example'))).toEqual({
      verified: false,
      message: 'x.example does not exist in DNS',
    });
    expect(
      reachVerdict('x.example', 'x.example', host('x.example', [], ['edge.example']), host('x.example', [])),
    ).toEqual({
      verified: false,
      message: 'x.example has no A or AAAA record (its CNAME leads to edge.example)',
    });
  });

  it('counts 2xx, 3xx, 401 and 403 as up; asks again with GET after 405 and 501', () => {
    expect([200, 204, 301, 302, 304, 401, 403].every(isServiceUp)).toBe(true);
    expect([400, 404, 410, 429, 500, 502, 503].some(isServiceUp)).toBe(false);
    expect([405, 501].every(retryWithGet)).toBe(true);
    expect(retryWithGet(404)).toBe(false);
    const url = 'https://example.com/';
    const answer = (status: number, final = url) => ({
      method: 'HEAD' as const,
      status,
      final_url: final,
      redirects: [],
      error: null,
    });
    expect(probeVerdict(url, answer(200, 'https://www.example.com/'))).toEqual({
      verified: true,
      message: 'https://example.com/ answers 200 at https://www.example.com/',
    });
    expect(probeVerdict(url, answer(401))).toEqual({
      verified: true,
      message: 'https://example.com/ answers 401',
    });
    expect(probeVerdict(url, answer(503))).toEqual({
      verified: false,
      message: 'https://example.com/ answers 503',
    });
    expect(
      probeVerdict(url, {
        method: 'GET',
        status: null,
        final_url: null,
        redirects: [],
        error: 'connect ECONNREFUSED',
      }),
    ).toEqual({ verified: false, message: 'https://example.com/ did not answer: connect ECONNREFUSED' });
  });

  it('proposes the site, its alias, admin, subdomains, CDN alias, MX and NS of a domain', () => {
    const proposed = proposeServices(
      { id: 1, url: 'https://www.example.com', hostname: 'www.example.com', domain: 'example.com' },
      {
        mx: ['aspmx.l.google.com'],
        ns: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
        cdn: { 'cdn.example.com': 'example.b-cdn.net' },
      },
    ).map((s) => `${s.type} ${s.location} ${s.hostname}`);
    expect(proposed).toEqual([
      'web https://www.example.com/ www.example.com',
      'www https://example.com/ example.com',
      'admin https://www.example.com/wp-admin/ www.example.com',
      'staging https://staging.example.com/ staging.example.com',
      'staging https://dev.example.com/ dev.example.com',
      'webmail https://mail.example.com/ mail.example.com',
      'status https://status.example.com/ status.example.com',
      'api https://api.example.com/ api.example.com',
      'cdn cdn.example.com example.b-cdn.net',
      'mx example.com aspmx.l.google.com',
      'ns example.com ada.ns.cloudflare.com',
      'ns example.com bob.ns.cloudflare.com',
    ]);
  });
});

const a = (name: string, data: string): Answer => ({ type: 'A', name, ttl: 300, data });
const cname = (name: string, data: string): Answer => ({ type: 'CNAME', name, ttl: 300, data });

/** The zone of shop.test: the site on 127.0.0.1, a www CNAME, mail, nameservers, a CDN alias, dead names. */
const ZONE: Zone = {
  'shop.test': [
    a('shop.test', '127.0.0.1'),
    { type: 'MX', name: 'shop.test', ttl: 3600, data: { preference: 10, exchange: 'mx.mail.test' } },
    { type: 'NS', name: 'shop.test', ttl: 86400, data: 'ns1.dns.test' },
    { type: 'NS', name: 'shop.test', ttl: 86400, data: 'ns3.dns.test' },
  ],
  'www.shop.test': [cname('www.shop.test', 'shop.test')],
  'staging.shop.test': [a('staging.shop.test', '127.0.0.1')],
  'dead.shop.test': [a('dead.shop.test', '127.0.0.1')],
  'other.test': [a('other.test', '127.0.0.9')],
  'loop-a.test': [cname('loop-a.test', 'loop-b.test')],
  'loop-b.test': [cname('loop-b.test', 'loop-a.test')],
  'cdn.shop.test': [cname('cdn.shop.test', 'shop.b-cdn.test')],
  'shop.b-cdn.test': [a('shop.b-cdn.test', '127.0.0.3')],
  'mx.mail.test': [a('mx.mail.test', '127.0.0.2')],
  'mx.zoho.test': [a('mx.zoho.test', '127.0.0.4')],
  'ns1.dns.test': [a('ns1.dns.test', '127.0.0.5')],
};

/** A port nothing listens on (taken from the system, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('resolving a host through the configured resolvers', () => {
  let dns: LocalDnsServer;
  let client: DnsClient;
  beforeAll(async () => {
    dns = await startDnsServer(ZONE);
    client = new DnsClient({ servers: [dns.address], timeoutMs: 500, retries: 0 });
  });
  afterAll(async () => {
    await dns?.close();
  });

  it('follows CNAMEs, stops at a loop and tells a missing name', async () => {
    expect(await resolveHost(client, 'www.shop.test')).toEqual({
      name: 'www.shop.test',
      cnames: ['shop.test'],
      addresses: ['127.0.0.1'],
      nxdomain: false,
    });
    expect(await resolveHost(client, 'loop-a.test')).toMatchObject({
      cnames: ['loop-b.test'],
      addresses: [],
    });
    expect(await resolveHost(client, 'nothing.test')).toMatchObject({ addresses: [], nxdomain: true });
    expect(await resolveHost(client, '192.0.2.7')).toMatchObject({ addresses: ['192.0.2.7'] });
  });
});

describe.each(DATABASES)('service discovery API on %s', (kind) => {
  let t: TestApp;
  let dns: LocalDnsServer;
  let site: LocalHttpServer;
  let admin: Record<string, string>;
  let websiteId: number;
  let port: number;
  let deadPort: number;
  const methods: string[] = [];
  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) =>
    t.call<T>({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const create = (body: Body) =>
    call<{ data: Body; error?: { fields: Record<string, string> } }>('POST', PATH, body);
  const check = (id: unknown) =>
    call<{ data: { verified: boolean; message: string; last_checked: number; evidence: Body } }>(
      'PUT',
      `${PATH}/check/${String(id)}`,
    );
  const count = async () =>
    Number(
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM service_discoveries')).rows[0]!.n,
    );

  beforeAll(async () => {
    dns = await startDnsServer(ZONE, { servfail: ['broken.shop.test'] });
    site = await startHttpServer((req: IncomingMessage, res: ServerResponse) => {
      methods.push(`${req.method ?? ''} ${req.url ?? ''}`);
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/no-head' && req.method === 'HEAD') return void res.writeHead(405).end();
      if (path === '/login') return void res.writeHead(401, { 'www-authenticate': 'Basic' }).end();
      if (path === '/broken') return void res.writeHead(500).end('boom');
      if (path === '/wp-admin/') return void res.writeHead(302, { location: '/wp-login.php' }).end();
      if (path === '/' || path === '/no-head' || path === '/wp-login.php')
        return void res.writeHead(200).end('ok');
      res.writeHead(404).end('not found');
    });
    port = site.port;
    deadPort = await closedPort();
    t = await createTestApp(kind, { outboundAllowPrivate: true, dnsServers: [dns.address] });
    admin = await t.as('ADMIN');
    websiteId = Number(
      (
        await call<{ data: Body }>('POST', '/dms/api/v1/websites', {
          url: `http://shop.test:${port}`,
          target_market: 'UK',
          type: 'MONEY',
        })
      ).body.data.id,
    );
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([site?.close(), dns?.close()]);
  });

  it('refuses what a service cannot say with field errors, and changes nothing', async () => {
    const before = await count();
    const cases: Array<[Body, Record<string, string>]> = [
      [{ type: 'mx' }, { hostname: 'Enter the host the MX record names' }],
      [
        { type: 'mx', hostname: '192.0.2.1' },
        { hostname: 'Enter a host name (mx.example.com), not an address' },
      ],
      [
        { type: 'cdn', location: 'not a name', hostname: 'a.example' },
        { location: 'Enter a DNS name (example.com)' },
      ],
      [{ type: 'web' }, { location: 'Enter the URL to request (https://…)' }],
      [
        { type: 'web', location: 'ftp://shop.test/' },
        { location: 'Only http and https URLs can be fetched, not ftp:' },
      ],
      [
        { type: 'web', location: 'https://shop.test/', hostname: 'bad host' },
        { hostname: 'Must be a valid hostname' },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await create({ website_id: websiteId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error?.fields).toMatchObject(fields);
    }
    const noType = await create({ website_id: websiteId, location: 'https://shop.test/' });
    expect(noType.body.error?.fields.type).toBe('Required');
    const verified = await create({
      website_id: websiteId,
      type: 'web',
      location: 'https://x.test/',
      verified: true,
    });
    expect(verified.status).toBe(201);
    expect(verified.body.data).toMatchObject({ verified: false, last_checked: null, hostname: 'x.test' });
    await call('DELETE', `${PATH}/${String(verified.body.data.id)}`);
    expect(await count()).toBe(before);
  });

  it('checks a web service over DNS and HTTP, HEAD first and GET when HEAD is refused', async () => {
    const web = await create({ website_id: websiteId, type: 'web', location: `shop.test:${port}` });
    expect(web.status).toBe(201);
    // No scheme: https is assumed, as for websites; this one is served over http.
    expect(web.body.data).toMatchObject({ location: `https://shop.test:${port}/`, hostname: 'shop.test' });
    const http = await create({ website_id: websiteId, type: 'web', location: `http://shop.test:${port}/` });
    expect(http.body.data).toMatchObject({
      verified: false,
      last_checked: null,
      website_hostname: 'shop.test',
    });
    const ok = await check(http.body.data.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ verified: true, message: `http://shop.test:${port}/ answers 200` });
    expect(ok.body.data.evidence).toMatchObject({
      check: 'http',
      addresses: ['127.0.0.1'],
      http: { method: 'HEAD', status: 200, final_url: `http://shop.test:${port}/` },
      dns: expect.arrayContaining([
        expect.objectContaining({ name: 'shop.test', type: 'A', answers: ['127.0.0.1'] }),
      ]),
    });
    const stored = (await call<{ data: Body }>('GET', `${PATH}/${String(http.body.data.id)}`)).body.data;
    expect(stored).toMatchObject({ verified: true, check_message: ok.body.data.message, version: 1 });
    expect(stored.last_checked).toBe(ok.body.data.last_checked);

    // The https one: nothing answers TLS there.
    const tls = await check(web.body.data.id);
    expect(tls.body.data.verified).toBe(false);
    expect(tls.body.data.message).toContain(`https://shop.test:${port}/ did not answer`);

    const noHead = await create({
      website_id: websiteId,
      type: 'api',
      location: `http://shop.test:${port}/no-head`,
    });
    methods.length = 0;
    const retried = await check(noHead.body.data.id);
    expect(retried.body.data).toMatchObject({
      verified: true,
      evidence: { http: { method: 'GET', status: 200 } },
    });
    expect(methods).toEqual(['HEAD /no-head', 'GET /no-head']);
  });

  it('counts a login wall and a redirect as up, a 500 as down, and follows a CNAME to the hostname', async () => {
    const made = async (body: Body) => (await create({ website_id: websiteId, ...body })).body.data.id;
    const login = await check(
      await made({ type: 'staging', location: `http://staging.shop.test:${port}/login` }),
    );
    expect(login.body.data).toMatchObject({
      verified: true,
      message: `http://staging.shop.test:${port}/login answers 401`,
    });
    const admin_ = await check(await made({ type: 'admin', location: `http://shop.test:${port}/wp-admin/` }));
    expect(admin_.body.data).toMatchObject({
      verified: true,
      evidence: { http: { status: 200, final_url: `http://shop.test:${port}/wp-login.php` } },
    });
    const broken = await check(await made({ type: 'status', location: `http://shop.test:${port}/broken` }));
    expect(broken.body.data).toMatchObject({
      verified: false,
      message: `http://shop.test:${port}/broken answers 500`,
    });
    // www.shop.test is a CNAME of shop.test: served by shop.test.
    const alias = await check(
      await made({ type: 'www', location: `http://www.shop.test:${port}/`, hostname: 'shop.test' }),
    );
    expect(alias.body.data.verified).toBe(true);
    const elsewhere = await check(
      await made({ type: 'www', location: `http://www.shop.test:${port}/`, hostname: 'other.test' }),
    );
    expect(elsewhere.body.data).toMatchObject({
      verified: false,
      message: 'www.shop.test resolves to 127.0.0.1, not to other.test (127.0.0.9)',
      evidence: { http: null },
    });
  });

  it('checks DNS services: MX and NS must name the host, a CDN alias must be its CNAME, the host must resolve', async () => {
    const made = async (body: Body) => (await create({ website_id: websiteId, ...body })).body.data;
    // No location: the website's domain.
    const mx = await made({ type: 'mx', hostname: 'MX.Mail.Test.' });
    expect(mx).toMatchObject({ location: 'shop.test', hostname: 'mx.mail.test' });
    expect((await check(mx.id)).body.data).toMatchObject({
      verified: true,
      message: 'shop.test MX includes mx.mail.test, which resolves to 127.0.0.2',
    });
    expect((await check((await made({ type: 'mx', hostname: 'mx.zoho.test' })).id)).body.data).toMatchObject({
      verified: false,
      message: "shop.test's MX records name mx.mail.test, not mx.zoho.test",
    });
    expect((await check((await made({ type: 'ns', hostname: 'ns1.dns.test' })).id)).body.data.verified).toBe(
      true,
    );
    expect((await check((await made({ type: 'ns', hostname: 'ns3.dns.test' })).id)).body.data).toMatchObject({
      verified: false,
      message: 'ns3.dns.test does not exist in DNS',
    });
    const cdn = await check(
      (await made({ type: 'cdn', location: 'cdn.shop.test', hostname: 'shop.b-cdn.test' })).id,
    );
    expect(cdn.body.data).toMatchObject({
      verified: true,
      evidence: {
        dns: expect.arrayContaining([
          expect.objectContaining({ type: 'CNAME', answers: ['shop.b-cdn.test'] }),
        ]),
      },
    });
    const failing = await check(
      (await made({ type: 'ns', location: 'broken.shop.test', hostname: 'ns1.dns.test' })).id,
    );
    expect(failing.body.data.verified).toBe(false);
    expect(failing.body.data.message).toMatch(/^DNS: .*failed to resolve broken\.shop\.test NS/);
    expect(failing.body.data.evidence.error).toBeTruthy();
  });

  it('clears the last check when what the service says changes', async () => {
    const made = (
      await create({ website_id: websiteId, type: 'web', location: `http://shop.test:${port}/?a` })
    ).body.data;
    await check(made.id);
    const moved = await call<{ data: Body }>('PUT', `${PATH}/${String(made.id)}`, {
      location: `http://staging.shop.test:${port}/`,
      version: 1,
    });
    expect(moved.status).toBe(200);
    // The hostname was the old URL's host: it follows the URL.
    expect(moved.body.data).toMatchObject({
      hostname: 'staging.shop.test',
      verified: false,
      last_checked: null,
      check_message: null,
      evidence: null,
    });
    const dup = await create({
      website_id: websiteId,
      type: 'web',
      location: `http://staging.shop.test:${port}/`,
    });
    expect(dup.status).toBe(409);
  });

  it('checks the chosen services in one run, a dead host failing only its own service', async () => {
    await t.deps.jobs.startWorkers();
    const up = (
      await create({ website_id: websiteId, type: 'web', location: `http://shop.test:${port}/?run` })
    ).body.data;
    const dead = (
      await create({ website_id: websiteId, type: 'staging', location: `http://dead.shop.test:${deadPort}/` })
    ).body.data;
    const run = await runCommand<{ remaining_jobs: number; success_count: number; failed_count: number }>(
      t,
      admin,
      'dms',
      'service-discovery:check',
      { ids: `${String(up.id)}, ${String(dead.id)}` },
    );
    expect(run).toMatchObject({ remaining_jobs: 0, success_count: 1, failed_count: 1 });
    const rows = await t.db.query<{ verified: boolean; check_message: string; last_checked: number | null }>(
      'SELECT verified, check_message, last_checked FROM service_discoveries WHERE id = ANY($1::bigint[]) ORDER BY id',
      [[up.id, dead.id]],
    );
    expect(rows.rows.map((r) => r.verified)).toEqual([true, false]);
    expect(rows.rows[1]!.check_message).toContain(`http://dead.shop.test:${deadPort}/ did not answer`);
    expect(rows.rows.every((r) => r.last_checked !== null)).toBe(true);
    const bad = await t.call<{ error: { fields: Record<string, string> } }>({
      method: 'POST',
      url: '/dms/api/v1/artisan',
      headers: admin,
      payload: { command: 'service-discovery:check', arguments: { ids: '3, x' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields['arguments.ids']).toBe('Enter service ids separated by commas');
  });

  it("discovers a website's services from DNS and adds only those that answer", async () => {
    // The same shop served at www: every proposal is new for this website.
    const www = Number(
      (
        await call<{ data: Body }>('POST', '/dms/api/v1/websites', {
          url: `http://www.shop.test:${port}`,
          target_market: 'UK',
          type: 'MONEY',
        })
      ).body.data.id,
    );
    type Found = { id: number | null; type: string; hostname: string; location: string; message: string };
    const discover = () =>
      call<{ data: Record<'added' | 'listed' | 'unanswered', Found[]> }>(
        'POST',
        `/dms/api/v1/websites/${www}/discover-services`,
      );
    const names = (list: Found[]) => list.map((s) => `${s.type} ${s.location} ${s.hostname}`).sort();
    const res = await discover();
    expect(res.status).toBe(200);
    const { added, listed, unanswered } = res.body.data;
    expect(names(added)).toEqual(
      [
        `web http://www.shop.test:${port}/ www.shop.test`,
        `www http://shop.test:${port}/ shop.test`,
        `admin http://www.shop.test:${port}/wp-admin/ www.shop.test`,
        `staging http://staging.shop.test:${port}/ staging.shop.test`,
        'cdn cdn.shop.test shop.b-cdn.test',
        'mx shop.test mx.mail.test',
        'ns shop.test ns1.dns.test',
      ].sort(),
    );
    expect(listed).toEqual([]);
    expect(names(unanswered)).toEqual(
      [
        `api http://api.shop.test:${port}/ api.shop.test`,
        'ns shop.test ns3.dns.test',
        `staging http://dev.shop.test:${port}/ dev.shop.test`,
        `status http://status.shop.test:${port}/ status.shop.test`,
        `webmail http://mail.shop.test:${port}/ mail.shop.test`,
      ].sort(),
    );
    expect(unanswered.every((s) => s.id === null)).toBe(true);
    expect(unanswered.find((s) => s.hostname === 'dev.shop.test')?.message).toBe(
      'dev.shop.test does not exist in DNS',
    );
    const stored = await call<{ data: Body[] }>(
      'GET',
      `${PATH}?perPage=100&filter=${encodeURIComponent(JSON.stringify({ website_id: www }))}`,
    );
    expect(stored.body.data).toHaveLength(added.length);
    expect(stored.body.data.every((r) => r.verified === true && typeof r.last_checked === 'number')).toBe(
      true,
    );
    // Again: nothing new, everything listed.
    const again = await discover();
    expect(again.body.data.added).toEqual([]);
    expect(names(again.body.data.listed)).toEqual(names(added));
    expect((await call('POST', '/dms/api/v1/websites/999999/discover-services')).status).toBe(404);
  });

  it('lets a read-only role list and read, but not check, discover or write', async () => {
    const viewer = await t.as('VIEWER');
    const noperm = await t.as('NOPERM');
    const one = (await call<{ data: Body[] }>('GET', `${PATH}?perPage=1`)).body.data[0]!;
    const as = (
      headers: Record<string, string>,
      method: 'GET' | 'PUT' | 'POST',
      url: string,
      payload?: Body,
    ) => t.call({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(
      (await as(viewer, 'GET', `${PATH}?filter=${encodeURIComponent('{"hostname":"shop"}')}`)).status,
    ).toBe(200);
    expect((await as(viewer, 'GET', `${PATH}/${String(one.id)}`)).status).toBe(200);
    expect((await as(viewer, 'PUT', `${PATH}/check/${String(one.id)}`)).status).toBe(403);
    expect((await as(viewer, 'POST', `/dms/api/v1/websites/${websiteId}/discover-services`)).status).toBe(
      403,
    );
    expect(
      (await as(viewer, 'POST', PATH, { website_id: websiteId, type: 'mx', hostname: 'a.test' })).status,
    ).toBe(403);
    expect((await as(noperm, 'GET', PATH)).status).toBe(403);
    expect((await as(noperm, 'PUT', `${PATH}/check/${String(one.id)}`)).status).toBe(403);
    expect((await call('PUT', `${PATH}/check/999999`)).status).toBe(404);
  });
});
