import type { Answer } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type LocalDnsServer, type Zone } from './integrations/dns-server.js';
import { fixture } from './integrations/fixtures.js';
import { startRdapServer, type LocalRdapServer } from './integrations/rdap-server.js';
import { startWhoisServer, type LocalWhoisServer } from './integrations/whois-server.js';
import { createTestApp, type TestApp } from './helper.js';

type Job = { output: { message: string } };
type Refresh = { data: { job_output: Job[]; failed_job_output: Job[] } };

const soa: Answer = {
  type: 'SOA',
  name: 'example.com',
  ttl: 3600,
  data: {
    mname: 'a.iana-servers.net',
    rname: 'noc.dns.icann.org',
    serial: 2026110101,
    refresh: 7200,
    retry: 3600,
    expire: 1209600,
    minimum: 3600,
  },
};

function zone(ip: string): Zone {
  return {
    'example.com': [
      { type: 'A', name: 'example.com', ttl: 300, data: ip },
      { type: 'MX', name: 'example.com', ttl: 3600, data: { preference: 10, exchange: 'mail.example.com' } },
      { type: 'NS', name: 'example.com', ttl: 86400, data: 'a.iana-servers.net' },
      { type: 'NS', name: 'example.com', ttl: 86400, data: 'b.iana-servers.net' },
      soa,
      { type: 'TXT', name: 'example.com', ttl: 3600, data: ['v=spf1 -all'] },
      {
        type: 'CAA',
        name: 'example.com',
        ttl: 3600,
        data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' },
      },
    ],
    'www.example.com': [{ type: 'CNAME', name: 'www.example.com', ttl: 300, data: 'example.com' }],
  };
}

// A registry whose date order is not declared: 25-07-2010 can only be day-first, 11-07-2026 could be either.
const AMBIGUOUS_WS = [
  'Domain Name: lotus-garden.ws',
  'Registrar: Example Registrar Ltd',
  'Creation Date: 25-07-2010',
  'Registry Expiry Date: 11-07-2026',
  'Name Server: ns1.lotus-dns.example',
  '',
].join('\r\n');

