import type { Queryable } from '../../../db/db.js';
import { TRACKER_LABELS, type TrackerKind } from '../../../integrations/html/trackers.js';
import { subnetOf } from '../subnets.js';
import type { Fact } from './score.js';

/**
 * What each site of the network shows that another could share: read from the inventory (IPs, domains with
 * their nameservers, registrars and registrants), the scans (analytics ids in pages, cross-links), Google
 * Analytics properties and the WordPress sync (active theme and plugins, administrators). The weights are
 * the rules below; docs/backlinks.md explains them.
 */

export const WEIGHTS = {
  tracker: 0.9,
  ga_account: 0.8,
  registrant: 0.8,
  admin_email: 0.7,
  ip: 0.35,
  ip_block: 0.2,
  customNameservers: 0.5,
  cloudflareNameservers: 0.3,
  sharedNameservers: 0.05,
  admin_user: 0.4,
  defaultAdminUser: 0.1,
  childTheme: 0.35,
  privatePlugin: 0.35,
  rarePublic: 0.08,
  link: 0.3,
  registrar: 0.05,
} as const;

/**
 * Commercial plugins are not public (not in the wordpress.org directory) but are sold to countless sites:
 * they are judged by rarity like public ones, not as a network's own code.
 */
const COMMERCIAL_PLUGINS = new Set([
  'wp-rocket',
  'elementor-pro',
  'gravityforms',
  'advanced-custom-fields-pro',
  'wpforms',
  'perfmatters',
  'seo-by-rank-math-pro',
  'wordpress-seo-premium',
  'updraftplus-premium',
  'wp-all-import-pro',
  'searchwp',
  'astra-addon',
  'gp-premium',
  'kadence-pro',
  'generateblocks-pro',
  'wp-grid-builder',
  'admin-columns-pro',
  'woocommerce-subscriptions',
  'memberpress',
  'learndash',
]);

/** Whether a plugin that is not public is the network's own (or a rare custom one). Pure. */
export function isCustomPlugin(slug: string, isPublic: boolean): boolean {
  return !isPublic && !COMMERCIAL_PLUGINS.has(slug.toLowerCase());
}

/** A public theme or plugin ties sites only when few of the network's sites use it. */
export const RARE_SHARE = 0.15;

/**
 * DNS hosts that serve many unrelated customers from the same names: sharing them says little. Cloudflare
 * gives each account its own pair of names, so the same Cloudflare pair points at one account.
 */
const SHARED_DNS =
  /(^|\.)(domaincontrol\.com|registrar-servers\.com|awsdns-\d+\.(com|net|org|co\.uk)|googledomains\.com|google\.com|name\.com|dnsmadeeasy\.com|nsone\.net|hetzner\.(com|de)|digitalocean\.com|linode\.com|vultr\.com|ovh\.net|azure-dns\.(com|net|org|info)|gandi\.net|porkbun\.com|namecheaphosting\.com|dns\.com|ultradns\.(com|net|org|biz)|dynect\.net|worldnic\.com|transip\.(nl|net|eu)|one\.com|strato\.de|ionos\.(com|de)|ui-dns\.(com|de|org|biz)|hostinger\.com|bluehost\.com|siteground\.net|namebrightdns\.com|cloudns\.net|he\.net)$/i;

/** How strongly sharing this set of nameservers ties two sites. Pure. */
export function nameserverWeight(nameservers: string[]): number {
  const hosts = nameservers.map((n) => n.toLowerCase().replace(/\.$/, ''));
  if (!hosts.length) return 0;
  if (hosts.every((h) => h.endsWith('.ns.cloudflare.com'))) return WEIGHTS.cloudflareNameservers;
  if (hosts.every((h) => SHARED_DNS.test(h))) return WEIGHTS.sharedNameservers;
  return WEIGHTS.customNameservers;
}

const DEFAULT_ADMINS = new Set(['admin', 'administrator', 'wordpress', 'webmaster', 'user', 'root', 'test']);

