import { DAY } from '../../../seed/random.js';
import type { InventorySeed } from './inventory.js';

export interface SiteDns {
  domainId: number;
  domain: string;
  ipId: number;
}

type DnsRecord = Record<string, unknown> & { host: string; type: string };

/** A realistic zone per site domain (apex A, www, MX, NS, SOA, SPF/verification TXT, CAA) and some history. */
export async function seedDns({ tx, records, rng, now }: InventorySeed, sites: SiteDns[]): Promise<void> {
  const ips = new Map(
    (await tx.query<{ id: number; ip_address: string }>('SELECT id, ip_address FROM ip_addresses')).rows.map(
      (r) => [Number(r.id), r.ip_address],
    ),
  );
  const nameservers = new Map(
    (
      await tx.query<{ id: number; nameservers: string[] }>(
        'SELECT id, nameservers FROM domains WHERE id = ANY($1::bigint[])',
        [sites.map((s) => s.domainId)],
      )
    ).rows.map((r) => [Number(r.id), r.nameservers]),
  );
  const zone: Array<DnsRecord & { domain_id: number }> = [];
  const refreshed: Array<{ id: number; dns_refreshed_at: number }> = [];
  const changes: Array<Record<string, unknown>> = [];
  for (const s of sites) {
    const ip = ips.get(s.ipId) ?? '95.216.14.21';
    const ns = nameservers.get(s.domainId) ?? [];
    const records: DnsRecord[] = [
      { host: s.domain, type: 'A', ttl: 300, ip },
      { host: `www.${s.domain}`, type: 'CNAME', ttl: 300, target: s.domain },
      { host: s.domain, type: 'MX', ttl: 3600, target: 'aspmx.l.google.com', pri: 1 },
      { host: s.domain, type: 'MX', ttl: 3600, target: 'alt1.aspmx.l.google.com', pri: 5 },
      ...ns.map((n) => ({ host: s.domain, type: 'NS', ttl: 86400, target: n })),
      {
        host: s.domain,
        type: 'SOA',
        ttl: 3600,
        mname: ns[0],
        rname: `dns.${ns[0]?.split('.').slice(-2).join('.') ?? s.domain}`,
        serial: 2026110100 + rng.int(1, 20),
        refresh: 10000,
        retry: 2400,
        expire: 604800,
        minimum_ttl: 1800,
      },
      { host: s.domain, type: 'TXT', ttl: 3600, txt: 'v=spf1 include:_spf.google.com ~all' },
      {
        host: s.domain,
        type: 'TXT',
        ttl: 3600,
        txt: `google-site-verification=${rng.int(1e9, 9e9).toString(36)}${rng.int(1e9, 9e9).toString(36)}`,
      },
      { host: s.domain, type: 'CAA', ttl: 3600, txt: '0 issue "letsencrypt.org"' },
    ];
    zone.push(...records.map((r) => ({ domain_id: s.domainId, ...r })));
    refreshed.push({ id: s.domainId, dns_refreshed_at: now - rng.int(0, 5) * DAY });
    if (rng.chance(0.3)) {
      const oldIp = `${ip.split('.').slice(0, 3).join('.')}.${rng.int(2, 250)}`;
      const at = now - rng.int(5, 90) * DAY;
      changes.push({
        domain_id: s.domainId,
        host: s.domain,
        type: 'A',
        change: 'changed',
        before: { ip: oldIp, ttl: 300 },
        after: { ip, ttl: 300 },
        created_at: at,
        updated_at: at,
      });
    }
  }
  await records.insert('dns-records', zone);
  await records.set('domains', refreshed);
  await records.insert('dns-record-changes', changes);
}