/** The refresh of a domain against local RDAP, WHOIS and DNS servers that answer as the real ones do. */
describe('domain refresh (RDAP, WHOIS fallback, DNS)', () => {
  let t: TestApp;
  let rdap: LocalRdapServer;
  let whois: LocalWhoisServer;
  let dns: LocalDnsServer;
  const records: Zone = zone('93.184.215.14');
  let admin: Record<string, string>;

  beforeAll(async () => {
    rdap = await startRdapServer({ deadOrigin: 'http://127.0.0.1:9' });
    whois = await startWhoisServer((q) => {
      if (q.trim() === 'example.nl') return fixture('whois/sidn-example-nl.txt');
      if (q.trim() === 'lotus-garden.ws') return AMBIGUOUS_WS;
      return fixture('whois/not-found.txt');
    });
    dns = await startDnsServer(records);
    t = await createTestApp('pglite', {
      outboundAllowPrivate: true,
      rdapBootstrapUrl: `${rdap.origin}/iana/dns.json`,
      dnsServers: [`127.0.0.1:${dns.port}`],
      whoisServerOverrides: {
        'whois.sidn.nl': { host: '127.0.0.1', port: whois.port },
        'whois.nic.ws': { host: '127.0.0.1', port: whois.port },
      },
    });
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([rdap?.close(), whois?.close(), dns?.close()]);
  });

  const create = async (name: string) =>
    (
      await t.call<{ data: { id: number } }>({
        method: 'POST',
        url: '/dms/api/v1/domains',
        headers: admin,
        payload: { name },
      })
    ).body.data.id;
  const refresh = (id: number) =>
    t.call<Refresh>({ method: 'GET', url: `/dms/api/v1/domains/${id}/refresh`, headers: admin });

  it('fills registrar, dates, nameservers and DNS records from RDAP and DNS', async () => {
    const id = await create('example.com');
    const res = await refresh(id);
    expect(res.status).toBe(200);
    expect(res.body.data.failed_job_output, JSON.stringify(res.body.data)).toEqual([]);
    expect(res.body.data.job_output.map((j) => j.output.message).join('\n')).toMatch(
      /WHOIS \(RDAP.*registrar Example Registrar, Inc\..*DNS: 8 records \(first look-up\)/s,
    );
    const d = await t.call<{ data: Record<string, unknown> }>({
      method: 'GET',
      url: `/dms/api/v1/domains/${id}`,
      headers: admin,
    });
    expect(d.body.data).toMatchObject({
      nameservers: ['a.iana-servers.net', 'b.iana-servers.net'],
      creation_date: Date.parse('1995-08-14T04:00:00Z') / 1000,
      whois_source: 'rdap',
      pulled_from: 'rdap',
    });
    expect(d.body.data.expiration_date).toBeGreaterThan(Date.parse('2026-01-01') / 1000);
    const reg = await t.call<{ data: Array<{ registrar: string; domains_count: number }> }>({
      method: 'GET',
      url: `/dms/api/v1/registrars?filter=${encodeURIComponent('{"registrar":"Example Registrar"}')}`,
      headers: admin,
    });
    expect(reg.body.data).toMatchObject([{ registrar: 'Example Registrar, Inc.', domains_count: 1 }]);
    const types = await t.call<{ data: Array<{ type: string }> }>({
      method: 'GET',
      url: `/dms/api/v1/dns-records?perPage=100&filter=${encodeURIComponent(JSON.stringify({ domain_id: id }))}`,
      headers: admin,
    });
    expect(types.body.data.map((r) => r.type).sort()).toEqual([
      'A',
      'CAA',
      'CNAME',
      'MX',
      'NS',
      'NS',
      'SOA',
      'TXT',
    ]);
  });

  it('keeps a changed record as a change with old and new values', async () => {
    const id = (await t.db.query<{ id: number }>("SELECT id FROM domains WHERE name = 'example.com'"))
      .rows[0]!.id;
    records['example.com'] = zone('93.184.215.99')['example.com']!;
    const res = await refresh(Number(id));
    expect(res.body.data.job_output.at(-1)!.output.message).toMatch(
      /DNS: 8 records, 0 added, 0 removed, 1 changed/,
    );
    const changes = await t.call<{
      data: Array<{
        host: string;
        type: string;
        change: string;
        before: { ip: string };
        after: { ip: string };
      }>;
    }>({
      method: 'GET',
      url: `/dms/api/v1/dns-record-changes?filter=${encodeURIComponent(JSON.stringify({ domain_id: id, type: 'A' }))}`,
      headers: admin,
    });
    expect(changes.body.data.map((c) => [c.host, c.change, c.before.ip, c.after.ip])).toEqual(
      expect.arrayContaining([['example.com', 'changed', '93.184.215.14', '93.184.215.99']]),
    );
  });

  it('keeps the stored records when the resolvers suddenly return nothing', async () => {
    const id = Number(
      (await t.db.query<{ id: number }>("SELECT id FROM domains WHERE name = 'example.com'")).rows[0]!.id,
    );
    const saved = { apex: records['example.com'], www: records['www.example.com'] };
    delete records['example.com'];
    delete records['www.example.com'];
    const res = await refresh(id);
    expect(res.body.data.failed_job_output.map((j) => j.output.message)).toContainEqual(
      expect.stringMatching(/8 stored records were kept/),
    );
    const count = await t.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM dns_records WHERE domain_id = $1',
      [id],
    );
    expect(Number(count.rows[0]!.n)).toBe(8);
    records['example.com'] = saved.apex!;
    records['www.example.com'] = saved.www!;
  });

  it('falls back to WHOIS for a TLD without RDAP', async () => {
    const id = await create('example.nl');
    const res = await refresh(id);
    expect(whois.queries).toContain('example.nl');
    expect(res.body.data.job_output[0]!.output.message).toMatch(
      /WHOIS \(WHOIS from whois\.sidn\.nl\): registrar Example Hosting B\.V\./,
    );
    const d = await t.call<{ data: Record<string, unknown> }>({
      method: 'GET',
      url: `/dms/api/v1/domains/${id}`,
      headers: admin,
    });
    expect(d.body.data).toMatchObject({
      whois_source: 'whois',
      nameservers: ['ns1.example-dns.nl', 'ns2.example-dns.nl', 'ns3.example-dns.eu'],
    });
  });

  it('stores an expiry it could not read without guessing day and month as empty, and says so', async () => {
    const id = await create('lotus-garden.ws');
    // An earlier read had stored a guess.
    await t.db.query('UPDATE domains SET expiration_date = $2 WHERE id = $1', [
      id,
      Date.parse('2026-11-07') / 1000,
    ]);
    const res = await refresh(id);
    expect(res.body.data.job_output[0]!.output.message).toBe(
      'WHOIS (WHOIS from whois.nic.ws): registrar Example Registrar Ltd, expires unknown, 1 nameservers; ' +
        'expiration date "11-07-2026" left empty: day and month order unknown for whois.nic.ws',
    );
    const d = await t.call<{ data: Record<string, unknown> }>({
      method: 'GET',
      url: `/dms/api/v1/domains/${id}`,
      headers: admin,
    });
    expect(d.body.data).toMatchObject({
      expiration_date: null,
      creation_date: Date.parse('2010-07-25') / 1000,
      whois_source: 'whois',
    });
  });

  it('reports what failed: an unregistered name and a name DNS does not know', async () => {
    const id = await create('never-registered.com');
    const res = await refresh(id);
    expect(res.status).toBe(200);
    expect(
      res.body.data.failed_job_output.map((j) => j.output.message),
      JSON.stringify(res.body.data),
    ).toEqual([expect.stringMatching(/no registration data/)]);
    expect((await refresh(999_999)).status).toBe(404);
  });
});
