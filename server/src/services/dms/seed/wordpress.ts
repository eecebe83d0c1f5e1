import type { SeedWriter } from '../../../core/seed.js';
import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { CORE_VERSIONS, DATABASE_VERSIONS, PHP_VERSIONS, THEMES, THEMES_BY_TYPE } from './wordpress-data.js';
import { seedInstalls } from './wordpress-installs.js';
import { seedPosts } from './wordpress-posts.js';
import { seedWpUsers } from './wordpress-users.js';
import { loadPortfolio, type Site } from './portfolio.js';

/** A demo site with a WordPress connection, as the later parts of the fleet seed need it. */
export interface FleetSite {
  site: Site;
  /** The site's URL with a trailing slash, as a connection stores it. */
  url: string;
  state: 'connected' | 'error';
  /** When the last successful sync read what the seed writes. */
  syncedAt: number;
  companion: boolean;
  /** The active theme's stylesheet. */
  theme: string;
  /** A site with a few hundred posts. */
  big: boolean;
  /** How the site failed on its last try, if it did. */
  failure: 'timeout' | 'html' | null;
  /** The SEO plugin that publishes the site's sitemaps instead of WordPress (set with the installs). */
  seo: string | null;
}

const LATEST_CORE = CORE_VERSIONS[CORE_VERSIONS.length - 1]!;
/** Publicly announced versions some sites fake, older than the one they run. */
const FAKE_GENERATORS = ['5.8.3', '6.1.1', '6.2.2'];
const WP_TYPES = new Set(['MONEY', 'DIRECTORY', 'LINK', 'SERVICE']);

/** Ahrefs-style domain ratings: money sites and big third parties highest, fresh builds near zero. */
async function seedDomainRatings(records: SeedWriter, rng: Rng, sites: Site[]): Promise<void> {
  const range: Record<string, [number, number]> = {
    MONEY: [28, 72],
    DIRECTORY: [18, 52],
    LINK: [8, 46],
    SERVICE: [3, 28],
    THIRD_PARTY: [45, 91],
  };
  const fresh = new Set(['QUEUED_FOR_DEPLOYMENT', 'PENDING_DEVELOPMENT']);
  await records.set(
    'websites',
    sites.map((s) => {
      const [min, max] = range[s.type] ?? [0, 30];
      const rating = fresh.has(s.status) && s.type !== 'LINK' ? rng.int(0, 9) : rng.int(min, max);
      return { id: s.id, domain_rating: rating };
    }),
  );
}

/** Most live sites Sitefleet builds run WordPress and are connected; a few failed their last sync. */
function pickFleet(rng: Rng, sites: Site[], t: number): FleetSite[] {
  const fleet: FleetSite[] = [];
  for (const site of sites) {
    if (!WP_TYPES.has(site.type) || site.status !== 'LIVE' || rng.chance(0.15)) continue;
    const failure = fleet.length % 16 === 5 ? 'timeout' : fleet.length % 16 === 12 ? 'html' : null;
    fleet.push({
      site,
      url: `${site.url.replace(/\/+$/, '')}/`,
      state: failure ? 'error' : 'connected',
      syncedAt: failure ? t - rng.int(2, 9) * DAY - rng.int(0, DAY) : t - rng.int(600, DAY - 600),
      companion: !rng.chance(0.15),
      theme: rng.pick(THEMES_BY_TYPE[site.type]!),
      big: false,
      failure,
      seo: null,
    });
  }
  // A few content-heavy sites: the money and directory sites with the longest history.
  const byAge = fleet
    .filter((f) => f.site.type === 'MONEY' || f.site.type === 'DIRECTORY')
    .sort((a, b) => a.site.created - b.site.created);
  for (const f of byAge.slice(0, 3)) f.big = true;
  return fleet;
}

function errorOf(f: FleetSite): string | null {
  if (f.failure === 'timeout') return `${f.site.host} did not answer in time (timeout after 15000 ms)`;
  if (f.failure === 'html') return `${f.site.host} answered HTML instead of JSON (HTTP 503)`;
  return null;
}

function pickCore(rng: Rng): string {
  const r = rng.next();
  return r < 0.45
    ? LATEST_CORE
    : r < 0.7
      ? CORE_VERSIONS[2]!
      : r < 0.85
        ? CORE_VERSIONS[1]!
        : CORE_VERSIONS[0]!;
}

/** The connections: no application password (a demo site is never contacted), versions as the sync read them. */
async function seedConnections(
  records: SeedWriter,
  rng: Rng,
  fleet: FleetSite[],
  updates: Map<number, { plugins: number; themes: number }>,
): Promise<void> {
  let managed = false;
  const rows = fleet.map((f) => {
    const core = pickCore(rng);
    // One link site runs the distribution's packaged WordPress: it is updated through the package manager.
    const packaged = !managed && f.companion && f.site.type === 'LINK' && core !== LATEST_CORE;
    if (packaged) managed = true;
    const fake = f.companion && rng.chance(0.18) ? rng.pick(FAKE_GENERATORS) : null;
    const counts = updates.get(f.site.id) ?? { plugins: 0, themes: 0 };
    return {
      website_id: f.site.id,
      url: f.url,
      username: 'sf-ops',
      api_root: `${f.url}wp-json/`,
      companion: f.companion,
      companion_version: f.companion ? '1.0.0' : null,
      state: f.state,
      last_error: errorOf(f),
      core_version: f.companion ? core : null,
      core_update: f.companion && core !== LATEST_CORE ? LATEST_CORE : null,
      core_managed_by: packaged ? 'package-manager' : null,
      php_version: f.companion ? rng.pick(PHP_VERSIONS) : null,
      database_version: f.companion ? rng.pick(DATABASE_VERSIONS) : null,
      theme: THEMES.find((x) => x.slug === f.theme)!.name,
      generator: f.companion ? (fake ?? core) : null,
      plugin_updates: f.companion ? counts.plugins : null,
      theme_updates: f.companion ? counts.themes : null,
      last_sync_at: f.syncedAt,
      created_at: Math.max(f.site.created, f.syncedAt - rng.int(30, 400) * DAY),
      updated_at: f.state === 'error' ? f.syncedAt + rng.int(1, 2) * DAY : f.syncedAt,
    };
  });
  await records.insert('wp-sites', rows);
}

/**
 * The WordPress fleet: every website's domain rating, then a connection per WordPress site with the plugins,
 * themes, users, posts and sitemaps its last sync read. Runs after the inventory (the sites must exist).
 */
export async function seedWordPress(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(16160);
  const t = now();
  const { sites } = await loadPortfolio(tx);
  await seedDomainRatings(records, rng, sites);
  const fleet = pickFleet(rng, sites, t);
  const updates = await seedInstalls(records, rng, fleet, t);
  await seedConnections(records, rng, fleet, updates);
  await seedWpUsers(tx, records, rng, fleet);
  await seedPosts(
    records,
    rng,
    fleet,
    sites.filter((s) => s.type === 'MONEY' && s.status === 'LIVE'),
    t,
  );
}
