import type { Queryable } from '../../../db/db.js';
import { compareVersions } from './versions.js';

/**
 * What a sync read from one site, written in the unit's transaction: one statement per table however many
 * rows the site has (a set-based upsert from a JSON array), so a thousand sites sync without a statement per
 * plugin or post. Bulk writes of read-only records the engine's CRUD does not offer; the command announces
 * them with `engine.changed` after its commit.
 */

export interface PluginSeen {
  file: string;
  slug: string;
  name: string;
  version: string;
  active: boolean;
  updateVersion: string | null;
  author: string;
  pluginUri: string;
  description: string;
}

export interface ThemeSeen {
  stylesheet: string;
  template: string;
  name: string;
  version: string;
  active: boolean;
  updateVersion: string | null;
  author: string;
  themeUri: string;
}

export interface UserSeen {
  wpId: number;
  login: string;
  nicename: string;
  displayName: string;
  email: string | null;
  roles: string[];
  url: string | null;
  registered: number | null;
}

export interface PostSeen {
  wpId: number;
  type: string;
  status: string;
  title: string;
  content: string;
  link: string;
  publishedAt: number | null;
  modifiedAt: number | null;
  wordCount: number | null;
  outboundLinks: number | null;
}

export interface PostStat {
  wpId: number;
  wordCount: number;
  outboundLinks: number;
}

export interface SitemapSeen {
  url: string;
  kind: 'index' | 'urlset' | null;
  urlCount: number | null;
  status: number | null;
  error: string | null;
  lastModified: number | null;
}

const json = (rows: unknown[]) => JSON.stringify(rows);

/** The newest of the versions given (null when none). */
function newest(...versions: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const v of versions) if (v && (best === null || compareVersions(v, best) > 0)) best = v;
  return best;
}

/**
 * Catalogue ids for the slugs seen, creating the records of slugs never seen before (a slug merged into
 * another plugin resolves to that plugin), and raising each record's latest version to the newest seen.
 */
async function catalogueIds(
  tx: Queryable,
  table: 'plugins' | 'themes',
  seen: {
    slug: string;
    name: string;
    latest: string | null;
    uri: string;
    author: string;
    description: string;
  }[],
): Promise<Map<string, number>> {
  const aliases =
    table === 'plugins' ? 'OR lower(x.slug) = ANY (SELECT lower(s) FROM unnest(c.other_slugs) s)' : '';
  const uriColumn = table === 'plugins' ? 'plugin_uri' : 'theme_uri';
  await tx.query(
    `INSERT INTO ${table} (name, slug, ${uriColumn}, author_name, description, latest_version)
     SELECT x.name, x.slug, NULLIF(x.uri, ''), NULLIF(x.author, ''), NULLIF(x.description, ''), x.latest
     FROM jsonb_to_recordset($1::jsonb) AS x(name text, slug text, uri text, author text, description text, latest text)
     WHERE NOT EXISTS (SELECT 1 FROM ${table} c WHERE lower(c.slug) = lower(x.slug) ${aliases})
     ON CONFLICT DO NOTHING`,
    [json(seen)],
  );
  const found = await tx.query<{ id: number; slug: string; latest_version: string | null; seen: string }>(
    `SELECT c.id, c.slug, c.latest_version, x.slug AS seen
     FROM jsonb_to_recordset($1::jsonb) AS x(slug text)
     JOIN ${table} c ON lower(c.slug) = lower(x.slug) ${aliases}`,
    [json(seen.map((s) => ({ slug: s.slug })))],
  );
  const ids = new Map<string, number>();
  const raise: { id: number; latest: string }[] = [];
  const latestSeen = new Map(seen.map((s) => [s.slug.toLowerCase(), s.latest]));
  for (const row of found.rows) {
    const key = row.seen.toLowerCase();
    if (ids.has(key)) continue;
    ids.set(key, Number(row.id));
    const latest = newest(row.latest_version, latestSeen.get(key));
    if (latest && latest !== row.latest_version) raise.push({ id: Number(row.id), latest });
  }
  if (raise.length) {
    await tx.query(
      `UPDATE ${table} c SET latest_version = x.latest, updated_at = epoch_now(), version = c.version + 1
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, latest text) WHERE c.id = x.id`,
      [json(raise)],
    );
  }
  return ids;
}

