import type { Queryable } from '../db/db.js';
import { DAY, now, type Rng } from './random.js';

interface SiteDns {
  domainId: number;
  domain: string;
  ipId: number;
}

/** A realistic zone per site domain (apex A, www, MX, NS, SOA, SPF/verification TXT, CAA) and some history. */
export async function seedDns(tx: Queryable, rng: Rng, sites: SiteDns[]): Promise<void> {
  const ips = new Map(
    (await tx.query<{ id: number; ip_address: string }>('SELECT id, ip_address FROM ip_addresses')).rows.map(
      (r) => [Number(r.id), r.ip_address],
    ),
  );
  const t = now();
  for (const s of sites) {
    const ip = ips.get(s.ipId) ?? '95.216.14.21';
    const ns = (
      await tx.query<{ nameservers: string[] }>('SELECT nameservers FROM domains WHERE id = $1', [s.domainId])
    ).rows[0]!.nameservers;
    const records: Array<Record<string, unknown>> = [
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
    for (const r of records) {
      const cols = ['domain_id', ...Object.keys(r)];
      await tx.query(
        `INSERT INTO dns_records (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        [s.domainId, ...Object.values(r)],
      );
    }
    await tx.query('UPDATE domains SET dns_refreshed_at = $2 WHERE id = $1', [
      s.domainId,
      t - rng.int(0, 5) * DAY,
    ]);
    if (rng.chance(0.3)) {
      const oldIp = `${ip.split('.').slice(0, 3).join('.')}.${rng.int(2, 250)}`;
      await tx.query(
        `INSERT INTO dns_record_changes (domain_id, host, type, change, before, after, created_at, updated_at)
         VALUES ($1, $2, 'A', 'changed', $3, $4, $5, $5)`,
        [
          s.domainId,
          s.domain,
          JSON.stringify({ ip: oldIp, ttl: 300 }),
          JSON.stringify({ ip, ttl: 300 }),
          t - rng.int(5, 90) * DAY,
        ],
      );
    }
  }
}
