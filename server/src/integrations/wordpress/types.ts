/** What a site needs to be called: its address and the Application Password of a `manage_options` user. */
export interface WordPressConnection {
  /** The site's address (`https://example.com`, `http://127.0.0.1:8089/blog`). */
  url: string;
  username: string;
  applicationPassword: string;
  /** The REST root found by discovery (`{site}/wp-json/` or `{site}/?rest_route=/`); skips discovery. */
  apiRoot?: string | null;
  /** Whether the companion was found at the last discovery; with apiRoot it spares another discovery. */
  companion?: boolean | null;
}

export interface WpDiscovery {
  apiRoot: string;
  namespaces: string[];
  /** `sitefleet/v1` is among the namespaces. */
  companion: boolean;
  name: string | null;
  /** The site's own address as WordPress knows it (`home`), when the root says. */
  home: string | null;
}

export interface WpUser {
  id: number;
  username: string;
  name: string;
  email: string | null;
  roles: string[];
  registeredDate: string | null;
  /** Capabilities the user has (only those granted). */
  capabilities: string[];
}

export type WpPluginStatus = 'active' | 'inactive' | 'network-active';

export interface WpPlugin {
  /** REST identifier: the plugin file without `.php` (`akismet/akismet`). */
  plugin: string;
  /** The plugin file as the companion and the update transient name it (`akismet/akismet.php`). */
  file: string;
  name: string;
  version: string;
  status: WpPluginStatus;
  author: string;
  pluginUri: string;
  description: string;
}

export interface WpTheme {
  stylesheet: string;
  template: string;
  name: string;
  version: string;
  status: 'active' | 'inactive';
  author: string;
  themeUri: string;
}

export type WpPostType = 'post' | 'page';

export interface WpPost {
  id: number;
  type: string;
  status: string;
  slug: string;
  link: string;
  title: string;
  /** `content.rendered`: what visitors see, used for statistics when the companion is missing. */
  contentHtml: string;
  excerpt: string;
  author: number;
  /** ISO timestamps in UTC. */
  date: string | null;
  modified: string | null;
}

export interface WpMedia {
  id: number;
  sourceUrl: string;
  mimeType: string;
}

export interface WpSettings {
  title: string;
  url: string;
  description: string;
}

export interface WpCompanionStatus {
  companion: string;
  siteId: string;
  home: string;
  core: { version: string; update: string | null; managedBy: string | null };
  php: string;
  database: { server: string; version: string };
  theme: { stylesheet: string; name: string; version: string } | null;
  generator: { public: string; override: string | null };
  updates: {
    plugins: { plugin: string; version: string; newVersion: string }[];
    themes: { stylesheet: string; version: string; newVersion: string }[];
  };
  sso: { keyId: string | null };
}

export interface WpGenerator {
  public: string;
  override: string | null;
}

export interface WpCoreUpdate {
  from: string;
  to: string;
}

export interface WpPluginUpdate {
  plugin: string;
  from: string;
  to: string;
}

export interface WpPluginInstall {
  plugin: string;
  version: string;
}

export interface WpPostStat {
  id: number;
  wordCount: number;
  outboundLinks: number;
}

export interface WpPostStatistics {
  /** companion: `sitefleet/v1/post-stats`; content: computed here from `content.rendered`. */
  source: 'companion' | 'content';
  items: WpPostStat[];
}

export interface WpSsoAuditEntry {
  id: number;
  at: string;
  jti: string;
  staffId: number | null;
  userLogin: string | null;
  result: 'ok' | 'refused';
  reason: string | null;
  ip: string | null;
}
