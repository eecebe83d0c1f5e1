import type { SeedWriter } from '../../../core/seed.js';
import type { Queryable } from '../../../db/db.js';
import { SCHEDULE_DAYS } from '../../../jobs/seed/maintenance.js';
import { Clock, type Runs, unit } from '../../../jobs/seed/runs.js';
import { DAY, type Rng } from '../../../seed/random.js';
import { RESOLVERS, WHOIS_SERVERS } from './content-data.js';
import type { DomainRow } from './portfolio.js';

/** Daily domains:refresh runs: the domains read longest ago first; a few lookups time out. */
export function seedRefreshes(rng: Rng, clock: Clock, runs: Runs, domains: DomainRow[]) {
  const def = runs.def('dms', 'domains:refresh');
  const last = new Map(domains.map((d) => [d.id, d.refreshedAt - SCHEDULE_DAYS * DAY]));
  const read = new Map<number, { whois: number | null; dns: number | null }>();
  const whoisServer = (name: string) => WHOIS_SERVERS[name.split('.').at(-1)!] ?? 'whois.nic.io';
  const dnsFailure = (name: string) =>
    rng.chance(0.5)
      ? `DNS: ${rng.pick(RESOLVERS)} failed to resolve ${name} ${rng.pick(['A', 'MX', 'TXT', 'CAA'])}`
      : `DNS: No UDP answer from ${rng.pick(RESOLVERS)} within 2000 ms`;
  const whoisFailure = (name: string) =>
    rng.chance(0.7)
      ? `WHOIS: ${whoisServer(name)} did not answer within 10000 ms`
      : `WHOIS: ${whoisServer(name)} is rate limiting WHOIS queries`;
  for (let day = SCHEDULE_DAYS - 1; day >= 0; day--) {
    const start = clock.at(day, 3, 30, rng.int(1, 40));
    if (start + 900 > clock.now) continue;
    const due = [...domains]
      .sort((a, b) => last.get(a.id)! - last.get(b.id)! || a.id - b.id)
      .slice(0, rng.chance(0.15) ? rng.int(40, 60) : rng.int(20, 35));
    const failing = new Set(rng.chance(0.25) ? rng.some(due, 1, 2).map((d) => d.id) : []);
    const units = due.map((d) => {
      const records = d.records || 2 + (d.id % 4);
      const reg = `registration data read (${d.source.toUpperCase()})`;
      if (failing.has(d.id))
        return unit(
          d.name,
          { message: `${whoisFailure(d.name)}; ${dnsFailure(d.name)}` },
          {
            input: { id: d.id },
            failed: true,
            attempts: runs.attempts(def),
            seconds: 10 + rng.next() * 2,
          },
        );
      const roll = rng.next();
      const parts =
        roll < 0.04
          ? [reg, dnsFailure(d.name)]
          : roll < 0.07
            ? [`${records} DNS records read`, whoisFailure(d.name)]
            : [reg, `${records} DNS records read`];
      return unit(
        d.name,
        { message: `${d.name}: ${parts.join('; ')}` },
        { input: { id: d.id }, seconds: 0.8 + rng.next() * 3 },
      );
    });
    runs.add(def, start, { older_than_days: 7, limit: 500 }, [units], { trigger: 'schedule' });
    for (const [i, d] of due.entries()) {
      const u = units[i]!;
      if (u.failed) continue;
      const whois = !u.output.message.includes('; WHOIS:') ? u.finishedAt : null;
      const dns = !u.output.message.includes('; DNS:') ? u.finishedAt : null;
      last.set(d.id, u.finishedAt);
      const prev = read.get(d.id);
      read.set(d.id, { whois: whois ?? prev?.whois ?? null, dns: dns ?? prev?.dns ?? null });
    }
  }
  return read;
}

/** What the refresh runs read is what the domains show as last read (after the deindex checks' changes). */
export async function writeRefreshes(
  tx: Queryable,
  records: SeedWriter,
  read: ReturnType<typeof seedRefreshes>,
): Promise<void> {
  const stored = await tx.query<{ id: number; whois: number | null; dns: number | null; updated: number }>(
    `SELECT id, whois_refreshed_at AS whois, dns_refreshed_at AS dns, updated_at AS updated FROM domains
     WHERE id = ANY($1::bigint[])`,
    [[...read.keys()]],
  );
  const latest = (...times: Array<number | null>) => {
    const known = times.filter((t): t is number => t !== null).map(Number);
    return known.length ? Math.max(...known) : null;
  };
  await records.set(
    'domains',
    stored.rows.map((d) => {
      const r = read.get(Number(d.id))!;
      return {
        id: Number(d.id),
        whois_refreshed_at: latest(d.whois, r.whois),
        dns_refreshed_at: latest(d.dns, r.dns),
        updated_at: latest(d.updated, r.whois, r.dns)!,
      };
    }),
  );
}
