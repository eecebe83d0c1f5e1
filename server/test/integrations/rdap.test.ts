import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { matchService, pickBaseUrl, RdapBootstrap } from '../../src/integrations/rdap/bootstrap.js';
import { RdapClient } from '../../src/integrations/rdap/client.js';
import { RdapError } from '../../src/integrations/rdap/errors.js';
import { DomainNotFoundError } from '../../src/integrations/rdap/types.js';
import { noDns } from './fixtures.js';
import { startHttpServer } from './local-servers.js';
import { startRdapServer, type LocalRdapServer } from './rdap-server.js';

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
