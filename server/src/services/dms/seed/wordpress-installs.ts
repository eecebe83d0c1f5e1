import type { SeedWriter } from '../../../core/seed.js';
import { DAY, type Rng } from '../../../seed/random.js';
import { THEMES, type DemoTheme } from './wordpress-data.js';
import { PLUGINS, type DemoPlugin } from './wordpress-plugins-data.js';
import type { FleetSite } from './wordpress.js';

const plugin = (slug: string) => PLUGINS.find((p) => p.slug === slug)!;
const DEFAULT_THEMES = ['twentytwentyfive', 'twentytwentyfour', 'twentytwentythree'];
/** Plugins a site may carry besides the ones its kind calls for. */
const EXTRAS = PLUGINS.filter((p) => p.group === 'extra' && !['wp-rocket-1', 'hello-dolly'].includes(p.slug));

/** The plugins one site runs (5 to 15), the folder its files sit in and whether it is active. */
function pluginsOf(rng: Rng, f: FleetSite, duplicate: boolean): Array<[DemoPlugin, boolean]> {
  const out: Array<[DemoPlugin, boolean]> = [];
  const add = (slug: string, active = true) => {
    if (!out.some(([p]) => p.slug === slug)) out.push([plugin(slug), active]);
  };
  const type = f.site.type;
  // Network sites often run bare WordPress, whose own wp-sitemap.xml then stays on.
  const seo = { MONEY: 1, DIRECTORY: 0.9, SERVICE: 0.7 }[type] ?? 0.4;
  if (rng.chance(seo)) add(rng.chance(0.6) ? 'wordpress-seo' : 'seo-by-rank-math');
  const cache = rng.pick(['wp-rocket', 'wp-rocket', 'litespeed-cache', 'wp-super-cache', 'litespeed-cache']);
  // The duplicate upload: the second copy of WP Rocket sits in wp-rocket-1/ (the Merge demo).
  add(duplicate ? 'wp-rocket-1' : cache);
  if (rng.chance(0.9)) add(rng.chance(0.6) ? 'contact-form-7' : 'wpforms-lite');
  if (rng.chance(0.7)) add('akismet', rng.chance(0.6));
  if (rng.chance(0.6)) add('wordfence');
  if (rng.chance(0.6)) add('updraftplus');
  if (rng.chance(0.4)) add('complianz-gdpr');
  if (rng.chance(0.3)) add('limit-login-attempts-reloaded');
  if (type === 'MONEY' || (type === 'DIRECTORY' && rng.chance(0.5))) {
    add(rng.chance(0.6) ? 'thirstyaffiliates' : 'pretty-link');
    if (rng.chance(0.5)) add('tablepress');
    if (rng.chance(0.5)) add('advanced-custom-fields');
    if (rng.chance(0.5)) add('google-site-kit');
    if (type === 'MONEY' && rng.chance(0.8)) add('sitefleet-affiliate-tables');
    if (type === 'MONEY' && rng.chance(0.5)) add('sitefleet-schema-blocks');
  }
  if (f.theme === 'hello-elementor' || rng.chance(0.1)) {
    add('elementor');
    if (rng.chance(0.6)) add('elementor-pro');
  }
  if (type === 'SERVICE' && rng.chance(0.3)) add('woocommerce');
  if (rng.chance(0.15)) {
    add(rng.chance(0.5) ? 'polylang' : 'sitepress-multilingual-cms');
    if (rng.chance(0.5)) add('loco-translate');
  }
  if (rng.chance(0.3)) add('hello-dolly', false);
  const target = Math.min(15, Math.max(5, out.length + rng.int(0, 4)));
  for (const extra of rng.sample(EXTRAS, EXTRAS.length)) {
    if (out.length >= target) break;
    add(extra.slug, rng.chance(0.85));
  }
  return out.slice(0, 15);
}

/** A version a site runs: mostly the latest, else one it has not updated from yet. */
function versionOf(rng: Rng, latest: string, older: readonly string[]): string {
  return rng.chance(0.65) ? latest : rng.pick(older);
}

