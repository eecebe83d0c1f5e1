import type { Queryable } from '../../../db/db.js';
import type { WriteSet } from '../../../db/write-set.js';
import { compareVersions } from './versions.js';

/**
 * What a sync read from one site, written as one statement (a WriteSet: a set-based upsert per table from a
 * JSON array, however many rows the site has), so a thousand sites sync without a statement per plugin or
 * post, or even per table. Bulk writes of read-only records the engine's CRUD does not offer; the command announces
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

/** About the memory a site's posts take until they are written (two bytes a character, and each row's fields). */
export function postsBytes(posts: PostSeen[]): number {
  let chars = 0;
  for (const p of posts) chars += p.content.length + p.title.length + p.link.length + 100;
  return chars * 2;
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

/** The two catalogues a site's installs point into, and how each names its install rows. */
const CATALOGUES = {
  plugins: { installs: 'installed_plugins', fk: 'plugin_id', file: 'plugin_file', uri: 'plugin_uri' },
  themes: { installs: 'installed_themes', fk: 'theme_id', file: 'stylesheet', uri: 'theme_uri' },
} as const;
type CatalogueTable = keyof typeof CATALOGUES;

/** One install as a site reports it, with the catalogue record it belongs to. */
interface InstallSeen {
  /** plugin_file or stylesheet. */
  file: string;
  slug: string;
  name: string;
  version: string;
  active: boolean;
  updateVersion: string | null;
  uri: string;
  author: string;
  description: string;
}

const pluginInstall = (p: PluginSeen): InstallSeen => ({
  file: p.file,
  slug: p.slug,
  name: p.name,
  version: p.version,
  active: p.active,
  updateVersion: p.updateVersion,
  uri: p.pluginUri,
  author: p.author,
  description: p.description.slice(0, 20_000),
});

const themeInstall = (t: ThemeSeen): InstallSeen => ({
  file: t.stylesheet,
  slug: t.stylesheet,
  name: t.name,
  version: t.version,
  active: t.active,
  updateVersion: t.updateVersion,
  uri: t.themeUri,
  author: t.author,
  description: '',
});

/**
 * The catalogue records the slugs name, read before the writes (a slug merged into another plugin resolves to
 * that plugin, and an exact slug wins over an alias): one query for both catalogues.
 */
async function readCatalogues(
  db: Queryable,
  keys: Record<CatalogueTable, string[]>,
): Promise<Record<CatalogueTable, Map<string, { id: number; latest: string | null }>>> {
  const r = await db.query<{ tbl: CatalogueTable; key: string; id: number; latest_version: string | null }>(
    `(SELECT DISTINCT ON (k.key) 'plugins' AS tbl, k.key, c.id, c.latest_version
      FROM unnest($1::text[]) AS k(key)
      JOIN plugins c ON lower(c.slug) = k.key OR k.key = ANY (SELECT lower(s) FROM unnest(c.other_slugs) s)
      ORDER BY k.key, (lower(c.slug) = k.key) DESC, c.id)
     UNION ALL
     SELECT 'themes', lower(c.slug), c.id, c.latest_version FROM themes c WHERE lower(c.slug) = ANY ($2::text[])`,
    [keys.plugins, keys.themes],
    { prepare: true },
  );
  const found = { plugins: new Map(), themes: new Map() } as Record<
    CatalogueTable,
    Map<string, { id: number; latest: string | null }>
  >;
  for (const row of r.rows) found[row.tbl].set(row.key, { id: Number(row.id), latest: row.latest_version });
  return found;
}

/**
 * Adds a catalogue's and its installs' writes for one site: records for slugs never seen before, each
 * record's latest version raised to the newest seen, the site's installs upserted and the ones it no longer
 * has removed.
 */
function addInstalls(
  w: WriteSet,
  table: CatalogueTable,
  websiteId: string,
  seen: InstallSeen[],
  known: Map<string, { id: number; latest: string | null }>,
  at: string,
): void {
  const { installs, fk, file, uri } = CATALOGUES[table];
  const bySlug = new Map<string, InstallSeen & { latest: string | null }>();
  for (const s of seen) {
    const key = s.slug.toLowerCase();
    const before = bySlug.get(key);
    const latest = newest(before?.latest, s.version, s.updateVersion);
    bySlug.set(key, { ...(before ?? s), latest });
  }
  const fresh = [...bySlug].filter(([key]) => !known.has(key));
  const raise = [...bySlug].flatMap(([key, s]) => {
    const k = known.get(key);
    const latest = k ? newest(k.latest, s.latest) : null;
    return k && latest && latest !== k.latest ? [{ id: k.id, latest, was: k.latest }] : [];
  });
  // A slug another site's sync creates meanwhile meets its record through the unique index (DO UPDATE
  // returns it, where DO NOTHING would return nothing).
  const created = fresh.length
    ? w.add(
        `INSERT INTO ${table} (name, slug, ${uri}, author_name, description, latest_version)
         SELECT x.name, x.slug, NULLIF(x.uri, ''), NULLIF(x.author, ''), NULLIF(x.description, ''), x.latest
         FROM jsonb_to_recordset(${w.param(json(fresh.map(([, s]) => ({ name: s.name || s.slug, slug: s.slug, uri: s.uri, author: s.author, description: s.description, latest: s.latest }))))}::jsonb)
           AS x(name text, slug text, uri text, author text, description text, latest text)
         ON CONFLICT ((lower(slug))) DO UPDATE SET slug = ${table}.slug
         RETURNING id, lower(slug) AS key`,
      )
    : null;
  if (raise.length)
    // Raised only if no one changed it since it was read (a concurrent raise wins).
    w.add(
      `UPDATE ${table} c SET latest_version = x.latest, updated_at = epoch_now(), version = c.version + 1
       FROM jsonb_to_recordset(${w.param(json(raise))}::jsonb) AS x(id bigint, latest text, was text)
       WHERE c.id = x.id AND c.latest_version IS NOT DISTINCT FROM x.was`,
    );
  const rows = seen.map((s) => ({
    id: known.get(s.slug.toLowerCase())?.id ?? null,
    key: s.slug.toLowerCase(),
    file: s.file,
    installed_version: s.version || null,
    active: s.active,
    update_version: s.updateVersion,
  }));
  const newId = created ? `(SELECT n.id FROM ${created} n WHERE n.key = x.key)` : 'NULL';
  w.add(
    `INSERT INTO ${installs} (${fk}, website_id, ${file}, installed_version, active, update_version, synced_at)
     SELECT COALESCE(x.id, ${newId}), ${websiteId}, x.file, x.installed_version, x.active, x.update_version, ${at}
     FROM jsonb_to_recordset(${w.param(json(rows))}::jsonb)
       AS x(id bigint, key text, file text, installed_version text, active boolean, update_version text)
     ON CONFLICT (website_id, ${file}) DO UPDATE SET ${fk} = EXCLUDED.${fk},
       installed_version = EXCLUDED.installed_version, active = EXCLUDED.active,
       update_version = EXCLUDED.update_version, synced_at = EXCLUDED.synced_at,
       updated_at = epoch_now(), version = ${installs}.version + 1`,
  );
  w.add(
    `DELETE FROM ${installs} WHERE website_id = ${websiteId}
       AND NOT (${file} = ANY (${w.param(seen.map((s) => s.file))}::text[]))`,
  );
}

/** A site's plugins and themes as it reports them (either may be left out): one catalogue read, then writes. */
export async function saveInstalls(
  w: WriteSet,
  db: Queryable,
  websiteId: number,
  seen: { plugins?: PluginSeen[]; themes?: ThemeSeen[] },
  at: number,
): Promise<void> {
  const plugins = seen.plugins?.map(pluginInstall);
  const themes = seen.themes?.map(themeInstall);
  const keys = (list?: InstallSeen[]) => [...new Set((list ?? []).map((s) => s.slug.toLowerCase()))];
  const known = await readCatalogues(db, { plugins: keys(plugins), themes: keys(themes) });
  const site = w.param(websiteId);
  const when = w.param(at);
  if (plugins) addInstalls(w, 'plugins', site, plugins, known.plugins, when);
  if (themes) addInstalls(w, 'themes', site, themes, known.themes, when);
}

/** The site's users; a `sitefleet-{id}` login is linked to that staff member (one-click login's users). */
export function saveUsers(w: WriteSet, websiteId: number, seen: UserSeen[]): void {
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
  const site = w.param(websiteId);
  w.add(
    `INSERT INTO wp_users (website_id, wp_id, user_login, user_nicename, display_name, user_email, roles,
       user_url, user_registered, user_status, staff_user_id)
     SELECT ${site}, x.wp_id, x.user_login, x.user_nicename, x.display_name, x.user_email,
       ARRAY(SELECT jsonb_array_elements_text(x.roles)), x.user_url, x.user_registered, 0,
       (SELECT u.id FROM users u WHERE u.id = x.staff::bigint)
     FROM jsonb_to_recordset(${w.param(json(rows))}::jsonb) AS x(wp_id bigint, user_login text, user_nicename text,
       display_name text, user_email text, roles jsonb, user_url text, user_registered bigint, staff text)
     ON CONFLICT (website_id, lower(user_login)) DO UPDATE SET wp_id = EXCLUDED.wp_id,
       user_nicename = EXCLUDED.user_nicename, display_name = EXCLUDED.display_name,
       user_email = EXCLUDED.user_email, roles = EXCLUDED.roles, user_url = EXCLUDED.user_url,
       user_registered = EXCLUDED.user_registered, staff_user_id = EXCLUDED.staff_user_id,
       updated_at = epoch_now(), version = wp_users.version + 1
     WHERE (wp_users.wp_id, wp_users.user_nicename, wp_users.display_name, wp_users.user_email, wp_users.roles,
            wp_users.user_url, wp_users.user_registered, wp_users.staff_user_id)
       IS DISTINCT FROM (EXCLUDED.wp_id, EXCLUDED.user_nicename, EXCLUDED.display_name, EXCLUDED.user_email,
            EXCLUDED.roles, EXCLUDED.user_url, EXCLUDED.user_registered, EXCLUDED.staff_user_id)`,
  );
  w.add(
    `DELETE FROM wp_users WHERE website_id = ${site}
       AND NOT (lower(user_login) = ANY (${w.param(seen.map((u) => u.login.toLowerCase()))}::text[]))`,
  );
}

/** Posts and pages of the site; `complete` (a full read) also removes the posts the site no longer has. */
export function savePosts(w: WriteSet, websiteId: number, seen: PostSeen[], complete: boolean): void {
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
  const site = w.param(websiteId);
  // A site with thousands of posts is written in slices, so no single parameter grows without bound.
  for (let i = 0; i < rows.length; i += 1000) {
    w.add(
      `INSERT INTO posts (website_id, wp_id, type, status, title, content, link, published_at, modified_at,
         word_count, outbound_links)
       SELECT ${site}, x.wp_id, x.type, x.status, x.title, x.content, x.link, x.published_at, x.modified_at,
         x.word_count, x.outbound_links
       FROM jsonb_to_recordset(${w.param(json(rows.slice(i, i + 1000)))}::jsonb) AS x(wp_id bigint, type text,
         status text, title text, content text, link text, published_at bigint, modified_at bigint,
         word_count integer, outbound_links integer)
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
    );
  }
  if (complete)
    w.add(
      `DELETE FROM posts WHERE website_id = ${site}
         AND NOT (wp_id = ANY (${w.param(seen.map((p) => p.wpId))}::bigint[]))`,
    );
}

/** Word counts and outbound links of the site's posts (update-statistics, refresh-outbound-links). */
export function saveStatistics(
  w: WriteSet,
  websiteId: number,
  stats: PostStat[],
  only: 'all' | 'links',
): void {
  const rows = stats.map((s) => ({
    wp_id: s.wpId,
    word_count: s.wordCount,
    outbound_links: s.outboundLinks,
  }));
  w.add(
    `UPDATE posts p SET ${only === 'all' ? 'word_count = x.word_count,' : ''} outbound_links = x.outbound_links,
       updated_at = epoch_now(), version = p.version + 1
     FROM jsonb_to_recordset(${w.param(json(rows))}::jsonb) AS x(wp_id bigint, word_count integer, outbound_links integer)
     WHERE p.website_id = ${w.param(websiteId)} AND p.wp_id = x.wp_id
       AND (p.word_count, p.outbound_links) IS DISTINCT FROM
           (${only === 'all' ? 'x.word_count' : 'p.word_count'}, x.outbound_links)`,
  );
}

/** The sitemaps the site publishes now; sitemaps no longer found are removed. */
export function saveSitemaps(w: WriteSet, websiteId: number, seen: SitemapSeen[], at: number): void {
  const rows = seen.map((s) => ({
    url: s.url,
    kind: s.kind,
    url_count: s.urlCount,
    status: s.status,
    error: s.error?.slice(0, 500) ?? null,
    last_modified: s.lastModified,
  }));
  const site = w.param(websiteId);
  w.add(
    `INSERT INTO sitemaps (website_id, url, kind, url_count, status, error, last_modified, checked_at)
     SELECT ${site}, x.url, x.kind, x.url_count, x.status, x.error, x.last_modified, ${w.param(at)}
     FROM jsonb_to_recordset(${w.param(json(rows))}::jsonb) AS x(url text, kind text, url_count integer,
       status integer, error text, last_modified bigint)
     ON CONFLICT (website_id, url) DO UPDATE SET kind = EXCLUDED.kind, url_count = EXCLUDED.url_count,
       status = EXCLUDED.status, error = EXCLUDED.error, last_modified = EXCLUDED.last_modified,
       checked_at = EXCLUDED.checked_at, updated_at = epoch_now(), version = sitemaps.version + 1`,
  );
  w.add(
    `DELETE FROM sitemaps WHERE website_id = ${site}
       AND NOT (url = ANY (${w.param(seen.map((s) => s.url))}::text[]))`,
  );
}
