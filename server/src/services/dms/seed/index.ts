import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { seedDns } from './dns.js';
import { seedDomains } from './domains.js';
import { seedProxiesAndEnvs, seedRepositories, seedServers } from './hosting.js';
import { inventorySeed } from './inventory.js';
import { seedRegistrars } from './registrars.js';
import { seedWebsites } from './websites.js';

/** Servers, IPs, registrars, 60 websites of every type and status, 150 domains, DNS, proxies, repos, envs. */
export async function seedInventory(tx: Queryable, ctx: SeedContext): Promise<void> {
  const seed = inventorySeed(tx, ctx.records);
  const repoIds = await seedRepositories(seed);
  const servers = await seedServers(seed);
  const { registrars, registrants } = await seedRegistrars(seed);
  const taken = new Set<string>();
  const sites = await seedWebsites(seed, servers, repoIds, taken);
  const domainIds = await seedDomains(seed, sites, registrars, registrants, taken);
  await seedDns(
    seed,
    sites.map((s, i) => ({ domainId: domainIds[i]!, domain: s.domain, ipId: s.ipId })),
  );
  await seedProxiesAndEnvs(seed);
}
