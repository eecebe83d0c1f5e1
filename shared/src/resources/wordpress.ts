import { MARKETS, WEBSITE_TYPES } from '../constants.js';
import { defineResource } from '../fields.js';

/** How a WordPress connection stands: verified and synced, failing, or never synced since connecting. */
export const WP_CONNECTION_STATES = ['connected', 'error', 'pending'] as const;
/** Post types Sitefleet reads: posts, pages, and the media library's attachments. */
export const WP_POST_TYPES = ['post', 'page', 'attachment'] as const;
export const WP_POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'inherit'] as const;
/** What a plugin bulk action does on each chosen site (one command, a result per site). */
export const PLUGIN_OPERATIONS = ['install', 'activate', 'deactivate', 'update', 'delete'] as const;
export type PluginOperation = (typeof PLUGIN_OPERATIONS)[number];

/**
 * A website's WordPress connection (SPEC §2.5 Wordpress tab): the REST credentials, sealed, and what the
 * last sync read. Written by the connect action and the sync commands, never by a plain form.
 */
export const wpSites = defineResource({
  name: 'wp-sites',
  service: 'dms',
  path: 'dms/api/v1/wp-sites',
  label: 'WordPress connections',
  titleField: 'url',
  defaultSort: { field: 'url', order: 'ASC' },
  operations: { create: false, update: false },
  columns: ['website_id', 'url', 'state', 'core_version', 'plugin_updates', 'last_sync_at'],
  fields: {
    website_id: {
      kind: 'reference',
      reference: 'websites',
      label: 'Website',
      required: true,
      unique: true,
      filter: 'eq',
    },
    url: { kind: 'string', format: 'url', required: true, maxLength: 2048, filter: 'search', sortable: true },
    username: { kind: 'string', required: true, maxLength: 60 },
    application_password: { kind: 'secret', label: 'Application password' },
    api_root: { kind: 'string', readOnly: true, label: 'REST root' },
    companion: { kind: 'boolean', readOnly: true, label: 'Companion installed', filter: 'eq' },
    companion_version: { kind: 'string', readOnly: true },
    state: {
      kind: 'enum',
      values: WP_CONNECTION_STATES,
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    last_error: { kind: 'text', readOnly: true },
    core_version: { kind: 'string', readOnly: true, label: 'WordPress', filter: 'search', sortable: true },
    core_update: { kind: 'string', readOnly: true, label: 'Core update available' },
    core_managed_by: { kind: 'string', readOnly: true, label: 'Core managed by' },
    php_version: { kind: 'string', readOnly: true, label: 'PHP', sortable: true },
    database_version: { kind: 'string', readOnly: true, label: 'Database' },
    theme: { kind: 'string', readOnly: true, label: 'Active theme' },
    generator: { kind: 'string', readOnly: true, label: 'Public generator version' },
    plugin_updates: {
      kind: 'integer',
      readOnly: true,
      label: 'Plugin updates',
      sortable: true,
      filter: 'range',
    },
    theme_updates: { kind: 'integer', readOnly: true, label: 'Theme updates', sortable: true },
    last_sync_at: { kind: 'timestamp', readOnly: true, label: 'Last sync', sortable: true, filter: 'range' },
  },
});

const urlField = { kind: 'string', format: 'url', maxLength: 2048 } as const;

/** A plugin of the fleet (SPEC §3 Plugin): one record per slug, installs counted over the sites. */
export const plugins = defineResource({
  name: 'plugins',
  service: 'dms',
  path: 'dms/api/v1/plugins',
  label: 'Plugins',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    title: { kind: 'string', maxLength: 200, searchable: true },
    slug: {
      kind: 'string',
      required: true,
      unique: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    auto_update: { kind: 'boolean', label: 'Auto-update', filter: 'eq' },
    source: { ...urlField, label: 'Source (zip URL)' },
    public: { kind: 'boolean', label: 'Public (wordpress.org)', filter: 'eq' },
    plugin_uri: { ...urlField, label: 'Plugin URI' },
    description: { kind: 'text', maxLength: 20_000, searchable: true },
    author: { kind: 'string', maxLength: 200, filter: 'search' },
    author_uri: { ...urlField, label: 'Author URI' },
    author_name: { kind: 'string', maxLength: 200, filter: 'search', sortable: true },
    text_domain: { kind: 'string', maxLength: 200 },
    latest_version: { kind: 'string', maxLength: 40, label: 'Latest version', sortable: true },
    other_slugs: { kind: 'strings', readOnly: true, label: 'Merged slugs', filter: 'eq' },
  },
});

/** A plugin on a site, as the last sync read it (menu-only list; the plugin's Installs tab). */
export const installedPlugins = defineResource({
  name: 'installed-plugins',
  service: 'dms',
  path: 'dms/api/v1/installed-plugins',
  label: 'Installed plugins',
  titleField: 'plugin_file',
  defaultSort: { field: 'plugin_file', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  columns: ['plugin_id', 'website_id', 'installed_version', 'active', 'update_version', 'synced_at'],
  fields: {
    plugin_id: { kind: 'reference', reference: 'plugins', label: 'Plugin', required: true, filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    plugin_file: { kind: 'string', required: true, maxLength: 300, filter: 'search', sortable: true },
    installed_version: { kind: 'string', label: 'Version', maxLength: 40, sortable: true },
    active: { kind: 'boolean', filter: 'eq', sortable: true },
    update_version: { kind: 'string', maxLength: 40, label: 'Update available', filter: 'null' },
    auto_update: { kind: 'boolean', label: 'Auto-update', filter: 'eq' },
    synced_at: { kind: 'timestamp', label: 'Synced', sortable: true },
  },
});

/** A theme of the fleet (SPEC §3 Theme), read-only: the sync keeps it. */
export const themes = defineResource({
  name: 'themes',
  service: 'dms',
  path: 'dms/api/v1/themes',
  label: 'Themes',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  fields: {
    name: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    slug: {
      kind: 'string',
      label: 'Stylesheet',
      required: true,
      unique: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    template: { kind: 'string', label: 'Parent theme', maxLength: 200 },
    theme_uri: { ...urlField, label: 'Theme URI' },
    description: { kind: 'text', maxLength: 20_000 },
    author_name: { kind: 'string', maxLength: 200, filter: 'search', sortable: true },
    author_uri: { ...urlField, label: 'Author URI' },
    text_domain: { kind: 'string', maxLength: 200 },
    latest_version: { kind: 'string', maxLength: 40, label: 'Latest version', sortable: true },
  },
});

/** A theme on a site (the theme's Installs tab). */
export const installedThemes = defineResource({
  name: 'installed-themes',
  service: 'dms',
  path: 'dms/api/v1/installed-themes',
  label: 'Installed themes',
  titleField: 'stylesheet',
  defaultSort: { field: 'stylesheet', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  columns: ['theme_id', 'website_id', 'installed_version', 'active', 'update_version', 'synced_at'],
  fields: {
    theme_id: { kind: 'reference', reference: 'themes', label: 'Theme', required: true, filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    stylesheet: { kind: 'string', required: true, maxLength: 200, filter: 'search', sortable: true },
    installed_version: { kind: 'string', label: 'Version', maxLength: 40, sortable: true },
    active: { kind: 'boolean', filter: 'eq', sortable: true },
    update_version: { kind: 'string', maxLength: 40, label: 'Update available', filter: 'null' },
    synced_at: { kind: 'timestamp', label: 'Synced', sortable: true },
  },
});

/** A WordPress user of a site (SPEC §3 WP user), as the last sync read it. */
export const wpUsers = defineResource({
  name: 'wp-users',
  service: 'dms',
  path: 'dms/api/v1/wp-users',
  label: 'WP Users',
  titleField: 'user_login',
  defaultSort: { field: 'user_login', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  columns: [
    'user_login',
    'user_nicename',
    'display_name',
    'user_email',
    'roles',
    'user_url',
    'user_registered',
    'user_activation_key',
    'user_status',
    'website_id',
  ],
  fields: {
    user_login: {
      kind: 'string',
      required: true,
      maxLength: 60,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    user_nicename: { kind: 'string', maxLength: 50, filter: 'search', sortable: true },
    display_name: { kind: 'string', maxLength: 250, filter: 'search', sortable: true, searchable: true },
    user_email: { kind: 'string', maxLength: 100, filter: 'search', sortable: true, searchable: true },
    roles: { kind: 'strings', maxLength: 60, filter: 'eq' },
    user_url: { kind: 'string', maxLength: 100 },
    user_registered: { kind: 'timestamp', label: 'Registered', sortable: true, filter: 'range' },
    user_activation_key: { kind: 'secret', label: 'Activation key' },
    user_status: { kind: 'integer', label: 'Status', filter: 'eq' },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    wp_id: { kind: 'integer', label: 'WordPress ID' },
    staff_user_id: {
      kind: 'reference',
      reference: 'users',
      label: 'Staff member (one-click login)',
      filter: 'eq',
    },
  },
});

/** A post, page or attachment of a site (SPEC §3 Post). */
export const posts = defineResource({
  name: 'posts',
  service: 'dms',
  path: 'dms/api/v1/posts',
  label: 'Posts',
  titleField: 'title',
  defaultSort: { field: 'modified_at', order: 'DESC' },
  operations: { create: false, update: false, delete: false },
  // The console lists posts and pages, leaving attachments out, until the list is filtered by type.
  customFilters: { exclude_type: { value: 'enum', values: WP_POST_TYPES, label: 'Not of type' } },
  fields: {
    title: { kind: 'string', maxLength: 1000, filter: 'search', sortable: true, searchable: true },
    content: { kind: 'text', maxLength: 1_000_000 },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    wp_id: { kind: 'integer', label: 'WordPress ID' },
    type: { kind: 'enum', values: WP_POST_TYPES, filter: 'eq', sortable: true },
    status: { kind: 'enum', values: WP_POST_STATUSES, filter: 'eq', sortable: true },
    link: { ...urlField, label: 'Link' },
    word_count: { kind: 'integer', label: 'Words', sortable: true, filter: 'range' },
    outbound_links: { kind: 'integer', label: 'Outbound links', sortable: true, filter: 'range' },
    published_at: { kind: 'timestamp', label: 'Published', sortable: true, filter: 'range' },
    modified_at: { kind: 'timestamp', label: 'Modified', sortable: true, filter: 'range' },
  },
});

/** A sitemap a site publishes, as update-sitemap last read it (menu-only list). */
export const sitemaps = defineResource({
  name: 'sitemaps',
  service: 'dms',
  path: 'dms/api/v1/sitemaps',
  label: 'Sitemaps',
  titleField: 'url',
  defaultSort: { field: 'url', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  columns: ['url', 'website_id', 'kind', 'url_count', 'status', 'last_modified', 'checked_at'],
  fields: {
    url: { ...urlField, required: true, filter: 'search', sortable: true, searchable: true },
    website_id: { kind: 'reference', reference: 'websites', label: 'Website', required: true, filter: 'eq' },
    kind: { kind: 'enum', values: ['index', 'urlset'], filter: 'eq' },
    url_count: { kind: 'integer', label: 'URLs', sortable: true },
    status: { kind: 'integer', label: 'HTTP status', filter: 'eq' },
    error: { kind: 'string', maxLength: 500 },
    last_modified: { kind: 'timestamp', label: 'Last modified', sortable: true },
    checked_at: { kind: 'timestamp', label: 'Checked', sortable: true },
  },
});

/**
 * Public products limited (SPEC §2.5): the sites staff may open the admin of, with only what a limited role
 * needs to pick one. A row opens that site's one-click admin login.
 */
export const publicProductsLimited = defineResource({
  name: 'public-products-limited',
  service: 'dms',
  path: 'dms/api/v1/public-products-limited',
  label: 'Public products',
  titleField: 'hostname',
  defaultSort: { field: 'hostname', order: 'ASC' },
  operations: { create: false, update: false, delete: false },
  customFilters: { connected: { value: 'boolean', label: 'WordPress connected' } },
  fields: {
    hostname: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    url: { kind: 'string', format: 'url', readOnly: true },
    friendly_name: { kind: 'string', readOnly: true, filter: 'search', sortable: true, searchable: true },
    type: { kind: 'enum', values: WEBSITE_TYPES, readOnly: true, filter: 'eq', sortable: true },
    target_market: { kind: 'enum', values: MARKETS, readOnly: true, filter: 'eq', sortable: true },
  },
});