export async function savePlugins(
  tx: Queryable,
  websiteId: number,
  seen: PluginSeen[],
  at: number,
): Promise<void> {
  const ids = await catalogueIds(
    tx,
    'plugins',
    seen.map((p) => ({
      slug: p.slug,
      name: p.name || p.slug,
      latest: newest(p.version, p.updateVersion),
      uri: p.pluginUri,
      author: p.author,
      description: p.description.slice(0, 20_000),
    })),
  );
  const rows = seen.map((p) => ({
    plugin_id: ids.get(p.slug.toLowerCase()),
    plugin_file: p.file,
    installed_version: p.version || null,
    active: p.active,
    update_version: p.updateVersion,
  }));
  await tx.query(
    `INSERT INTO installed_plugins (plugin_id, website_id, plugin_file, installed_version, active, update_version, synced_at)
     SELECT x.plugin_id, $2, x.plugin_file, x.installed_version, x.active, x.update_version, $3
     FROM jsonb_to_recordset($1::jsonb) AS x(plugin_id bigint, plugin_file text, installed_version text, active boolean, update_version text)
     ON CONFLICT (website_id, plugin_file) DO UPDATE SET plugin_id = EXCLUDED.plugin_id,
       installed_version = EXCLUDED.installed_version, active = EXCLUDED.active,
       update_version = EXCLUDED.update_version, synced_at = EXCLUDED.synced_at,
       updated_at = epoch_now(), version = installed_plugins.version + 1`,
    [json(rows), websiteId, at],
  );
  await tx.query(
    `DELETE FROM installed_plugins WHERE website_id = $1 AND NOT (plugin_file = ANY ($2::text[]))`,
    [websiteId, seen.map((p) => p.file)],
  );
}

export async function saveThemes(
  tx: Queryable,
  websiteId: number,
  seen: ThemeSeen[],
  at: number,
): Promise<void> {
  const ids = await catalogueIds(
    tx,
    'themes',
    seen.map((t) => ({
      slug: t.stylesheet,
      name: t.name || t.stylesheet,
      latest: newest(t.version, t.updateVersion),
      uri: t.themeUri,
      author: t.author,
      description: '',
    })),
  );
  const rows = seen.map((t) => ({
    theme_id: ids.get(t.stylesheet.toLowerCase()),
    stylesheet: t.stylesheet,
    installed_version: t.version || null,
    active: t.active,
    update_version: t.updateVersion,
  }));
  await tx.query(
    `INSERT INTO installed_themes (theme_id, website_id, stylesheet, installed_version, active, update_version, synced_at)
     SELECT x.theme_id, $2, x.stylesheet, x.installed_version, x.active, x.update_version, $3
     FROM jsonb_to_recordset($1::jsonb) AS x(theme_id bigint, stylesheet text, installed_version text, active boolean, update_version text)
     ON CONFLICT (website_id, stylesheet) DO UPDATE SET theme_id = EXCLUDED.theme_id,
       installed_version = EXCLUDED.installed_version, active = EXCLUDED.active,
       update_version = EXCLUDED.update_version, synced_at = EXCLUDED.synced_at,
       updated_at = epoch_now(), version = installed_themes.version + 1`,
    [json(rows), websiteId, at],
  );
  await tx.query(
    `DELETE FROM installed_themes WHERE website_id = $1 AND NOT (stylesheet = ANY ($2::text[]))`,
    [websiteId, seen.map((t) => t.stylesheet)],
  );
}

/** The site's users; a `sitefleet-{id}` login is linked to that staff member (one-click login's users). */
export async function saveUsers(tx: Queryable, websiteId: number, seen: UserSeen[]): Promise<void> {
  const rows = seen.map((u) => ({
    wp_id: u.wpId,
    user_login: u.login,
    user_nicename: u.nicename,
    display_name: u.displayName,
    user_email: u.email,
    roles: u.roles,
    user_url: u.url,
    user_registered: u.registered,
    staff: /^sitefleet-([1-9][0-9]{0,15})$/.exec(u.login)?.[1] ?? null,
  }));
  await tx.query(
    `INSERT INTO wp_users (website_id, wp_id, user_login, user_nicename, display_name, user_email, roles,
       user_url, user_registered, user_status, staff_user_id)
     SELECT $2, x.wp_id, x.user_login, x.user_nicename, x.display_name, x.user_email,
       ARRAY(SELECT jsonb_array_elements_text(x.roles)), x.user_url, x.user_registered, 0,
       (SELECT u.id FROM users u WHERE u.id = x.staff::bigint)
     FROM jsonb_to_recordset($1::jsonb) AS x(wp_id bigint, user_login text, user_nicename text,
       display_name text, user_email text, roles jsonb, user_url text, user_registered bigint, staff text)
     ON CONFLICT (website_id, lower(user_login)) DO UPDATE SET wp_id = EXCLUDED.wp_id,
       user_nicename = EXCLUDED.user_nicename, display_name = EXCLUDED.display_name,
       user_email = EXCLUDED.user_email, roles = EXCLUDED.roles, user_url = EXCLUDED.user_url,
       user_registered = EXCLUDED.user_registered, staff_user_id = EXCLUDED.staff_user_id,
       updated_at = epoch_now(), version = wp_users.version + 1`,
    [json(rows), websiteId],
  );
  await tx.query(
    `DELETE FROM wp_users WHERE website_id = $1 AND NOT (lower(user_login) = ANY ($2::text[]))`,
    [websiteId, seen.map((u) => u.login.toLowerCase())],
  );
}

