import { toUnicodeDomain, WEBSITE_STATUSES } from '@sitefleet/shared';
import type { Queryable } from '../db/db.js';
import type { SeedContext } from './index.js';
import {
  ENVS,
  EXTRA_IPS,
  MARKET_TLDS,
  NAMESERVERS,
  NICHE_NAMES,
  nicheOf,
  PROXIES,
  QUALIFIERS,
  REGISTRANTS,
  REGISTRARS,
  REPOSITORIES,
  SERVERS,
  SUFFIXES,
} from './inventory-data.js';
import { seedDns } from './inventory-dns.js';
import { DAY, now, Rng } from './random.js';

async function insert(tx: Queryable, table: string, row: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(row);
  const r = await tx.query<{ id: number }>(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) => row[c]),
  );
  return Number(r.rows[0]!.id);
}

const TYPE_PLAN: Array<[string, number]> = [
  ['MONEY', 16],
  ['DIRECTORY', 10],
  ['LINK', 20],
  ['SERVICE', 9],
  ['THIRD_PARTY', 5],
];

function domainName(rng: Rng, niche: string, tld: string, taken: Set<string>): string {
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

/** Servers, IPs, registrars, 60 websites of every type and status, 150 domains, DNS, proxies, repos, envs. */
export async function seedInventory(tx: Queryable, ctx: SeedContext): Promise<void> {
  const rng = new Rng(20261121);
  const t = now();
  const ago = (days: number) => t - days * DAY - rng.int(0, DAY);
  const ids = (sql: string) => tx.query<{ id: number; name?: string }>(sql).then((r) => r.rows);

  const repoIds: number[] = [];
  for (const r of REPOSITORIES) {
    repoIds.push(
      await insert(tx, 'repositories', {
        name: r.name,
        repo: r.repo,
        url: `https://github.com/${r.repo}`,
        branch: r.branch,
        auto_deploy: r.auto,
        has_update: r.update,
        created_at: ago(300),
        updated_at: ago(rng.int(1, 30)),
      }),
    );
  }

  const servers: Array<{ id: number; ipIds: number[] }> = [];
  for (const s of SERVERS) {
    const id = await insert(tx, 'servers', {
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
    });
    const ipIds: number[] = [];
    for (const ip of [s.ip, ...(EXTRA_IPS[s.name] ?? [])]) {
      ipIds.push(
        await insert(tx, 'ip_addresses', {
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
        }),
      );
    }
    servers.push({ id, ipIds });
  }
  const hosting = servers.slice(0, 6);

  const registrarIds = new Map<string, number>();
  for (const r of REGISTRARS) {
    registrarIds.set(
      r.name,
      await insert(tx, 'registrars', {
        registrar: r.name,
        homepage: r.homepage,
        iana_id: r.iana,
        nameserver_domain_names: [...r.ns],
        created_at: ago(rng.int(300, 800)),
        updated_at: ago(rng.int(1, 100)),
      }),
    );
  }
  for (const [registrar, list] of Object.entries(NAMESERVERS)) {
    for (const ns of list)
      await insert(tx, 'nameservers', { nameserver: ns, registrar_id: registrarIds.get(registrar) });
  }
  const registrantIds: number[] = [];
  for (const r of REGISTRANTS) {
    registrantIds.push(
      await insert(tx, 'registrants', {
        registrant_name: r.name,
        company: r.company,
        email: r.email,
        country: r.country,
      }),
    );
  }

  const users = (await ids("SELECT id FROM users WHERE email NOT LIKE 'admin@%' ORDER BY id")).map((u) =>
    Number(u.id),
  );
  const tags = new Map((await ids('SELECT id, name FROM tags')).map((x) => [x.name!, Number(x.id)]));
  const taken = new Set<string>();
  const statuses = WEBSITE_STATUSES;
  const markets = Object.keys(MARKET_TLDS);
  const registrarNames = REGISTRARS.slice(0, 7).map((r) => r.name);
  const sites: Array<{ id: number; domain: string; ipId: number; registrar: string }> = [];

  let n = 0;
  for (const [type, count] of TYPE_PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const niche = type === 'SERVICE' ? 'local' : rng.pick(NICHE_NAMES.filter((x) => x !== 'local'));
      const market = rng.pick(markets);
      const domain = domainName(rng, niche, rng.pick(MARKET_TLDS[market]!), taken);
      const status =
        n % 13 === 5
          ? statuses[0]
          : n % 11 === 3
            ? statuses[1]
            : n % 17 === 7
              ? statuses[3]
              : n % 19 === 9
                ? statuses[4]
                : 'LIVE';
      const server = rng.pick(hosting);
      const ipId = rng.pick(server.ipIds);
      const siteTags = [
        ...nicheOf(niche).tags,
        ...rng.some(
          [
            'tier-1',
            'tier-2',
            'high-priority',
            'needs-content',
            'cloudflare',
            'migrated-2025',
            'under-review',
          ],
          0,
          2,
        ),
      ];
      const host = type === 'LINK' || rng.chance(0.4) ? domain : `www.${domain}`;
      const id = await insert(tx, 'websites', {
        url: `https://${host}`,
        hostname: host,
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
        repository_id:
          type === 'MONEY'
            ? repoIds[0]
            : type === 'DIRECTORY'
              ? repoIds[1]
              : type === 'LINK'
                ? repoIds[2]
                : type === 'SERVICE'
                  ? repoIds[3]
                  : null,
        tags: siteTags.map((x) => tags.get(x)).filter((x): x is number => x !== undefined),
        uptime_robot_keyword:
          type === 'THIRD_PARTY'
            ? null
            : rng.pick(['Privacy Policy', 'Contact us', 'All rights reserved', '©']),
        notes: rng.chance(0.3)
          ? rng.pick([
              'Migrated from shared hosting in March.',
              'Owner wants weekly content.',
              'Check affiliate links after theme update.',
              'Expired domain with strong backlink profile.',
            ])
          : null,
        http_auth_credentials:
          status === 'PENDING_DEVELOPMENT'
            ? ctx.seal(`staging:${rng.int(100000, 999999)}-preview`, 'websites.http_auth_credentials')
            : null,
        no_new_backlinks_threshold: type === 'MONEY' ? rng.pick([14, 30, 60]) : null,
        cdn_provider_id: rng.pick(['cloudflare', 'cloudflare', 'bunnycdn', 'none']),
        alerts: rng.chance(0.2) ? rng.int(1, 4) : 0,
        errors: rng.chance(0.1) ? rng.int(1, 3) : 0,
        runcloud_server_id: SERVERS[servers.indexOf(server)]!.rc,
        runcloud_webapp_id: type === 'THIRD_PARTY' ? null : 400000 + n * 7,
        runcloud_alias_id: type === 'LINK' && rng.chance(0.4) ? 900000 + n : null,
        has_captcha: rng.chance(0.1),
        remote_desktop:
          type === 'MONEY' && rng.chance(0.5)
            ? JSON.stringify({
                ip_address: SERVERS[7].ip,
                username: `op-${n}`,
                password: ctx.seal(`Rdp!${rng.int(1e5, 9e5)}x`, 'websites.remote_desktop.password'),
                location: 'Frankfurt',
                hosting_company: 'AWS',
              })
            : null,
        google_account:
          type === 'MONEY'
            ? JSON.stringify({
                username: `${domain.split('.')[0]}.sites@gmail.com`,
                password: ctx.seal(`G-${rng.int(1e7, 9e7)}!a`, 'websites.google_account.password'),
                first_name: rng.pick(['Anna', 'Mark', 'Sara', 'Tom']),
                last_name: rng.pick(['Berg', 'Jansen', 'Moreau', 'Clarke']),
                birthday: '1990-04-12',
                phone_number: '+31612345678',
                phone_number_provider: 'KPN',
                notes: 'Recovery via shared inbox',
              })
            : null,
        created_at: ago(rng.int(60, 900)),
        updated_at: ago(rng.int(0, 40)),
      });
      sites.push({ id, domain, ipId, registrar: rng.pick(registrarNames) });
    }
  }

  const domainIds: number[] = [];
  const allDomains = [
    ...sites.map((s) => ({ name: s.domain, site: s.id, registrar: s.registrar })),
    ...Array.from({ length: 90 }, () => {
      const market = rng.pick(markets);
      return {
        name: domainName(rng, rng.pick(NICHE_NAMES), rng.pick(MARKET_TLDS[market]!), taken),
        site: null,
        registrar: rng.pick(registrarNames),
      };
    }),
  ];
  for (const [i, d] of allDomains.entries()) {
    const created = ago(rng.int(120, 3650));
    const expiresIn = i % 25 === 0 ? rng.int(3, 29) : rng.int(30, 720);
    const ns = NAMESERVERS[rng.chance(0.45) ? 'Cloudflare, Inc.' : d.registrar]!.slice(0, 2);
    const privacy = rng.chance(0.6);
    domainIds.push(
      await insert(tx, 'domains', {
        name: d.name,
        unicode_name: toUnicodeDomain(d.name),
        notes: d.site
          ? null
          : rng.pick(['Parked, redirect to money site', 'Expired-domain purchase', 'Brand protection', null]),
        expiration_alerts: rng.chance(0.85),
        website_id: d.site,
        nameservers: ns,
        registrar_id: registrarIds.get(d.registrar),
        registrant_id: privacy ? registrantIds[rng.int(0, 1)] : rng.pick(registrantIds.slice(2)),
        deindexed: !d.site && rng.chance(0.08),
        whois_protected: privacy,
        auto_renew: rng.chance(0.7),
        pulled_from: rng.pick(['rdap', 'rdap', 'whois', 'import', 'registrar-api']),
        creation_date: created,
        expiration_date: t + expiresIn * DAY,
        whois_statuses: ['client transfer prohibited'],
        whois_source: 'rdap',
        whois_refreshed_at: ago(rng.int(0, 10)),
        created_at: ago(rng.int(30, 400)),
        updated_at: ago(rng.int(0, 30)),
      }),
    );
  }
  for (const [i, s] of sites.entries()) {
    await tx.query('UPDATE websites SET domain_id = $1 WHERE id = $2', [domainIds[i], s.id]);
  }
  await seedDns(
    tx,
    rng,
    sites.map((s, i) => ({ domainId: domainIds[i]!, domain: s.domain, ipId: s.ipId })),
  );

  for (const p of PROXIES) {
    await insert(tx, 'proxy_servers', {
      name: p.name,
      ip_address: p.ip,
      port: p.port,
      username: `sf_${p.name.split('-')[0]}`,
      password: ctx.seal(`px-${rng.int(1e6, 9e6)}`, 'proxy_servers.password'),
      country: p.country,
      banned_exp_dms: rng.chance(0.3) ? t + rng.int(1, 10) * DAY : null,
    });
  }
  for (const e of ENVS) {
    await insert(tx, 'envs', {
      environment: e.env,
      variable: e.variable,
      value: e.secret ? null : e.value,
      secret: e.secret,
      secret_value: e.secret ? ctx.seal(e.value, 'envs.secret_value') : null,
    });
  }
}