function themesOf(rng: Rng, f: FleetSite): DemoTheme[] {
  const active = THEMES.find((x) => x.slug === f.theme)!;
  const slugs = [active.slug];
  if (active.template) slugs.push(active.template);
  for (const d of rng.some(DEFAULT_THEMES, 1, 3)) if (!slugs.includes(d)) slugs.push(d);
  return slugs.map((s) => THEMES.find((x) => x.slug === s)!);
}

/**
 * The plugins and themes of the fleet and what each site has installed; answers the pending plugin and theme
 * updates per website (the connection's counters). Without the companion no update availability is known.
 */
export async function seedInstalls(
  records: SeedWriter,
  rng: Rng,
  fleet: FleetSite[],
  t: number,
): Promise<Map<number, { plugins: number; themes: number }>> {
  const pluginIds = await records.insert(
    'plugins',
    PLUGINS.map((p) => ({
      name: p.name,
      title: p.name,
      slug: p.slug,
      auto_update: p.autoUpdate ?? false,
      source: p.source ?? null,
      public: !p.source,
      plugin_uri: p.pluginUri,
      description: p.description,
      author: p.author,
      author_uri: p.authorUri,
      author_name: p.author,
      text_domain: p.textDomain,
      latest_version: p.latest,
      created_at: t - rng.int(200, 700) * DAY,
      updated_at: t - rng.int(0, 30) * DAY,
    })),
  );
  const themeIds = await records.insert(
    'themes',
    THEMES.map((x) => ({
      name: x.name,
      slug: x.slug,
      template: x.template ?? null,
      theme_uri: x.themeUri,
      description: x.description,
      author_name: x.author,
      author_uri: x.authorUri,
      text_domain: x.slug.toLowerCase(),
      latest_version: x.latest,
      created_at: t - rng.int(200, 700) * DAY,
      updated_at: t - rng.int(0, 30) * DAY,
    })),
  );
  const pluginId = new Map(PLUGINS.map((p, i) => [p.slug, pluginIds[i]!]));
  const themeId = new Map(THEMES.map((x, i) => [x.slug, themeIds[i]!]));
  const updates = new Map<number, { plugins: number; themes: number }>();
  const pluginRows: Array<Record<string, unknown>> = [];
  const themeRows: Array<Record<string, unknown>> = [];
  let rockets = 0;
  for (const f of fleet) {
    const counts = { plugins: 0, themes: 0 };
    const duplicate = rockets < 2 && f.site.type !== 'MONEY' && rng.chance(0.5);
    const installs = pluginsOf(rng, f, duplicate);
    f.seo = installs.find(([p]) => p.group === 'seo')?.[0].slug ?? null;
    for (const [p, active] of installs) {
      if (p.slug === 'wp-rocket-1') rockets++;
      const installed = versionOf(rng, p.latest, p.older);
      const update = f.companion && installed !== p.latest ? p.latest : null;
      if (update) counts.plugins++;
      pluginRows.push({
        plugin_id: pluginId.get(p.slug)!,
        website_id: f.site.id,
        plugin_file: p.file === 'hello.php' ? p.file : `${p.slug}/${p.file}`,
        installed_version: installed,
        active,
        update_version: update,
        auto_update: p.autoUpdate ?? rng.chance(0.15),
        synced_at: f.syncedAt,
        created_at: Math.max(f.site.created, t - rng.int(20, 600) * DAY),
        updated_at: f.syncedAt,
      });
    }
    for (const theme of themesOf(rng, f)) {
      const installed = versionOf(rng, theme.latest, theme.older);
      const update = f.companion && installed !== theme.latest ? theme.latest : null;
      if (update) counts.themes++;
      themeRows.push({
        theme_id: themeId.get(theme.slug)!,
        website_id: f.site.id,
        stylesheet: theme.slug,
        installed_version: installed,
        active: theme.slug === f.theme,
        update_version: update,
        synced_at: f.syncedAt,
        created_at: Math.max(f.site.created, t - rng.int(20, 600) * DAY),
        updated_at: f.syncedAt,
      });
    }
    updates.set(f.site.id, counts);
  }
  await records.insert('installed-plugins', pluginRows);
  await records.insert('installed-themes', themeRows);
  return updates;
}
