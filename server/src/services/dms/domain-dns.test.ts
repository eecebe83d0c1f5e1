import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../integrations/dns/records.js';
import type { DnsRecord } from '../../integrations/dns/types.js';
import { dnsChanges } from './domain-dns.js';

const rec = (r: Partial<DnsRecord>): DnsRecord => ({ ...emptyRecord('example.com', 'A', 300), ...r });

describe('DNS change detection', () => {
  it('reports nothing for the same answer', () => {
    const a = [rec({ ip: '1.2.3.4' }), rec({ type: 'MX', target: 'mx.example.com', pri: 10 })];
    expect(dnsChanges(a, [...a].reverse())).toEqual([]);
  });

  it('pairs a moved A record into one change with old and new values', () => {
    const changes = dnsChanges([rec({ ip: '1.2.3.4' })], [rec({ ip: '5.6.7.8' })]);
    expect(changes).toEqual([
      {
        host: 'example.com',
        type: 'A',
        change: 'changed',
        before: { ttl: 300, ip: '1.2.3.4' },
        after: { ttl: 300, ip: '5.6.7.8' },
      },
    ]);
  });

  it('sees added and removed records, TTL changes and a new SOA serial', () => {
    const before = [rec({ type: 'TXT', txt: 'v=spf1 -all' }), rec({ type: 'SOA', mname: 'ns1', serial: 1 })];
    const after = [
      rec({ type: 'TXT', txt: 'v=spf1 -all', ttl: 60 }),
      rec({ type: 'SOA', mname: 'ns1', serial: 2 }),
      rec({ type: 'CAA', txt: '0 issue "x"' }),
    ];
    const kinds = dnsChanges(before, after)
      .map((c) => `${c.type}:${c.change}`)
      .sort();
    expect(kinds).toEqual(['CAA:added', 'SOA:changed', 'TXT:changed']);
    expect(
      dnsChanges(after, before)
        .map((c) => `${c.type}:${c.change}`)
        .sort(),
    ).toEqual(['CAA:removed', 'SOA:changed', 'TXT:changed']);
  });
});