/** Posts and pages of the site; `complete` (a full read) also removes the posts the site no longer has. */
export async function savePosts(
  tx: Queryable,
  websiteId: number,
  seen: PostSeen[],
  complete: boolean,
): Promise<void> {
  const rows = seen.map((p) => ({
    wp_id: p.wpId,
    type: p.type,
    status: p.status,
    title: p.title.slice(0, 1000),
    content: p.content.slice(0, 1_000_000),
    link: p.link,
    published_at: p.publishedAt,
    modified_at: p.modifiedAt,
    word_count: p.wordCount,
    outbound_links: p.outboundLinks,
  }));
  // A site with thousands of posts is written in slices, so no single parameter grows without bound.
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.query(
      `INSERT INTO posts (website_id, wp_id, type, status, title, content, link, published_at, modified_at,
         word_count, outbound_links)
       SELECT $2, x.wp_id, x.type, x.status, x.title, x.content, x.link, x.published_at, x.modified_at,
         x.word_count, x.outbound_links
       FROM jsonb_to_recordset($1::jsonb) AS x(wp_id bigint, type text, status text, title text, content text,
         link text, published_at bigint, modified_at bigint, word_count integer, outbound_links integer)
       ON CONFLICT (website_id, wp_id) DO UPDATE SET type = EXCLUDED.type, status = EXCLUDED.status,
         title = EXCLUDED.title, content = EXCLUDED.content, link = EXCLUDED.link,
         published_at = EXCLUDED.published_at, modified_at = EXCLUDED.modified_at,
         word_count = COALESCE(EXCLUDED.word_count, posts.word_count),
         outbound_links = COALESCE(EXCLUDED.outbound_links, posts.outbound_links),
         updated_at = epoch_now(), version = posts.version + 1
       WHERE (posts.type, posts.status, posts.title, posts.content, posts.link, posts.modified_at,
              posts.word_count, posts.outbound_links)
         IS DISTINCT FROM (EXCLUDED.type, EXCLUDED.status, EXCLUDED.title, EXCLUDED.content, EXCLUDED.link,
              EXCLUDED.modified_at, COALESCE(EXCLUDED.word_count, posts.word_count),
              COALESCE(EXCLUDED.outbound_links, posts.outbound_links))`,
      [json(rows.slice(i, i + 1000)), websiteId],
    );
  }
  if (complete) {
    await tx.query(`DELETE FROM posts WHERE website_id = $1 AND NOT (wp_id = ANY ($2::bigint[]))`, [
      websiteId,
      seen.map((p) => p.wpId),
    ]);
  }
}

/** Word counts and outbound links of the site's posts (update-statistics, refresh-outbound-links). */
export async function saveStatistics(
  tx: Queryable,
  websiteId: number,
  stats: PostStat[],
  only: 'all' | 'links',
): Promise<number> {
  const r = await tx.query(
    `UPDATE posts p SET ${only === 'all' ? 'word_count = x.word_count,' : ''} outbound_links = x.outbound_links,
       updated_at = epoch_now(), version = p.version + 1
     FROM jsonb_to_recordset($1::jsonb) AS x(wp_id bigint, word_count integer, outbound_links integer)
     WHERE p.website_id = $2 AND p.wp_id = x.wp_id
       AND (p.word_count, p.outbound_links) IS DISTINCT FROM
           (${only === 'all' ? 'x.word_count' : 'p.word_count'}, x.outbound_links)`,
    [
      json(stats.map((s) => ({ wp_id: s.wpId, word_count: s.wordCount, outbound_links: s.outboundLinks }))),
      websiteId,
    ],
  );
  return r.rowCount ?? 0;
}

/** The sitemaps the site publishes now; sitemaps no longer found are removed. */
export async function saveSitemaps(
  tx: Queryable,
  websiteId: number,
  seen: SitemapSeen[],
  at: number,
): Promise<void> {
  const rows = seen.map((s) => ({
    url: s.url,
    kind: s.kind,
    url_count: s.urlCount,
    status: s.status,
    error: s.error?.slice(0, 500) ?? null,
    last_modified: s.lastModified,
  }));
  await tx.query(
    `INSERT INTO sitemaps (website_id, url, kind, url_count, status, error, last_modified, checked_at)
     SELECT $2, x.url, x.kind, x.url_count, x.status, x.error, x.last_modified, $3
     FROM jsonb_to_recordset($1::jsonb) AS x(url text, kind text, url_count integer, status integer, error text,
       last_modified bigint)
     ON CONFLICT (website_id, url) DO UPDATE SET kind = EXCLUDED.kind, url_count = EXCLUDED.url_count,
       status = EXCLUDED.status, error = EXCLUDED.error, last_modified = EXCLUDED.last_modified,
       checked_at = EXCLUDED.checked_at, updated_at = epoch_now(), version = sitemaps.version + 1`,
    [json(rows), websiteId, at],
  );
  await tx.query(`DELETE FROM sitemaps WHERE website_id = $1 AND NOT (url = ANY ($2::text[]))`, [
    websiteId,
    seen.map((s) => s.url),
  ]);
}
