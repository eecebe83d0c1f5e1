import { DAY } from '../../../seed/random.js';
import { MARKET_TLDS, NAMESERVERS, NICHE_NAMES, REGISTRARS } from './inventory-data.js';
import type { InventorySeed } from './inventory.js';
import { domainName, type SeededSite } from './websites.js';

const PARKED_NOTES = ['Parked, redirect to money site', 'Expired-domain purchase', 'Brand protection', null];

/**
 * The sites' domains and 90 more (parked, bought for their backlinks), about one in 25 expiring within a
 * month; each site is linked back to its domain. Answers the domain ids, the sites' first and in order.
 */
export async function seedDomains(
  seed: InventorySeed,
  sites: SeededSite[],
  registrars: Map<string, number>,
  registrants: number[],
  taken: Set<string>,
): Promise<number[]> {
  const { records, rng, ago, now } = seed;
  const markets = Object.keys(MARKET_TLDS);
  const registrarNames = REGISTRARS.slice(0, 7).map((r) => r.name);
  const all = [
    ...sites.map((s) => ({ name: s.domain, site: s.id as number | null, registrar: s.registrar })),
    ...Array.from({ length: 90 }, () => {
      const market = rng.pick(markets);
      return {
        name: domainName(rng, rng.pick(NICHE_NAMES), rng.pick(MARKET_TLDS[market]!), taken),
        site: null,
        registrar: rng.pick(registrarNames),
      };
    }),
  ];
  const rows = all.map((d, i) => {
    const created = ago(rng.int(120, 3650));
    const expiresIn = i % 25 === 0 ? rng.int(3, 29) : rng.int(30, 720);
    const ns = NAMESERVERS[rng.chance(0.45) ? 'Cloudflare, Inc.' : d.registrar]!.slice(0, 2);
    const privacy = rng.chance(0.6);
    return {
      name: d.name,
      notes: d.site ? null : rng.pick(PARKED_NOTES),
      expiration_alerts: rng.chance(0.85),
      website_id: d.site,
      nameservers: ns,
      registrar_id: registrars.get(d.registrar),
      registrant_id: privacy ? registrants[rng.int(0, 1)] : rng.pick(registrants.slice(2)),
      deindexed: !d.site && rng.chance(0.08),
      whois_protected: privacy,
      auto_renew: rng.chance(0.7),
      pulled_from: rng.pick(['rdap', 'rdap', 'whois', 'import', 'registrar-api']),
      creation_date: created,
      expiration_date: now + expiresIn * DAY,
      whois_statuses: ['client transfer prohibited'],
      whois_source: 'rdap',
      whois_refreshed_at: ago(rng.int(0, 10)),
      created_at: ago(rng.int(30, 400)),
      updated_at: ago(rng.int(0, 30)),
    };
  });
  const ids = await records.insert('domains', rows);
  // The link back is part of the site's first version, as if both had been entered together.
  await records.set(
    'websites',
    sites.map((s, i) => ({ id: s.id, domain_id: ids[i]! })),
  );
  return ids;
}
