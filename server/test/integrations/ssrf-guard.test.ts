import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, createAddressPolicy } from '../../src/integrations/http/address-policy.js';
import { OutboundError } from '../../src/integrations/http/errors.js';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

// Names a test resolver answers; nothing here ever reaches real DNS.
const ZONE: Record<string, string[]> = {
  'rebind.test': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'localtest.me': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'intranet.test': ['10.1.2.3'],
  'router.test': ['192.168.1.1'],
  'v6-loopback.test': ['::1'],
  'v6-mapped.test': ['::ffff:127.0.0.1'],
  'ula.test': ['fd00::5'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'cgnat.test': ['100.100.100.100'],
  'zero.test': ['0.0.0.0'],
};
const zoneLookup = async (hostname: string) => {
  const found = ZONE[hostname.toLowerCase().replace(/\.$/, '')];
  if (!found) throw Object.assign(new Error(`test resolver: ${hostname} unknown`), { code: 'ENOTFOUND' });
  return found;
};

const HOSTS = [
  // IPv4 loopback in every spelling the URL parser accepts
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '2130706433',
  '0x7f000001',
  '0x7f.1',
  '0x7F.0x00.0x00.0x01',
  '0177.0.0.1',
  '0177.0000.0000.0001',
  '017700000001',
  '127.000.000.001',
  '127.0.0.1.',
  '127.255.255.254',
  '%31%32%37.0.0.1',
  '１２７.０.０.１',
  '127。0。0。1',
  '①②⑦.0.0.1',
  // unspecified
  '0.0.0.0',
  '0',
  '0x0',
  '[::]',
  // link-local and cloud metadata
  '169.254.169.254',
  '2852039166',
  '0xa9fea9fe',
  '0251.0376.0251.0376',
  '169.254.43518',
  '169.254.0.1',
  // RFC 1918
  '10.0.0.1',
  '10.255.255.255',
  '012.0.0.1',
  '0xa.0.0.1',
  '167772161',
  '172.16.0.1',
  '172.20.10.10',
  '172.31.255.254',
  '192.168.0.1',
  '192.168.1.1',
  '0xc0a80001',
  '3232235521',
  '0300.0250.0.1',
  // CGNAT, reserved, multicast, broadcast
  '100.64.0.1',
  '100.127.255.254',
  '192.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '203.0.113.9',
  '240.0.0.1',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  // IPv6 loopback, mapped, compatible, NAT64, 6to4, ULA, link-local, site-local, multicast, doc, teredo
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[0000::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:127.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:10.0.0.1]',
  '[::ffff:0:127.0.0.1]',
  '[::127.0.0.1]',
  '[64:ff9b::127.0.0.1]',
  '[64:ff9b::a9fe:a9fe]',
  '[64:ff9b:1::1]',
  '[2002:7f00:1::]',
  '[2002:a9fe:a9fe::1]',
  '[fc00::1]',
  '[fd12:3456:789a::1]',
  '[fd00:ec2::254]',
  '[fe80::1]',
  '[febf::1]',
  '[fec0::1]',
  '[ff02::1]',
  '[2001:db8::1]',
  '[100::1]',
  '[2001::1]',
  // names
  'localhost',
  'localhost.',
  'LOCALHOST',
  'api.localhost',
  'rebind.test',
  'REBIND.test.',
  '127.0.0.1.nip.io',
  'localtest.me',
  'metadata.google.internal',
  'intranet.test',
  'router.test',
  'v6-loopback.test',
  'v6-mapped.test',
  'ula.test',
  'mixed.test',
  'cgnat.test',
  'zero.test',
];

let canary: LocalHttpServer;
let guarded: SafeFetchClient;

beforeAll(async () => {
  canary = await startHttpServer((_req, res) => res.end('internal'));
  guarded = createSafeFetch({ lookup: zoneLookup });
});
afterAll(async () => {
  await guarded.close();
  await canary.close();
});

describe('SSRF guard', () => {
  it(`refuses ${HOSTS.length} internal address encodings with 0 internal connections`, async () => {
    expect(HOSTS.length).toBeGreaterThanOrEqual(60);
    const outcomes = await Promise.all(
      HOSTS.map(async (host) => {
        try {
          await guarded(`http://${host}:${canary.port}/`);
          return `${host}: fetched`;
        } catch (err) {
          return err instanceof OutboundError ? `${host}: ${err.reason}` : `${host}: ${String(err)}`;
        }
      }),
    );
    expect(outcomes).toEqual(HOSTS.map((host) => `${host}: blocked_address`));
    expect(canary.connections()).toBe(0);
  });

  it('names the address and the reason in its message', async () => {
    await expect(guarded(`http://2130706433:${canary.port}/`)).rejects.toThrow(
      'Refused to connect to 127.0.0.1: private or loopback address',
    );
    await expect(guarded('http://[::ffff:169.254.169.254]/')).rejects.toThrow(/cloud metadata/);
    await expect(guarded(`http://rebind.test:${canary.port}/`)).rejects.toThrow(
      'Refused to connect to rebind.test (127.0.0.1): private or loopback address',
    );
  });

  it('checks the address it actually connects to, so DNS rebinding is refused', async () => {
    let calls = 0;
    const rebinding = createSafeFetch({
      lookup: async () => {
        calls += 1;
        return calls === 1 ? ['93.184.216.34'] : ['127.0.0.1'];
      },
    });
    try {
      const err = await rebinding(`http://flip.test:${canary.port}/`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundError);
      expect((err as OutboundError).reason).toBe('blocked_address');
      expect((err as OutboundError).message).toContain('127.0.0.1');
      expect(calls).toBe(2);
      expect(canary.connections()).toBe(0);
    } finally {
      await rebinding.close();
    }
  });

  it('reports an unresolvable name as a network error', async () => {
    await expect(guarded('http://unknown.test/')).rejects.toMatchObject({ reason: 'network' });
  });
});

describe('address policy', () => {
  it('lets public unicast addresses through, including NAT64 and 6to4 forms of public IPv4', () => {
    for (const ip of [
      '8.8.8.8',
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect([ip, classifyAddress(ip)]).toEqual([ip, null]);
  });

  it('never lifts unspecified, multicast or broadcast, even with allowPrivate', () => {
    const open = createAddressPolicy({ allowPrivate: true });
    expect(() => open.assertAddress('10.0.0.1')).not.toThrow();
    expect(() => open.assertAddress('::1')).not.toThrow();
    for (const ip of ['0.0.0.0', '224.0.0.1', '255.255.255.255', '::', 'ff02::1'])
      expect(() => open.assertAddress(ip)).toThrow(OutboundError);
  });

  it('allows listed IPs and CIDRs, matching IPv4-mapped forms too, and rejects bad entries', () => {
    const policy = createAddressPolicy({ allowHosts: ['10.0.0.0/24', 'fd00::1'] });
    expect(() => policy.assertAddress('10.0.0.7')).not.toThrow();
    expect(() => policy.assertAddress('::ffff:10.0.0.7')).not.toThrow();
    expect(() => policy.assertAddress('fd00::1')).not.toThrow();
    expect(() => policy.assertAddress('10.0.1.7')).toThrow(/private or loopback/);
    expect(() => createAddressPolicy({ allowHosts: ['intranet.local'] })).toThrow(/allowHosts/);
  });
});
