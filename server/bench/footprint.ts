/**
 * npm run bench:footprint — the footprint graph of a generated 2,000-site network (issue 18: computed in under
 * 10 s), on PGlite and on PostgreSQL: reading every fact, scoring every site and pair, and storing the result
 * in one transaction. The baseline of the same run is a plain read of the same source rows (the least any
 * computation must do). Knobs: BENCH_FOOTPRINT_SITES (default 2000).
 */
import path from 'node:path';
import { migrate } from '../src/db/migrate.js';
import { computeNetworkFootprint } from '../src/services/dms/footprint/command.js';
import { storeFootprint } from '../src/services/dms/footprint/repository.js';
import { Rng } from '../src/seed/random.js';
import { insertNetwork, type NetSite } from '../test/support/footprint-network.js';
import { openBenchPglite, openBenchPostgres, postgresServer, reachable, type BenchDb } from './databases.js';
import { ceiling, type Figure } from './figures.js';
import { log } from './measure.js';
import { writeJson } from './report.js';

const SITES = Number(process.env.BENCH_FOOTPRINT_SITES ?? 2000);
const LIMIT_MS = 10_000;

/** A network shaped like a real portfolio: shared servers, Cloudflare accounts, templates, an AdSense account. */
export function generateNetwork(n: number, seed = 2026): NetSite[] {
  const rng = new Rng(seed);
  const servers = Array.from({ length: Math.max(4, Math.round(n / 50)) }, (_, i) => {
    const block = `10.${(i >> 4) & 255}.${i & 15}`;
    return Array.from({ length: rng.int(1, 3) }, (_, j) => `${block}.${10 + j}`);
  });
  const cloudflare = Array.from({ length: Math.max(2, Math.round(n / 10)) }, (_, i) => [
    `a${i}.ns.cloudflare.com`,
    `b${i}.ns.cloudflare.com`,
  ]);
  const custom = Array.from({ length: 10 }, (_, i) => [`ns1.fleet${i}.net`, `ns2.fleet${i}.net`]);
  const registrars = ['NameCheap', 'GoDaddy', 'Porkbun', 'Gandi', 'Dynadot', 'Hover'];
  const people = Array.from({ length: 30 }, (_, i) => ({ name: `Owner ${i}`, email: `owner${i}@fleet.net` }));
  const logins = Array.from({ length: 40 }, (_, i) => `editor${i}`);
  const gtm = Array.from(
    { length: Math.max(1, Math.round(n / 7)) },
    (_, i) => `GTM-B${i.toString(36).toUpperCase()}`,
  );
  const adsense = Array.from({ length: 5 }, (_, i) => `ca-pub-${1000000000000000 + i}`);
  const privatePlugins = Array.from({ length: 12 }, (_, i) => `fleet-tools-${i}`);
  const publicPlugins = [
    'wordpress-seo',
    'wp-rocket',
    'contact-form-7',
    'akismet',
    'wordfence',
    'redirection',
  ];
  const types = ['MONEY', 'LINK', 'LINK', 'LINK', 'DIRECTORY', 'SERVICE'];
  const sites: NetSite[] = [];
  for (let i = 0; i < n; i++) {
    const type = rng.pick(types);
    const ns = rng.chance(0.6)
      ? rng.pick(cloudflare)
      : rng.chance(0.6)
        ? ['ns01.domaincontrol.com', 'ns02.domaincontrol.com']
        : rng.pick(custom);
    sites.push({
      host: `site${i}.example`,
      type,
      ip: rng.pick(rng.pick(servers)),
      nameservers: ns,
      registrar: rng.pick(registrars),
      ...(rng.chance(0.3) ? { registrant: { ...rng.pick(people), protected: rng.chance(0.5) } } : {}),
      trackers: [
        { kind: 'ga4', value: `G-S${i.toString(36).toUpperCase().padStart(7, '0')}` },
        ...(type === 'LINK' && rng.chance(0.7) ? [{ kind: 'gtm', value: rng.pick(gtm) }] : []),
        ...(type !== 'MONEY' && rng.chance(0.3) ? [{ kind: 'adsense', value: rng.pick(adsense) }] : []),
      ],
      admins: [
        { login: rng.chance(0.2) ? 'admin' : rng.pick(logins), email: `${rng.pick(logins)}@fleet.net` },
      ],
      theme: rng.chance(0.3)
        ? { slug: `fleet-child-${rng.int(0, 5)}`, child: true }
        : {
            slug: rng.pick([
              'astra',
              'kadence',
              'generatepress',
              'blocksy',
              'neve',
              'oceanwp',
              'hello-elementor',
              'twentytwentyfour',
            ]),
          },
      plugins: [
        ...rng.some(publicPlugins, 2, 5).map((slug) => ({ slug, public: true })),
        ...(rng.chance(0.4) ? [{ slug: rng.pick(privatePlugins), public: false }] : []),
      ],
      ...(type === 'MONEY' && rng.chance(0.5) ? { gaAccount: `accounts/${rng.int(1, 40)}` } : {}),
      links:
        type === 'LINK' || type === 'DIRECTORY'
          ? [...new Set(Array.from({ length: rng.int(2, 8) }, () => `site${rng.int(0, n - 1)}.example`))]
          : [],
    });
  }
  return sites;
}

