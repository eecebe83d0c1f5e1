import { WEBSITE_STATUSES } from '@sitefleet/shared';
import type { Rng } from '../../../seed/random.js';
import type { SeededServer } from './hosting.js';
import {
  MARKET_TLDS,
  NICHE_NAMES,
  nicheOf,
  QUALIFIERS,
  REGISTRARS,
  SERVERS,
  SUFFIXES,
} from './inventory-data.js';
import type { InventorySeed } from './inventory.js';

const TYPE_PLAN: Array<[string, number]> = [
  ['MONEY', 16],
  ['DIRECTORY', 10],
  ['LINK', 20],
  ['SERVICE', 9],
  ['THIRD_PARTY', 5],
];
const EXTRA_TAGS = [
  'tier-1',
  'tier-2',
  'high-priority',
  'needs-content',
  'cloudflare',
  'migrated-2025',
  'under-review',
];
const NOTES = [
  'Migrated from shared hosting in March.',
  'Owner wants weekly content.',
  'Check affiliate links after theme update.',
  'Expired domain with strong backlink profile.',
];

export interface SeededSite {
  id: number;
  domain: string;
  ipId: number;
  registrar: string;
}

/** A made-up domain of the niche, unique in the portfolio. */
export function domainName(rng: Rng, niche: string, tld: string, taken: Set<string>): string {
  for (;;) {
    const word = rng.pick(nicheOf(niche).words);
    const parts = rng.chance(0.5) ? [rng.pick(QUALIFIERS), word] : [word, rng.pick(SUFFIXES)];
    const sep = rng.chance(0.25) ? '-' : '';
    const name = `${parts.join(sep)}.${tld}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function statusOf(n: number): string {
  const s = WEBSITE_STATUSES;
  if (n % 13 === 5) return s[0];
  if (n % 11 === 3) return s[1];
  if (n % 17 === 7) return s[3];
  return n % 19 === 9 ? s[4] : 'LIVE';
}

const REPOSITORY_OF: Record<string, number> = { MONEY: 0, DIRECTORY: 1, LINK: 2, SERVICE: 3 };

/**
 * 60 websites of every type and status on the hosting servers, owned by the demo operators; money sites carry
 * remote desktop and Google accounts and sites in development an HTTP password, all sealed by the declaration.
 */
export async function seedWebsites(
  seed: InventorySeed,
  servers: SeededServer[],
  repoIds: number[],
  taken: Set<string>,
): Promise<SeededSite[]> {
  const { tx, records, rng, ago } = seed;
  const users = (
    await tx.query<{ id: number }>("SELECT id FROM users WHERE email NOT LIKE 'admin@%' ORDER BY id")
  ).rows.map((u) => Number(u.id));
  const tags = new Map(
    (await tx.query<{ id: number; name: string }>('SELECT id, name FROM tags')).rows.map((x) => [
      x.name,
      Number(x.id),
    ]),
  );
  const markets = Object.keys(MARKET_TLDS);
  const registrarNames = REGISTRARS.slice(0, 7).map((r) => r.name);
  const hosting = servers.slice(0, 6);
  const rows: Array<Record<string, unknown>> = [];
  const sites: Array<Omit<SeededSite, 'id'>> = [];
  let n = 0;
  for (const [type, count] of TYPE_PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const niche = type === 'SERVICE' ? 'local' : rng.pick(NICHE_NAMES.filter((x) => x !== 'local'));
      const market = rng.pick(markets);
      const domain = domainName(rng, niche, rng.pick(MARKET_TLDS[market]!), taken);
      const status = statusOf(n);
      const server = rng.pick(hosting);
      const ipId = rng.pick(server.ipIds);
      const siteTags = [...nicheOf(niche).tags, ...rng.some(EXTRA_TAGS, 0, 2)];
      const host = type === 'LINK' || rng.chance(0.4) ? domain : `www.${domain}`;
      const repository = REPOSITORY_OF[type];
      rows.push({
        url: `https://${host}`,
        friendly_name: domain
          .split('.')[0]!
          .replace(/-/g, ' ')
          .replace(/\b\w/g, (c) => c.toUpperCase()),
        type,
        status,
        target_market: market,
        user_id: users.length ? rng.pick(users) : null,
        server_id: server.id,
        ip_address_id: ipId,
        repository_id: repository === undefined ? null : repoIds[repository],
        tags: siteTags.map((x) => tags.get(x)).filter((x): x is number => x !== undefined),
        uptime_robot_keyword:
          type === 'THIRD_PARTY'
            ? null
            : rng.pick(['Privacy Policy', 'Contact us', 'All rights reserved', '©']),
        notes: rng.chance(0.3) ? rng.pick(NOTES) : null,
        http_auth_credentials:
          status === 'PENDING_DEVELOPMENT' ? `staging:${rng.int(100000, 999999)}-preview` : null,
        no_new_backlinks_threshold: type === 'MONEY' ? rng.pick([14, 30, 60]) : null,
        cdn_provider_id: rng.pick(['cloudflare', 'cloudflare', 'bunnycdn', 'none']),
        alerts: rng.chance(0.2) ? rng.int(1, 4) : 0,
        errors: rng.chance(0.1) ? rng.int(1, 3) : 0,
        runcloud_server_id: SERVERS[server.index]!.rc,
        runcloud_webapp_id: type === 'THIRD_PARTY' ? null : 400000 + n * 7,
        runcloud_alias_id: type === 'LINK' && rng.chance(0.4) ? 900000 + n : null,
        has_captcha: rng.chance(0.1),
        remote_desktop:
          type === 'MONEY' && rng.chance(0.5)
            ? {
                ip_address: SERVERS[7].ip,
                username: `op-${n}`,
                password: `Rdp!${rng.int(1e5, 9e5)}x`,
                location: 'Frankfurt',
                hosting_company: 'AWS',
              }
            : null,
        google_account:
          type === 'MONEY'
            ? {
                username: `${domain.split('.')[0]}.sites@gmail.com`,
                password: `G-${rng.int(1e7, 9e7)}!a`,
                first_name: rng.pick(['Anna', 'Mark', 'Sara', 'Tom']),
                last_name: rng.pick(['Berg', 'Jansen', 'Moreau', 'Clarke']),
                birthday: '1990-04-12',
                phone_number: '+31612345678',
                phone_number_provider: 'KPN',
                notes: 'Recovery via shared inbox',
              }
            : null,
        created_at: ago(rng.int(60, 900)),
        updated_at: ago(rng.int(0, 40)),
      });
      sites.push({ domain, ipId, registrar: rng.pick(registrarNames) });
    }
  }
  const ids = await records.insert('websites', rows);
  return sites.map((s, i) => ({ ...s, id: ids[i]! }));
}
