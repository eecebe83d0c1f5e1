import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { RdapClient } from '../../src/integrations/rdap/client.js';
import { DomainNotFoundError } from '../../src/integrations/rdap/types.js';
import { WhoisClient } from '../../src/integrations/whois/client.js';
import { WhoisError } from '../../src/integrations/whois/errors.js';
import { lookupDomainInfo } from '../../src/integrations/whois/lookup.js';
import { fixture, noDns } from './fixtures.js';
import { startHttpServer } from './local-servers.js';
import { startRdapServer, type LocalRdapServer } from './rdap-server.js';
import { startWhoisServer, type LocalWhoisServer } from './whois-server.js';

// Query line → answer, as each registry's server expects it written.
const ANSWERS: Record<string, string> = {
  'domain example.com': fixture('whois/verisign-example-com.txt'),
  'example.com': fixture('whois/registrar-example-com.txt'),
  'domain missing.com': fixture('whois/not-found.txt'),
  'example.nl': fixture('whois/sidn-example-nl.txt'),
  'example.co.uk': fixture('whois/nominet-example-co-uk.txt'),
  '-T dn,ace xn--bcher-kva.de': fixture('whois/denic-idn-de.txt'),
  'example.jp/e': fixture('whois/jprs-example-jp.txt'),
  'example.se': fixture('whois/iis-example-se.txt'),
  io: fixture('whois/iana-io.txt'),
  'example.io': fixture('whois/nic-example-io.txt'),
  // The registry's date is ambiguous; the registrar's answer settles it.
  'domain lotus.com': [
    'Domain Name: LOTUS.COM',
    'Registrar WHOIS Server: whois.registrar.example',
    'Registrar: Example Registrar, Inc.',
    'Registry Expiry Date: 11-07-2026',
    'Name Server: NS1.LOTUS.EXAMPLE',
  ].join('\r\n'),
  'lotus.com': 'Domain Name: lotus.com\r\nRegistrar Registration Expiration Date: 2026-07-11T00:00:00Z\r\n',
  'big.nl': `Domain name: big.nl\nStatus: active\n\nCreation Date: 2001-01-01\n\n${'% filler\n'.repeat(20_000)}`,
};
const HOSTS = [
  'whois.verisign-grs.com',
  'whois.registrar.example',
  'whois.sidn.nl',
  'whois.nic.uk',
  'whois.denic.de',
  'whois.jprs.jp',
  'whois.iis.se',
  'whois.iana.org',
  'whois.nic.io',
];

let whoisServer: LocalWhoisServer;
let hung: LocalWhoisServer;
let rdap: LocalRdapServer;
let fetch: SafeFetchClient;
let whois: WhoisClient;

beforeAll(async () => {
  whoisServer = await startWhoisServer((query) => ANSWERS[query] ?? 'No match for this query.\r\n');
  hung = await startWhoisServer(() => null);
  const local = { host: '127.0.0.1', port: whoisServer.port };
  whois = new WhoisClient({
    hostOverrides: Object.fromEntries(HOSTS.map((h) => [h, local])),
    allowPrivate: true,
    lookup: noDns,
    timeoutMs: 2_000,
  });
  const dead = await startHttpServer((_req, res) => res.end());
  await dead.close();
  rdap = await startRdapServer({ deadOrigin: dead.origin });
  fetch = createSafeFetch({ allowPrivate: true, lookup: noDns });
});
afterAll(async () => {
  await fetch.close();
  await rdap.close();
  await hung.close();
  await whoisServer.close();
});

