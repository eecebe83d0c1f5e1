import type { Answer } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsClient } from '../../src/integrations/dns/client.js';
import { diffRecords } from '../../src/integrations/dns/diff.js';
import { emptyRecord } from '../../src/integrations/dns/records.js';
import { parseDnsServer } from '../../src/integrations/dns/server-address.js';
import { DnsError, type DnsRecord } from '../../src/integrations/dns/types.js';
import { startDnsServer, type LocalDnsServer, type Zone } from './dns-server.js';

const apex = 'example.test';
const longTxt = Array.from({ length: 12 }, (_, i) => `chunk-${i}-${'x'.repeat(180)}`);

const ZONE: Zone = {
  [apex]: [
    { type: 'A', name: apex, ttl: 300, data: '192.0.2.10' },
    { type: 'A', name: apex, ttl: 300, data: '192.0.2.11' },
    { type: 'AAAA', name: apex, ttl: 300, data: '2001:db8::10' },
    { type: 'MX', name: apex, ttl: 3600, data: { preference: 10, exchange: 'mail.example.test' } },
    { type: 'MX', name: apex, ttl: 3600, data: { preference: 20, exchange: 'Backup-MX.example.net.' } },
    { type: 'NS', name: apex, ttl: 86400, data: 'ns1.example.test' },
    { type: 'NS', name: apex, ttl: 86400, data: 'ns2.example.net' },
    {
      type: 'SOA',
      name: apex,
      ttl: 3600,
      data: {
        mname: 'ns1.example.test',
        rname: 'hostmaster.example.test',
        serial: 2025010101,
        refresh: 7200,
        retry: 3600,
        expire: 1209600,
        minimum: 300,
      },
    },
    { type: 'TXT', name: apex, ttl: 300, data: 'v=spf1 include:_spf.example.net ~all' },
    { type: 'TXT', name: apex, ttl: 300, data: ['v=DKIM1; k=rsa; ', 'p=MIGfMA0GCSqGSIb3'] },
    { type: 'CAA', name: apex, ttl: 3600, data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    {
      type: 'CAA',
      name: apex,
      ttl: 3600,
      data: { flags: 128, tag: 'iodef', value: 'mailto:sec@example.test' },
    },
  ],
  'www.example.test': [{ type: 'CNAME', name: 'www.example.test', ttl: 600, data: apex }],
  '_sip._tcp.example.test': [
    {
      type: 'SRV',
      name: '_sip._tcp.example.test',
      ttl: 60,
      data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.test' },
    },
  ],
  'big.example.test': longTxt.map((t): Answer => ({
    type: 'TXT',
    name: 'big.example.test',
    ttl: 120,
    data: t,
  })),
};

let server: LocalDnsServer;
let silent: LocalDnsServer;
let client: DnsClient;

beforeAll(async () => {
  server = await startDnsServer(ZONE, { truncate: ['big.example.test'], servfail: ['broken.example.test'] });
  silent = await startDnsServer(ZONE, { silent: true });
  client = new DnsClient({ servers: [server.address], timeoutMs: 1_000, retries: 0 });
});
afterAll(async () => {
  await server.close();
  await silent.close();
});

const rec = (type: DnsRecord['type'], ttl: number, fields: Partial<DnsRecord>, host = apex): DnsRecord => ({
  ...emptyRecord(host, type, ttl),
  ...fields,
});

describe('DNS client', () => {
  it('looks up every tracked type of a zone apex in the DNS record shape', async () => {
    const records = await client.lookupAll('Example.Test.');
    expect(records).toEqual([
      rec('A', 300, { ip: '192.0.2.10' }),
      rec('A', 300, { ip: '192.0.2.11' }),
      rec('AAAA', 300, { ip: '2001:db8::10' }),
      rec('MX', 3600, { pri: 10, target: 'mail.example.test' }),
      rec('MX', 3600, { pri: 20, target: 'backup-mx.example.net' }),
      rec('NS', 86400, { target: 'ns1.example.test' }),
      rec('NS', 86400, { target: 'ns2.example.net' }),
      rec('SOA', 3600, {
        mname: 'ns1.example.test',
        rname: 'hostmaster.example.test',
        serial: 2025010101,
        refresh: 7200,
        retry: 3600,
        expire: 1209600,
        minimum_ttl: 300,
      }),
      rec('TXT', 300, { txt: 'v=spf1 include:_spf.example.net ~all' }),
      rec('TXT', 300, { txt: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3' }),
      rec('CAA', 3600, { txt: '0 issue "letsencrypt.org"' }),
      rec('CAA', 3600, { txt: '128 iodef "mailto:sec@example.test"' }),
    ]);
  });

  it('keeps only the records owned by the name asked about when a CNAME is in the way', async () => {
    expect(await client.lookupAll('www.example.test')).toEqual([
      rec('CNAME', 600, { target: apex }, 'www.example.test'),
    ]);
  });

  it('reads SRV priority, weight, port and target', async () => {
    expect(await client.lookup('_sip._tcp.example.test', 'SRV')).toEqual([
      rec(
        'SRV',
        60,
        { pri: 10, weight: 60, port: 5060, target: 'sip.example.test' },
        '_sip._tcp.example.test',
      ),
    ]);
  });

  it('retries over TCP when the UDP answer is truncated', async () => {
    const before = server.tcpQueries();
    const records = await client.lookup('big.example.test', 'TXT');
    expect(records.map((r) => r.txt)).toEqual(longTxt);
    expect(server.tcpQueries()).toBe(before + 1);
  });

  it('reports NXDOMAIN as an empty result with a flag, not an error', async () => {
    expect(await client.resolveAll('nope.example.test')).toEqual({
      name: 'nope.example.test',
      records: [],
      nxdomain: true,
    });
    expect(await client.lookupAll('nope.example.test')).toEqual([]);
    expect((await client.query('nope.example.test', 'A')).nxdomain).toBe(true);
  });

  it('turns SERVFAIL into a typed error', async () => {
    await expect(client.lookup('broken.example.test', 'A')).rejects.toMatchObject({ kind: 'servfail' });
  });

  it('times out on a server that never answers, after the configured retries', async () => {
    const mute = new DnsClient({ servers: [silent.address], timeoutMs: 150, retries: 1 });
    const started = Date.now();
    const err = await mute.lookup(apex, 'A').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DnsError);
    expect((err as DnsError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(silent.udpQueries()).toBe(2);
  });

  it('moves on to the next server when one is silent', async () => {
    const failover = new DnsClient({ servers: [silent.address, server.address], timeoutMs: 150, retries: 1 });
    expect(await failover.lookup(apex, 'AAAA')).toEqual([rec('AAAA', 300, { ip: '2001:db8::10' })]);
  });

  it('ignores a reply whose id does not match the query', async () => {
    const spoofing = await startDnsServer(ZONE, { spoofFirst: true });
    try {
      const c = new DnsClient({ servers: [spoofing.address], timeoutMs: 500, retries: 0 });
      expect(await c.lookup(apex, 'NS')).toHaveLength(2);
    } finally {
      await spoofing.close();
    }
  });

  it('parses server specs', () => {
    expect(parseDnsServer('192.0.2.1')).toMatchObject({ host: '192.0.2.1', port: 53, family: 4 });
    expect(parseDnsServer('127.0.0.1:5353')).toMatchObject({ port: 5353, label: '127.0.0.1:5353' });
    expect(parseDnsServer('[2001:db8::1]:5300')).toMatchObject({
      host: '2001:db8::1',
      port: 5300,
      family: 6,
    });
    expect(parseDnsServer('2001:db8::1')).toMatchObject({ port: 53, family: 6 });
    expect(() => parseDnsServer('dns.example:53')).toThrow(/not an IP address/);
  });
});

describe('diffRecords', () => {
  const a = rec('A', 300, { ip: '192.0.2.10' });
  const mx = rec('MX', 3600, { pri: 10, target: 'mail.example.test' });
  const soa = rec('SOA', 3600, { mname: 'ns1.example.test', serial: 1 });
  const txt = rec('TXT', 300, { txt: 'v=spf1 -all' });

  it('reports added, removed and changed records keyed by host, type and value', () => {
    const next = [
      { ...a, ttl: 60 },
      rec('A', 300, { ip: '192.0.2.99' }),
      { ...mx, pri: 5 },
      { ...soa, serial: 2 },
    ];
    expect(diffRecords([a, mx, soa, txt], next)).toEqual({
      added: [rec('A', 300, { ip: '192.0.2.99' })],
      removed: [txt],
      changed: [
        { before: a, after: { ...a, ttl: 60 } },
        { before: mx, after: { ...mx, pri: 5 } },
        { before: soa, after: { ...soa, serial: 2 } },
      ],
    });
  });

  it('finds nothing between identical lookups in any order and handles duplicates', () => {
    expect(diffRecords([a, mx, txt], [txt, a, mx])).toEqual({ added: [], removed: [], changed: [] });
    expect(diffRecords([a], [a, a]).added).toEqual([a]);
  });
});