const SOURCE_READ = `SELECT (SELECT count(*) FROM (SELECT w.id, i.ip_address, d.nameservers, d.registrar_id, d.registrant_id
    FROM websites w LEFT JOIN ip_addresses i ON i.id = w.ip_address_id LEFT JOIN domains d ON d.id = w.domain_id) a)
  + (SELECT count(*) FROM (SELECT * FROM website_trackers) b) + (SELECT count(*) FROM (SELECT * FROM wp_users) c)
  + (SELECT count(*) FROM (SELECT * FROM installed_plugins) e) + (SELECT count(*) FROM (SELECT * FROM installed_themes) f)
  + (SELECT count(*) FROM (SELECT * FROM website_links) g) + (SELECT count(*) FROM (SELECT * FROM ga_properties) h) AS n`;

async function measure(b: BenchDb): Promise<Figure[]> {
  await migrate(b.db);
  const t0 = performance.now();
  await insertNetwork(b.db, generateNetwork(SITES));
  await b.db.query('ANALYZE');
  log(`  ${b.kind}: ${SITES} sites written in ${Math.round(performance.now() - t0)} ms`);
  // Warm once (plans, JIT), then measure.
  await b.db.query(SOURCE_READ);
  const r0 = performance.now();
  await b.db.query(SOURCE_READ);
  const baseline = performance.now() - r0;
  const mem0 = process.memoryUsage().rss;
  const c0 = performance.now();
  const fp = await computeNetworkFootprint(b.db);
  const computed = performance.now() - c0;
  const s0 = performance.now();
  await b.db.transaction((tx) => storeFootprint(tx, fp, Math.floor(Date.now() / 1000)));
  const stored = performance.now() - s0;
  const total = computed + stored;
  const peakMb = Math.max(0, (process.memoryUsage().rss - mem0) / 1e6);
  log(
    `  ${b.kind}: read+compute ${Math.round(computed)} ms, store ${Math.round(stored)} ms, total ${Math.round(total)} ms ` +
      `(plain read of the sources ${Math.round(baseline)} ms); ${fp.shared.length} shared facts, ${fp.pairs.length} pairs; ` +
      `RSS grew ${peakMb.toFixed(0)} MB`,
  );
  return [
    ceiling(
      `footprint graph of ${SITES} sites, ${b.kind} (vs plain read of the sources)`,
      Math.round(total),
      Math.round(baseline),
      'ms',
      LIMIT_MS,
    ),
  ];
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const lite = await openBenchPglite();
  try {
    figures.push(...(await measure(lite)));
  } finally {
    await lite.close();
  }
  const server = postgresServer(process.env);
  if (server.explicit || (await reachable(server.url))) {
    const pgDb = await openBenchPostgres(server.url);
    try {
      figures.push(...(await measure(pgDb)));
    } finally {
      await pgDb.close();
    }
  } else log('  PostgreSQL not reachable: skipped');
  writeJson(path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'footprint.json'), {
    sites: SITES,
    figures,
  });
  for (const f of figures)
    log(`${f.pass ? 'PASS' : 'FAIL'} ${f.name}: ${f.value} ${f.unit} (target ${f.target})`);
  if (figures.some((f) => !f.pass)) process.exitCode = 1;
}

await main();
