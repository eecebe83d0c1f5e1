import { ENVS, EXTRA_IPS, PROXIES, REPOSITORIES, SERVERS } from './inventory-data.js';
import type { InventorySeed } from './inventory.js';
import { DAY } from '../../../seed/random.js';

export interface SeededServer {
  id: number;
  /** The server's row in SERVERS. */
  index: number;
  ipIds: number[];
}

/** The code repositories the sites deploy from. */
export async function seedRepositories({ records, rng, ago }: InventorySeed): Promise<number[]> {
  return records.insert(
    'repositories',
    REPOSITORIES.map((r) => ({
      name: r.name,
      repo: r.repo,
      url: `https://github.com/${r.repo}`,
      branch: r.branch,
      auto_deploy: r.auto,
      has_update: r.update,
      created_at: ago(300),
      updated_at: ago(rng.int(1, 30)),
    })),
  );
}

/** Servers with their main and extra IP addresses. */
export async function seedServers({ records, rng, ago }: InventorySeed): Promise<SeededServer[]> {
  const servers: SeededServer[] = [];
  for (const [index, s] of SERVERS.entries()) {
    const [id] = await records.insert('servers', [
      {
        name: s.name,
        main_ip: s.ip,
        location: s.location,
        provider: s.provider,
        operating_system: s.os,
        web_server: s.web,
        type: s.type,
        runcloud_server_id: s.rc,
        created_at: ago(rng.int(200, 700)),
        updated_at: ago(rng.int(1, 60)),
      },
    ]);
    const ips = [s.ip, ...(EXTRA_IPS[s.name] ?? [])].map((ip) => ({
      ip_address: ip,
      location: s.location,
      provider: s.provider,
      server_id: id,
      available: rng.chance(0.3),
      info:
        ip === s.ip
          ? 'Main address'
          : rng.pick(['Failover IP', 'Additional IPv4', 'Dedicated site IP', null]),
      created_at: ago(rng.int(100, 600)),
      updated_at: ago(rng.int(1, 90)),
    }));
    servers.push({ id: id!, index, ipIds: await records.insert('ip-addresses', ips) });
  }
  return servers;
}

/** Proxies (their passwords sealed by the declaration) and environment variables, some secret. */
export async function seedProxiesAndEnvs({ records, rng, now }: InventorySeed): Promise<void> {
  await records.insert(
    'proxy-servers',
    PROXIES.map((p) => ({
      name: p.name,
      ip_address: p.ip,
      port: p.port,
      username: `sf_${p.name.split('-')[0]}`,
      password: `px-${rng.int(1e6, 9e6)}`,
      country: p.country,
      banned_exp_dms: rng.chance(0.3) ? now + rng.int(1, 10) * DAY : null,
    })),
  );
  // The envs hook keeps a secret variable's value only sealed, as it does for the console.
  await records.insert(
    'envs',
    ENVS.map((e) => ({ environment: e.env, variable: e.variable, value: e.value, secret: e.secret })),
  );
}
