import { NAMESERVERS, REGISTRANTS, REGISTRARS } from './inventory-data.js';
import type { InventorySeed } from './inventory.js';

/** Registrars with their nameservers, and the registrants the domains are registered to. */
export async function seedRegistrars({ records, rng, ago }: InventorySeed) {
  const ids = await records.insert(
    'registrars',
    REGISTRARS.map((r) => ({
      registrar: r.name,
      homepage: r.homepage,
      iana_id: r.iana,
      nameserver_domain_names: [...r.ns],
      created_at: ago(rng.int(300, 800)),
      updated_at: ago(rng.int(1, 100)),
    })),
  );
  const registrars = new Map<string, number>(REGISTRARS.map((r, i) => [r.name, ids[i]!]));
  await records.insert(
    'nameservers',
    Object.entries(NAMESERVERS).flatMap(([registrar, list]) =>
      list.map((ns) => ({ nameserver: ns, registrar_id: registrars.get(registrar) })),
    ),
  );
  const registrants = await records.insert(
    'registrants',
    REGISTRANTS.map((r) => ({
      registrant_name: r.name,
      company: r.company,
      email: r.email,
      country: r.country,
    })),
  );
  return { registrars, registrants };
}