describe('WHOIS client', () => {
  it('follows a thin registry to the registrar WHOIS server and merges the registrant', async () => {
    const info = await whois.lookupDomain('example.com');
    expect(whoisServer.queries.slice(-2)).toEqual(['domain example.com', 'example.com']);
    expect(info).toMatchObject({
      source: 'whois',
      server: 'whois.verisign-grs.com',
      registrar: { name: 'Example Registrar, Inc.', ianaId: '1234' },
      registrant: { organization: 'Withheld for Privacy ehf', country: 'IS' },
      expirationDate: Date.parse('2026-08-13T04:00:00Z') / 1000,
      whoisProtected: true,
    });
  });

  it("keeps a registry's uncertain date only while the registrar's answer does not settle it", async () => {
    const info = await whois.lookupDomain('lotus.com');
    expect(info).toMatchObject({ expirationDate: Date.parse('2026-07-11T00:00:00Z') / 1000, uncertain: [] });
  });

  it('writes each registry query the way the registry wants it', async () => {
    await whois.lookupDomain('Bücher.de');
    await whois.lookupDomain('example.jp');
    await whois.lookupDomain('example.nl');
    await whois.lookupDomain('example.co.uk');
    await whois.lookupDomain('example.se');
    expect(whoisServer.queries.slice(-5)).toEqual([
      '-T dn,ace xn--bcher-kva.de',
      'example.jp/e',
      'example.nl',
      'example.co.uk',
      'example.se',
    ]);
  });

  it('asks whois.iana.org for TLDs it does not know, following "refer:" once per TLD', async () => {
    const info = await whois.lookupDomain('example.io');
    expect(info).toMatchObject({
      server: 'whois.nic.io',
      statuses: ['active'],
      registrant: { organization: 'Example Labs Ltd' },
    });
    await whois.lookupDomain('example.io');
    expect(whoisServer.queries.filter((q) => q === 'io')).toHaveLength(1);
  });

  it('reports unknown names as not found', async () => {
    await expect(whois.lookupDomain('missing.com')).rejects.toBeInstanceOf(DomainNotFoundError);
  });

  it('caps the answer size and times out on a silent server', async () => {
    const raw = await whois.query({ host: '127.0.0.1', port: whoisServer.port }, 'big.nl');
    expect(raw.length).toBe(64 * 1024);
    expect((await whois.lookupDomain('big.nl')).creationDate).toBe(Date.parse('2001-01-01T00:00:00Z') / 1000);
    const impatient = new WhoisClient({ allowPrivate: true, lookup: noDns, timeoutMs: 200 });
    const started = Date.now();
    const err = await impatient
      .query({ host: '127.0.0.1', port: hung.port }, 'example.nl')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WhoisError);
    expect(err).toMatchObject({ kind: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses private WHOIS servers unless allowed, like HTTP fetches', async () => {
    const guarded = new WhoisClient({ lookup: noDns, timeoutMs: 500 });
    await expect(
      guarded.query({ host: '127.0.0.1', port: whoisServer.port }, 'example.nl'),
    ).rejects.toMatchObject({
      kind: 'refused',
    });
  });
});

describe('lookupDomainInfo', () => {
  const rdapClient = () =>
    new RdapClient({ fetch, bootstrapUrl: `${rdap.origin}/iana/dns.json`, timeoutMs: 500 });

  it('uses RDAP when the TLD has a service', async () => {
    const info = await lookupDomainInfo('example.com', { rdap: rdapClient(), whois });
    expect(info.source).toBe('rdap');
  });

  it('falls back to WHOIS for a TLD absent from the bootstrap', async () => {
    const info = await lookupDomainInfo('example.nl', { rdap: rdapClient(), whois });
    expect(info).toMatchObject({
      source: 'whois',
      server: 'whois.sidn.nl',
      registrar: { name: 'Example Hosting B.V.' },
    });
  });

  it('falls back to WHOIS when the RDAP server cannot be reached', async () => {
    const info = await lookupDomainInfo('example.io', { rdap: rdapClient(), whois });
    expect(info).toMatchObject({ source: 'whois', server: 'whois.nic.io' });
  });

  it('trusts an RDAP "not found" without asking WHOIS', async () => {
    const before = whoisServer.queries.length;
    await expect(lookupDomainInfo('missing.com', { rdap: rdapClient(), whois })).rejects.toBeInstanceOf(
      DomainNotFoundError,
    );
    expect(whoisServer.queries.length).toBe(before);
  });
});
