import type { AppDeps } from '../../../deps.js';
import {
  createWordPressClient,
  postStatistic,
  WordPressError,
  type WordPressClient,
  type WpCompanionStatus,
  type WpPlugin,
  type WpPost,
  type WpPostStat,
  type WpTheme,
  type WpUser,
} from '../../../integrations/wordpress/index.js';
import type { PluginSeen, PostSeen, ThemeSeen, UserSeen } from './fleet-repository.js';
import type { ConnectionRow, SiteStatus } from './site-repository.js';

/** The secret's context: the column it is sealed for (as the engine seals secret fields). */
export const PASSWORD_CONTEXT = 'wp_sites.application_password';

/**
 * A client for a stored connection: its password unsealed, its REST root and companion known. A connection
 * without a stored password (the demo portfolio's) fails here, before anything is sent to the site.
 */
export function siteClient(deps: AppDeps, conn: ConnectionRow): WordPressClient {
  if (!conn.application_password) {
    throw new WordPressError(
      'auth',
      `${conn.hostname}: no application password is stored for this connection (demo data): connect the site on its Wordpress tab`,
      { site: conn.hostname },
    );
  }
  const client = createWordPressClient(
    {
      url: conn.url,
      username: conn.username,
      applicationPassword: deps.secrets.open(conn.application_password, PASSWORD_CONTEXT),
      apiRoot: conn.api_root,
    },
    {
      fetch: deps.integrations.safeFetch,
      timeoutMs: deps.config.wordpressTimeoutMs,
      longTimeoutMs: deps.config.wordpressTimeoutMs * 10,
    },
  );
  if (conn.api_root) client.companion = conn.companion;
  return client;
}

const epoch = (iso: string | null): number | null => {
  if (!iso) return null;
  const ms = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
};

/** The plugin's slug: its folder (`akismet/akismet.php`), or the file's name for a single-file plugin. */
export function pluginSlug(file: string): string {
  const [head, tail] = file.split('/');
  return tail === undefined ? head!.replace(/\.php$/i, '') : head!;
}

export function pluginsSeen(plugins: WpPlugin[], status: WpCompanionStatus | null): PluginSeen[] {
  const updates = new Map(status?.updates.plugins.map((u) => [u.plugin, u.newVersion]) ?? []);
  return plugins.map((p) => ({
    file: p.file,
    slug: pluginSlug(p.file),
    name: p.name,
    version: p.version,
    active: p.status !== 'inactive',
    updateVersion: updates.get(p.file) ?? null,
    author: p.author,
    pluginUri: p.pluginUri,
    description: p.description,
  }));
}

export function themesSeen(themes: WpTheme[], status: WpCompanionStatus | null): ThemeSeen[] {
  const updates = new Map(status?.updates.themes.map((u) => [u.stylesheet, u.newVersion]) ?? []);
  return themes.map((t) => ({
    stylesheet: t.stylesheet,
    template: t.template,
    name: t.name,
    version: t.version,
    active: t.status === 'active',
    updateVersion: updates.get(t.stylesheet) ?? null,
    author: t.author,
    themeUri: t.themeUri,
  }));
}

export function usersSeen(users: WpUser[]): UserSeen[] {
  return users.map((u) => ({
    wpId: u.id,
    login: u.username,
    nicename: u.username.toLowerCase(),
    displayName: u.name,
    email: u.email,
    roles: u.roles,
    url: null,
    registered: epoch(u.registeredDate),
  }));
}

export function postsSeen(posts: WpPost[], stats: WpPostStat[]): PostSeen[] {
  const byId = new Map(stats.map((s) => [s.id, s]));
  return posts.map((p) => ({
    wpId: p.id,
    type: p.type,
    status: p.status,
    title: p.title,
    content: p.contentHtml,
    link: p.link,
    publishedAt: epoch(p.date),
    modifiedAt: epoch(p.modified),
    wordCount: byId.get(p.id)?.wordCount ?? null,
    outboundLinks: byId.get(p.id)?.outboundLinks ?? null,
  }));
}

/** The connection's status fields from the companion's status (or what core REST alone can tell). */
export function statusOf(
  apiRoot: string,
  status: WpCompanionStatus | null,
  plugins: PluginSeen[] | null,
): SiteStatus {
  return {
    apiRoot,
    companion: status !== null,
    companionVersion: status?.companion ?? null,
    coreVersion: status?.core.version ?? null,
    coreUpdate: status?.core.update ?? null,
    coreManagedBy: status?.core.managedBy ?? null,
    phpVersion: status?.php ?? null,
    databaseVersion: status ? `${status.database.server} ${status.database.version}`.trim() : null,
    theme: status?.theme ? `${status.theme.name} ${status.theme.version}`.trim() : null,
    generator: status?.generator.public ?? null,
    pluginUpdates: status
      ? status.updates.plugins.length
      : plugins
        ? plugins.filter((p) => p.updateVersion).length
        : null,
    themeUpdates: status ? status.updates.themes.length : null,
  };
}

/** Everything a full sync reads from one site, read in parallel. */
export async function readSite(client: WordPressClient) {
  const discovery = client.companion === null ? await client.discover() : null;
  const apiRoot = discovery?.apiRoot ?? (await client.apiRoot());
  const [status, plugins, themes, users, posts, pages] = await Promise.all([
    client.companion ? client.companionStatus() : Promise.resolve(null),
    client.plugins(),
    client.themes(),
    client.users(),
    client.posts('post'),
    client.posts('page'),
  ]);
  const all = [...posts, ...pages];
  const stats = client.companion
    ? await client.postStats()
    : all.map((p) => postStatistic(p, client.siteUrl));
  const pluginRows = pluginsSeen(plugins, status);
  return {
    status: statusOf(apiRoot, status, pluginRows),
    plugins: pluginRows,
    themes: themesSeen(themes, status),
    users: usersSeen(users),
    posts: postsSeen(all, stats),
  };
}
