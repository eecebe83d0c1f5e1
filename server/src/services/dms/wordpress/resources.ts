import { resources } from '@sitefleet/shared';
import type { AppDeps } from '../../../deps.js';
import { defineServerResource } from '../../../core/resource.js';
import { registerPluginActions } from './plugin-actions.js';

/** Install counts of a plugin or theme over the sites the last sync read (`table` holds the installs). */
function installCounts(table: 'installed_plugins' | 'installed_themes', key: 'plugin_id' | 'theme_id') {
  return {
    total_installs: {
      kind: 'integer',
      sql: `SELECT count(*) FROM ${table} i WHERE i.${key} = t.id`,
      sortable: true,
    },
    active_installs: {
      kind: 'integer',
      sql: `SELECT count(*) FROM ${table} i WHERE i.${key} = t.id AND i.active`,
      sortable: true,
    },
    inactive_installs: {
      kind: 'integer',
      sql: `SELECT count(*) FROM ${table} i WHERE i.${key} = t.id AND NOT i.active`,
    },
    updates_available: {
      kind: 'integer',
      sql: `SELECT count(*) FROM ${table} i WHERE i.${key} = t.id AND i.update_version IS NOT NULL`,
      sortable: true,
    },
  } as const;
}

/** The website a fleet record belongs to, for lists that show it beside the record. */
export const websiteHostname = {
  website_hostname: {
    kind: 'string',
    sql: 'SELECT w.hostname FROM websites w WHERE w.id = t.website_id',
    sortable: true,
  },
} as const;

export const wpSitesResource = defineServerResource({
  spec: resources.wpSites,
  table: 'wp_sites',
  computed: { ...websiteHostname },
});

export const pluginsResource = defineServerResource<typeof resources.plugins.fields, AppDeps>({
  spec: resources.plugins,
  computed: installCounts('installed_plugins', 'plugin_id'),
  actions: registerPluginActions,
});

export const installedPluginsResource = defineServerResource({
  spec: resources.installedPlugins,
  table: 'installed_plugins',
  computed: {
    ...websiteHostname,
    plugin_name: { kind: 'string', sql: 'SELECT p.name FROM plugins p WHERE p.id = t.plugin_id' },
  },
});

export const themesResource = defineServerResource({
  spec: resources.themes,
  computed: installCounts('installed_themes', 'theme_id'),
});

export const installedThemesResource = defineServerResource({
  spec: resources.installedThemes,
  table: 'installed_themes',
  computed: {
    ...websiteHostname,
    theme_name: { kind: 'string', sql: 'SELECT h.name FROM themes h WHERE h.id = t.theme_id' },
  },
});

export const wpUsersResource = defineServerResource({
  spec: resources.wpUsers,
  table: 'wp_users',
  computed: { ...websiteHostname },
});

export const postsResource = defineServerResource({
  spec: resources.posts,
  computed: {
    ...websiteHostname,
    website_domain_rating: {
      kind: 'integer',
      sql: 'SELECT w.domain_rating FROM websites w WHERE w.id = t.website_id',
      sortable: true,
    },
  },
  customFilters: {
    exclude_type: (value, params) =>
      typeof value === 'string' && value ? `t.type <> ${params.add(value)}` : null,
  },
});

export const sitemapsResource = defineServerResource({
  spec: resources.sitemaps,
  computed: { ...websiteHostname },
});

/**
 * Public products limited: the websites table seen through a narrow declaration (hostname, name, type,
 * market) for roles that may open a site's admin but not read its record. The console lists the sites with
 * a WordPress connection (the `connected` filter); a row opens the one-click admin login.
 */
export const publicProductsLimitedResource = defineServerResource({
  spec: resources.publicProductsLimited,
  table: 'websites',
  computed: {
    core_version: {
      kind: 'string',
      sql: 'SELECT s.core_version FROM wp_sites s WHERE s.website_id = t.id',
    },
    connected: {
      kind: 'boolean',
      sql: 'SELECT EXISTS (SELECT 1 FROM wp_sites s WHERE s.website_id = t.id)',
    },
  },
  customFilters: {
    connected: (value) =>
      typeof value === 'boolean'
        ? `${value ? '' : 'NOT '}EXISTS (SELECT 1 FROM wp_sites s WHERE s.website_id = t.id)`
        : null,
  },
});
