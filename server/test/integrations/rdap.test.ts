import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { matchService, pickBaseUrl, RdapBootstrap } from '../../src/integrations/rdap/bootstrap.js';
import { RdapClient } from '../../src/integrations/rdap/client.js';
import { RdapError } from '../../src/integrations/rdap/errors.js';
import {
  bootstrapPrefixes,
  matchPrefix,
  parseIpAddress,
  parsePrefix,
  parseRdapIpNetwork,
} from '../../src/integrations/rdap/ip.js';
import {
  DomainNotFoundError,
  InvalidAddressError,
  IpNetworkNotFoundError,
} from '../../src/integrations/rdap/types.js';
import { noDns } from './fixtures.js';
import { startHttpServer } from './local-servers.js';
import { LAB_NETWORK, startRdapServer, type LocalRdapServer } from './rdap-server.js';

const at = (iso: string) => Date.parse(iso) / 1000;

let rdap: LocalRdapServer;
let fetch: SafeFetchClient;
let client: RdapClient;
let dir: string;

beforeAll(async () => {
  const dead = await startHttpServer((_req, res) => res.end());
  await dead.close();
  rdap = await startRdapServer({ deadOrigin: dead.origin });
  fetch = createSafeFetch({ allowPrivate: true, lookup: noDns });
  client = new RdapClient({ fetch, bootstrapUrl: `${rdap.origin}/iana/dns.json`, timeoutMs: 500 });
  dir = await mkdtemp(path.join(tmpdir(), 'sitefleet-rdap-'));
});
afterAll(async () => {
  await fetch.close();
  await rdap.close();
  await rm(dir, { recursive: true, force: true });
});

describe('RDAP lookups', () => {
  it('follows a thin registry to the registrar record and merges the two', async () => {
    const info = await client.lookupDomain('Example.COM.');
    expect(info).toEqual({
      name: 'example.com',
      unicodeName: 'example.com',
      registrar: {
        name: 'Example Registrar, Inc.',
        ianaId: '1234',
        url: 'https://www.registrar.example',
        abuseEmail: 'abuse@registrar.example',
      },
      registrant: { name: null, organization: 'Withheld for Privacy ehf', email: null, country: 'IS' },
      nameservers: ['a.iana-servers.net', 'b.iana-servers.net'],
      creationDate: at('1995-08-14T04:00:00Z'),
      // The registry's expiry is authoritative even when the registrar shows another one.
      expirationDate: at('2026-08-13T04:00:00Z'),
      updatedDate: at('2025-08-14T07:01:34Z'),
      statuses: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
      whoisProtected: true,
      source: 'rdap',
      server: '127.0.0.1',
    });
    expect(rdap.requests).toContain('/registrar/rdap/domain/EXAMPLE.COM');
    expect(rdap.accepts.every((a) => a.startsWith('application/rdap+json'))).toBe(true);
  });

  it('keeps a thick registry answer without asking the registrar, parsing structured jCard values', async () => {
    const before = rdap.requests.length;
    const info = await client.lookupDomain('example.org');
    expect(info).toMatchObject({
      registrar: {
        name: 'Example Nonprofit Registrar LLC',
        ianaId: '9999',
        url: 'https://nonprofit-registrar.example',
        abuseEmail: 'abuse@nonprofit-registrar.example',
      },
      registrant: { name: null, organization: 'Example Foundation', email: null, country: 'US' },
      nameservers: ['ns1.example.org', 'ns2.example.org'],
      expirationDate: at('2026-08-30T04:00:00Z'),
      whoisProtected: true,
    });
    expect(rdap.requests.slice(before)).toEqual(['/pir/rdap/domain/example.org']);
  });

  it('queries IDNs in A-label form and keeps the registry unicode name', async () => {
    const info = await client.lookupDomain('Bücher.app');
    expect(info).toMatchObject({
      name: 'xn--bcher-kva.app',
      unicodeName: 'bücher.app',
      registrar: { name: 'Example Names Ltd', ianaId: '292' },
      registrant: { name: 'Jana Müller', organization: 'Bücherstube Müller GmbH', country: 'DE' },
      whoisProtected: false,
      statuses: ['active'],
    });
  });

  it('answers null for a TLD without an RDAP service', async () => {
    expect(await client.lookupDomain('example.nl')).toBeNull();
  });

  it('turns 404 into DomainNotFoundError', async () => {
    const err = await client.lookupDomain('missing.com').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainNotFoundError);
    expect(err).toMatchObject({ domain: 'missing.com', source: 'rdap' });
  });

  it('retries once after a 429 with Retry-After, and gives up on a long wait', async () => {
    const started = Date.now();
    expect((await client.lookupDomain('busy.com'))?.name).toBe('busy.com');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const err = await client.lookupDomain('throttled.com').catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'rate_limited', details: { status: 429, retryAfterSeconds: 3600 } });
    expect(rdap.requests.filter((p) => p.endsWith('/throttled.com'))).toHaveLength(1);
  });

  it('types server failures, garbage and timeouts', async () => {
    await expect(client.lookupDomain('broken.com')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client.lookupDomain('garbage.com')).rejects.toMatchObject({ kind: 'bad_response' });
    await expect(client.lookupDomain('slow.com')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client.lookupDomain('example.io')).rejects.toBeInstanceOf(RdapError);
  });
});