/** A default admin name is on countless sites; a chosen one is a signature. Pure. */
export function adminUserWeight(login: string): number {
  return DEFAULT_ADMINS.has(login.trim().toLowerCase()) ? WEIGHTS.defaultAdminUser : WEIGHTS.admin_user;
}

export interface NetworkSite {
  id: number;
  hostname: string;
}

/** The sites the footprint covers: every website of the network that is not deleted or a third party's. */
export async function networkSites(db: Queryable): Promise<NetworkSite[]> {
  const r = await db.query<{ id: string | number; hostname: string }>(
    `SELECT id, hostname FROM websites WHERE status <> 'DELETED' AND type <> 'THIRD_PARTY' ORDER BY id`,
  );
  return r.rows.map((x) => ({ id: Number(x.id), hostname: x.hostname }));
}

const SITES = `SELECT id FROM websites WHERE status <> 'DELETED' AND type <> 'THIRD_PARTY'`;

interface Row {
  site: string | number;
}

/** Every fact of every network site (theme and plugin rarity judged against the network's size). */
export async function loadFacts(db: Queryable, siteCount: number): Promise<Fact[]> {
  const facts: Fact[] = [];
  const push = (site: string | number, f: Omit<Fact, 'site'>) => facts.push({ site: Number(site), ...f });

  const hosting = await db.query<Row & { ip: string }>(
    `SELECT w.id AS site, i.ip_address AS ip FROM websites w JOIN ip_addresses i ON i.id = w.ip_address_id
      WHERE w.id IN (${SITES})`,
  );
  for (const r of hosting.rows) {
    push(r.site, { kind: 'ip', value: r.ip, label: `Same IP address ${r.ip}`, weight: WEIGHTS.ip });
    const block = subnetOf(r.ip, 'narrow');
    if (block)
      push(r.site, {
        kind: 'ip_block',
        value: block,
        label: `Same block ${block}`,
        weight: WEIGHTS.ip_block,
      });
  }

  const domains = await db.query<
    Row & {
      nameservers: string[];
      registrar: string | null;
      registrant_id: string | number | null;
      registrant: string | null;
      email: string | null;
    }
  >(
    `SELECT w.id AS site, d.nameservers, r.registrar, d.registrant_id,
            coalesce(nullif(g.company, ''), g.registrant_name) AS registrant, lower(g.email) AS email
       FROM websites w JOIN domains d ON d.id = w.domain_id
       LEFT JOIN registrars r ON r.id = d.registrar_id
       LEFT JOIN registrants g ON g.id = d.registrant_id AND NOT d.whois_protected
      WHERE w.id IN (${SITES})`,
  );
  for (const r of domains.rows) {
    const ns = [...r.nameservers].map((n) => n.toLowerCase().replace(/\.$/, '')).sort();
    const nsWeight = nameserverWeight(ns);
    if (nsWeight)
      push(r.site, {
        kind: 'nameservers',
        value: ns.join(', '),
        label: `Same nameservers ${ns.join(', ')}`,
        weight: nsWeight,
      });
    if (r.registrar)
      push(r.site, {
        kind: 'registrar',
        value: r.registrar,
        label: `Same registrar ${r.registrar}`,
        weight: WEIGHTS.registrar,
      });
    if (r.registrant_id !== null && r.registrant) {
      // One person registered under two records is still one person: the e-mail, where known, is the key.
      const value = r.email || `registrant #${r.registrant_id}`;
      push(r.site, {
        kind: 'registrant',
        value,
        label: `Same registrant ${r.registrant}${r.email ? ` <${r.email}>` : ''}`,
        weight: WEIGHTS.registrant,
      });
    }
  }

  const trackers = await db.query<Row & { kind: TrackerKind; value: string }>(
    `SELECT DISTINCT website_id AS site, kind, value FROM website_trackers WHERE website_id IN (${SITES})`,
  );
  for (const r of trackers.rows)
    push(r.site, {
      kind: 'tracker',
      value: `${r.kind}:${r.value}`,
      label: `Same ${TRACKER_LABELS[r.kind] ?? r.kind} id ${r.value}`,
      weight: WEIGHTS.tracker,
    });

  const ga = await db.query<Row & { account: string }>(
    `SELECT DISTINCT website_id AS site, coalesce(account_id, parent) AS account FROM ga_properties
      WHERE website_id IN (${SITES}) AND coalesce(account_id, parent) IS NOT NULL`,
  );
  for (const r of ga.rows)
    push(r.site, {
      kind: 'ga_account',
      value: r.account,
      label: `Same Google Analytics account ${r.account}`,
      weight: WEIGHTS.ga_account,
    });

  const admins = await db.query<Row & { login: string; email: string | null }>(
    `SELECT DISTINCT website_id AS site, user_login AS login, lower(nullif(user_email, '')) AS email FROM wp_users
      WHERE 'administrator' = ANY(roles) AND website_id IN (${SITES})`,
  );
  for (const r of admins.rows) {
    push(r.site, {
      kind: 'admin_user',
      value: r.login.toLowerCase(),
      label: `Same admin user name "${r.login}"`,
      weight: adminUserWeight(r.login),
    });
    if (r.email)
      push(r.site, {
        kind: 'admin_email',
        value: r.email,
        label: `Same admin e-mail ${r.email}`,
        weight: WEIGHTS.admin_email,
      });
  }

  // Themes and plugins: a custom (child theme, private plugin) one is a signature; a public one only when rare.
  const software = await db.query<
    Row & { kind: 'theme' | 'plugin'; slug: string; name: string; custom: boolean }
  >(
    `SELECT DISTINCT i.website_id AS site, 'theme' AS kind, t.slug, t.name, t.template IS NOT NULL AS custom
       FROM installed_themes i JOIN themes t ON t.id = i.theme_id
      WHERE i.active AND i.website_id IN (${SITES})
     UNION ALL
     SELECT DISTINCT i.website_id, 'plugin', p.slug, coalesce(p.title, p.name), NOT p.public
       FROM installed_plugins i JOIN plugins p ON p.id = i.plugin_id
      WHERE i.active AND i.website_id IN (${SITES})`,
  );
  const users = new Map<string, number>();
  for (const r of software.rows)
    users.set(`${r.kind}:${r.slug}`, (users.get(`${r.kind}:${r.slug}`) ?? 0) + 1);
  for (const r of software.rows) {
    // A plugin outside the public directory is the network's own unless it is a commercial one.
    if (r.kind === 'plugin') r.custom = isCustomPlugin(r.slug, !r.custom);
    const share = (users.get(`${r.kind}:${r.slug}`) ?? 0) / Math.max(1, siteCount);
    const weight = r.custom
      ? r.kind === 'theme'
        ? WEIGHTS.childTheme
        : WEIGHTS.privatePlugin
      : share <= RARE_SHARE
        ? WEIGHTS.rarePublic
        : 0;
    if (!weight) continue;
    const what = r.custom ? (r.kind === 'theme' ? 'child theme' : 'private plugin') : `rare ${r.kind}`;
    push(r.site, { kind: r.kind, value: r.slug, label: `Same ${what} ${r.name}`, weight });
  }

  // Cross-links: both ends of a link between two network sites hold it; a link each way is two ties.
  const links = await db.query<{
    a: string | number;
    b: string | number;
    from_host: string;
    to_host: string;
  }>(
    `SELECT DISTINCT l.website_id AS a, o.id AS b, f.hostname AS from_host, o.hostname AS to_host
       FROM website_links l
       JOIN websites f ON f.id = l.website_id
       JOIN websites o ON regexp_replace(lower(o.hostname), '^www\\.', '') = regexp_replace(l.target_host, '^www\\.', '')
      WHERE NOT l.internal AND o.id <> l.website_id
        AND l.website_id IN (${SITES}) AND o.id IN (${SITES})`,
  );
  for (const r of links.rows) {
    const f = {
      kind: 'link' as const,
      value: `${r.from_host} → ${r.to_host}`,
      label: `${r.from_host} links to ${r.to_host}`,
      weight: WEIGHTS.link,
    };
    push(r.a, f);
    push(r.b, f);
  }
  return facts;
}