describe('RDAP bootstrap', () => {
  it('matches the longest label-wise suffix and prefers https base URLs', () => {
    const entries: [string, string][] = [
      ['uk', 'a'],
      ['co.uk', 'b'],
      ['k', 'c'],
    ];
    expect(matchService('example.co.uk', entries)).toBe('b');
    expect(matchService('example.uk', entries)).toBe('a');
    expect(matchService('example.dk', entries)).toBeNull();
    expect(pickBaseUrl(['http://rdap.example/', 'https://rdap.example/x'])).toBe('https://rdap.example/x/');
  });

  it('uses service overrides before the bootstrap', async () => {
    const withOverride = new RdapClient({
      fetch,
      bootstrapUrl: `${rdap.origin}/iana/dns.json`,
      serviceOverrides: { nl: `${rdap.origin}/sidn/rdap` },
    });
    expect(await withOverride.serviceFor('example.nl')).toBe(`${rdap.origin}/sidn/rdap/`);
    expect(await withOverride.serviceFor('example.com')).toBe(`${rdap.origin}/verisign/com/v1/`);
  });

  it('caches the file on disk and reuses it after a restart while IANA is down', async () => {
    const cacheFile = path.join(dir, 'nested', 'dns.json');
    const first = new RdapClient({
      fetch,
      bootstrapUrl: `${rdap.origin}/iana/dns.json`,
      bootstrapCacheFile: cacheFile,
    });
    expect(await first.serviceFor('example.org')).toBe(`${rdap.origin}/pir/rdap/`);
    expect(JSON.parse(await readFile(cacheFile, 'utf8'))).toMatchObject({
      fetchedAt: expect.any(Number) as number,
    });
    const before = rdap.requests.length;
    const restarted = new RdapClient({
      fetch,
      bootstrapUrl: `${rdap.origin}/broken/dns.json`,
      bootstrapCacheFile: cacheFile,
    });
    expect(await restarted.serviceFor('example.org')).toBe(`${rdap.origin}/pir/rdap/`);
    expect(rdap.requests.length).toBe(before);
  });

  it('falls back to the bundled copy when IANA fails and nothing is cached', async () => {
    const offline = new RdapClient({ fetch, bootstrapUrl: `${rdap.origin}/broken/dns.json` });
    expect(await offline.serviceFor('example.com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(await offline.serviceFor('example.org')).toBe('https://rdap.publicinterestregistry.org/rdap/');
    expect(await offline.serviceFor('example.nl')).toBeNull();
  });

  it('refetches after the TTL and fetches once for concurrent callers', async () => {
    let now = 1_000_000;
    const bootstrap = new RdapBootstrap({
      fetch,
      url: `${rdap.origin}/iana/dns.json`,
      ttlMs: 60_000,
      now: () => now,
    });
    const count = () => rdap.requests.filter((p) => p === '/iana/dns.json').length;
    const before = count();
    await Promise.all([
      bootstrap.baseUrlFor('a.com'),
      bootstrap.baseUrlFor('b.org'),
      bootstrap.baseUrlFor('c.app'),
    ]);
    expect(count()).toBe(before + 1);
    now += 61_000;
    expect(await bootstrap.baseUrlFor('example.dev')).toBe(`${rdap.origin}/google/rdap/`);
    expect(count()).toBe(before + 2);
  });
});

describe('RDAP IP network lookups', () => {
  let ip: RdapClient;
  beforeAll(() => {
    ip = new RdapClient({
      fetch,
      bootstrapUrl: `${rdap.origin}/iana/dns.json`,
      specialAddresses: true,
      timeoutMs: 500,
    });
  });

  it('finds the registry by the bootstrap prefix and reads a RIPE-style network', async () => {
    const before = rdap.requests.length;
    expect(await ip.lookupIpNetwork('88.99.14.203')).toEqual({
      startAddress: '88.99.0.0',
      endAddress: '88.99.255.255',
      ipVersion: 4,
      handle: '88.99.0.0 - 88.99.255.255',
      name: 'EXAMPLE-DC-NET',
      country: 'DE',
      org: 'Example Hosting GmbH',
      server: '127.0.0.1',
    });
    // The IPv4 registry beside dns.json, then the query; IPv6's registry is not read for an IPv4 address.
    expect(rdap.requests.slice(before)).toEqual(['/iana/ipv4.json', '/ripe/ip/88.99.14.203']);
    expect(rdap.accepts.at(-1)).toMatch(/^application\/rdap\+json/);
  });

  it("reads the holder's country from its postal address when the network names none (ARIN)", async () => {
    expect(await ip.lookupIpNetwork('104.21.48.19')).toMatchObject({
      startAddress: '104.16.0.0',
      endAddress: '104.31.255.255',
      handle: 'NET-104-16-0-0-1',
      country: 'United States',
      org: 'Example CDN, Inc.',
    });
  });

  it('reads an IPv6 network whose holder is only in its description (APNIC)', async () => {
    expect(await ip.lookupIpNetwork('[2400:CB00:2049:0001::A29F:1804]')).toMatchObject({
      startAddress: '2400:cb00::',
      endAddress: '2400:cb00:ffff:ffff:ffff:ffff:ffff:ffff',
      ipVersion: 6,
      name: 'EXAMPLENET-AP',
      country: 'AU',
      org: 'Example Networks Pty Ltd',
    });
    expect(rdap.requests).toContain('/iana/ipv6.json');
  });

  it('follows a registry that refers the query to the one holding the block', async () => {
    const before = rdap.requests.length;
    expect(await ip.lookupIpNetwork('::ffff:23.227.38.65')).toMatchObject({
      startAddress: '23.227.32.0',
      country: 'CA',
      org: 'Example Shops Inc.',
    });
    expect(rdap.requests.slice(before)).toEqual(['/arin/registry/ip/23.227.38.65', '/ripe/ip/23.227.38.65']);
  });

  it('asks the most specific prefix, and turns its 404 into IpNetworkNotFoundError', async () => {
    const err = await ip.lookupIpNetwork('88.99.200.1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpNetworkNotFoundError);
    expect(err).toMatchObject({ address: '88.99.200.1' });
    expect(rdap.requests.at(-1)).toBe('/ripe-legacy/ip/88.99.200.1');
  });

  it('answers null where no registry holds the address, and leaves special addresses alone by default', async () => {
    expect(await ip.lookupIpNetwork('9.9.9.9')).toBeNull();
    expect(await ip.lookupIpNetwork('127.0.0.1')).toMatchObject({ org: LAB_NETWORK.org });
    const before = rdap.requests.length;
    const plain = new RdapClient({ fetch, bootstrapUrl: `${rdap.origin}/iana/dns.json` });
    expect(await plain.lookupIpNetwork('127.0.0.1')).toBeNull();
    expect(await plain.lookupIpNetwork('10.1.2.3')).toBeNull();
    expect(rdap.requests.length).toBe(before);
    await expect(plain.lookupIpNetwork('not-an-ip')).rejects.toBeInstanceOf(InvalidAddressError);
  });

  it('types a rate limit with its Retry-After, server failures, garbage and another network', async () => {
    await expect(ip.lookupIpNetwork('5.9.1.1')).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { status: 429, retryAfterSeconds: 3600 },
    });
    await expect(ip.lookupIpNetwork('31.3.96.12')).rejects.toMatchObject({ kind: 'bad_response' });
    const other = await ip.lookupIpNetwork('37.187.92.18').catch((e: unknown) => e);
    expect(other).toBeInstanceOf(RdapError);
    expect((other as Error).message).toContain('does not hold 37.187.92.18');
    await expect(ip.lookupIpNetwork('45.1.2.3')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('matches the longest prefix of either family and reads addresses in their usual form', () => {
    const prefixes = bootstrapPrefixes([
      { labels: ['88.0.0.0/8', 'not-a-prefix'], urls: ['a'] },
      { labels: ['88.99.128.0/17'], urls: ['b'] },
      { labels: ['2a00::/12', '::/0'], urls: ['c'] },
    ]);
    const at = (raw: string) => matchPrefix(parseIpAddress(raw)!, prefixes);
    expect(at('88.99.200.1')).toEqual(['b']);
    expect(at('88.99.1.1')).toEqual(['a']);
    expect(at('89.0.0.1')).toBeNull();
    expect(at('2a01:4f8::1')).toEqual(['c']);
    expect(parsePrefix('88.99.200.7/17', 'x')).toMatchObject({ first: parseIpAddress('88.99.128.0')!.value });
    expect(parseIpAddress('2A01:04F8:0000:0000::0001')).toMatchObject({ text: '2a01:4f8::1', version: 6 });
    expect(parseIpAddress('::ffff:1.2.3.4')).toMatchObject({ text: '1.2.3.4', version: 4 });
    expect(parseIpAddress('1.2.3')).toBeNull();
  });

  it('refuses objects that are no network or hold no usable range', () => {
    const q = parseIpAddress('88.99.1.1')!;
    const parse = (json: unknown) => () => parseRdapIpNetwork(json, q, 'rdap.test');
    expect(parse({ objectClassName: 'domain', ldhName: 'example.com' })).toThrow(RdapError);
    expect(parse({ objectClassName: 'ip network', startAddress: '88.99.0.0' })).toThrow(/address range/);
    expect(
      parse({ objectClassName: 'ip network', startAddress: '88.99.255.255', endAddress: '88.99.0.0' }),
    ).toThrow(/address range/);
    expect(
      parse({ objectClassName: 'ip network', startAddress: '88.99.0.0', endAddress: '2a00::1' }),
    ).toThrow(/address range/);
  });
});
